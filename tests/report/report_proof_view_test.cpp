// A proof shown to a reader (solver/report/proof_view.h), on the hand-written proofs of
// proof_graph_test.cpp: the main line in SAN with move numbers, the tree with every answer, a
// transposition shown once, the count of what lies below the last level, and the HTML page's
// nested <details> with a diagram per turn.

#include "solver/report/proof_view.h"

#include <catch2/catch.hpp>

#include "rules/position.h"
#include "rules/variant.h"
#include "solver/report/line_text.h"
#include "sample_proofs.h"
#include "temp_dir.h"

using namespace dm;
using namespace dm::report;
using dm::test::kLongestSecond;
using dm::test::kTransposition;

namespace {



proof::ProofGraph read(const test::TempDir& dir, std::string_view text) {
  auto graph = proof::ProofGraph::read(dir.write("shown.proof", text));
  REQUIRE(graph);
  return std::move(*graph);
}

}  // namespace

TEST_CASE("proof view: a line in UCI is written in SAN with move numbers", "[report][proof-view]") {
  Position pos;
  REQUIRE_FALSE(pos.set(*find_variant("chess"), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
  const auto line = san_line(pos, {"e7e5", "g1f3", "b8c6"});
  REQUIRE(line);
  CHECK(*line == "1...e5 2.Nf3 Nc6");
  CHECK(split_turns("d7d6,b7b5  f1b5,d1d7 ") == std::vector<std::string>{"d7d6,b7b5", "f1b5,d1d7"});
  CHECK_FALSE(san_line(pos, {"e2e4"}));  // White's move, Black to move
  CHECK_FALSE(san_line(pos, {"e7e5,d7d5"}));  // a move after the turn ended
}

TEST_CASE("proof view: show-proof's text: facts, main line, every answer, the rest counted", "[report][proof-view]") {
  test::TempDir dir;
  const proof::ProofGraph graph = read(dir, kLongestSecond);
  CHECK(proof_text(graph, {"x.proof", 4}) ==
        "proof: x.proof\n"
        "variant: antichess (stalemate=win)\n"
        "position: 8/8/6p1/3r2P1/3P4/3P4/8/8 b - -\n"
        "winner: White\n"
        "size: 7 nodes\n"
        "length: 5 turns\n"
        "main line: 1...Rxg5 2.d5 Rxd5 3.d4 Rxd4\n"
        "\n"
        "tree (4 turns):\n"
        "1...Rxd4 (stalemate, White wins)\n"
        "1...Rxg5\n"
        "  2.d5\n"
        "    2...Rxd5\n"
        "      3.d4\n"
        "        … 1 more node below\n");
  const std::string shallow = proof_text(graph, {"x.proof", 2});
  CHECK_THAT(shallow, Catch::EndsWith("1...Rxg5\n  2.d5\n    … 3 more nodes below\n"));
  CHECK_THAT(proof_text(graph, {"x.proof", 0}), Catch::EndsWith("main line: 1...Rxg5 2.d5 Rxd5 3.d4 Rxd4\n"));
}

TEST_CASE("proof view: show-proof shows a position reached twice once", "[report][proof-view]") {
  test::TempDir dir;
  const proof::ProofGraph graph = read(dir, kTransposition);
  CHECK_THAT(proof_text(graph, {"t.proof", 4}), Catch::EndsWith("main line: 1...Kf8 2.b3 Kg8 3.Ra8#\n"
                                                                  "\n"
                                                                  "tree (4 turns):\n"
                                                                  "1...Kf8\n"
                                                                  "  2.b3\n"
                                                                  "    2...Kg8\n"
                                                                  "      3.Ra8#\n"
                                                                  "1...Kh8\n"
                                                                  "  2.b3\n"
                                                                  "    2...Kg8 (see above)\n"));
  // Cut at the third turn: the node below Kg8 (after Ra8#) is counted under the first Kg8.
  CHECK_THAT(proof_text(graph, {"t.proof", 3}), Catch::EndsWith("    2...Kg8\n"
                                                                  "      … 1 more node below\n"
                                                                  "1...Kh8\n"
                                                                  "  2.b3\n"
                                                                  "    2...Kg8 (see above)\n"));
}

TEST_CASE("proof view: show-proof's page: nested details, a diagram per turn, the main line open", "[report][proof-view]") {
  test::TempDir dir;
  const proof::ProofGraph graph = read(dir, kTransposition);
  const std::string page = proof_html(graph, {"t.proof", 4});
  CHECK_THAT(page, Catch::StartsWith("<!DOCTYPE html>"));
  CHECK_THAT(page, !Catch::Contains("<script"));
  CHECK_THAT(page, Catch::Contains("<details id=\"n4\" class=\"main\" open><summary>1...Kf8</summary>"));
  CHECK_THAT(page, Catch::Contains("<details id=\"n6\"><summary>1...Kh8</summary>"));
  CHECK_THAT(page, Catch::Contains("2...Kg8 <a href=\"#n2\">(see above)</a>"));
  CHECK_THAT(page, Catch::Contains("<dt>main line</dt><dd>1...Kf8 2.b3 Kg8 3.Ra8#</dd>"));
  // The root's diagram and one per turn shown (Kf8, b3, Kg8, Ra8#, Kh8, b3), none for the
  // reference.
  size_t diagrams = 0;
  for (size_t at = page.find("<svg"); at != std::string::npos; at = page.find("<svg", at + 1)) ++diagrams;
  CHECK(diagrams == 7);
}
