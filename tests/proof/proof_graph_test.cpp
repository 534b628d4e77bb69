// A proof read into memory (solver/proof/proof_graph.h): each node's length and the main line,
// on proofs written by hand from chess reasoning alone (each one accepted by the checker, so
// that the lines asked for are lines of real proofs); and files that break the format, which
// are errors naming their line, never a crash.

#include "solver/proof/proof_graph.h"

#include <catch2/catch.hpp>
#include <random>

#include "solver/proof/proof_check.h"
#include "sample_proofs.h"
#include "temp_dir.h"

using namespace dm;
using namespace dm::proof;
using dm::test::kLongestSecond;
using dm::test::kLongestSecondRootLine;
using dm::test::kTransposition;

namespace {



std::string replaced(std::string text, std::string_view from, std::string_view to) {
  const size_t at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("proof graph: the main line takes the longest answer, not the first listed", "[proof][graph]") {
  test::TempDir dir;
  const std::string path = dir.write("longest.proof", kLongestSecond);
  REQUIRE(check_proof(path).accepted());

  const auto graph = ProofGraph::read(path);
  REQUIRE(graph);
  CHECK(graph->size() == 7);
  CHECK(graph->root() == 7);
  CHECK(graph->header().position == "8/8/6p1/3r2P1/3P4/3P4/8/8 b - -");
  CHECK(graph->header().winner == Color::White);
  const std::vector<uint32_t> lengths = {0, 1, 2, 3, 4, 0, 5};
  for (uint64_t id = 1; id <= 7; ++id) CHECK(graph->length(id) == lengths[id - 1]);
  CHECK(graph->kind(7) == NodeKind::All);
  CHECK(graph->edges(7) == 2);
  CHECK(graph->edge(7, 0).turn == "d5d4");
  CHECK(graph->main_edge(7) == 1);
  CHECK(graph->fen(6) == "8/8/6p1/6P1/3r4/3P4/8/8 w - -");
  CHECK(graph->main_line() == std::vector<std::string>{"d5g5", "d4d5", "g5d5", "d3d4", "d5d4"});
  CHECK(graph->main_line_nodes() == std::vector<uint64_t>{7, 5, 4, 3, 2, 1});

  SECTION("keeping the main line alone gives the same line") {
    const auto lean = ProofGraph::read(path, ProofGraph::Keep::MainLine, 7);
    REQUIRE(lean);
    CHECK(lean->edges(7) == 1);
    CHECK(lean->fen(6).empty());
    CHECK(lean->length(7) == 5);
    CHECK(lean->main_line() == graph->main_line());
  }
  SECTION("a wrong size hint changes nothing") {
    const auto hinted = ProofGraph::read(path, ProofGraph::Keep::MainLine, 2);
    REQUIRE(hinted);
    CHECK(hinted->main_line() == graph->main_line());
  }
}

TEST_CASE("proof graph: of equally long answers the main line takes the first listed", "[proof][graph]") {
  test::TempDir dir;
  const std::string kf8_first = dir.write("kf8.proof", kTransposition);
  const std::string kh8_first = dir.write("kh8.proof", replaced(std::string(kTransposition), "g8f8 4 g8h8 6", "g8h8 6 g8f8 4"));
  REQUIRE(check_proof(kh8_first).accepted());
  for (const auto keep : {ProofGraph::Keep::Everything, ProofGraph::Keep::MainLine}) {
    const auto kf8 = ProofGraph::read(kf8_first, keep);
    const auto kh8 = ProofGraph::read(kh8_first, keep);
    REQUIRE(kf8);
    REQUIRE(kh8);
    CHECK(kf8->length(7) == 4);
    CHECK(kf8->main_line() == std::vector<std::string>{"g8f8", "b2b3", "f8g8", "a1a8"});
    CHECK(kh8->main_line() == std::vector<std::string>{"g8h8", "b2b3", "h8g8", "a1a8"});
  }
}

TEST_CASE("proof graph: a file that breaks the format is an error naming its line", "[proof][graph]") {
  test::TempDir dir;
  const std::string good(kLongestSecond);
  const auto error_of = [&](std::string_view name, std::string_view text) {
    const auto graph = ProofGraph::read(dir.write(name, text));
    REQUIRE_FALSE(graph);
    return graph.error();
  };
  const std::string root = ":" + std::to_string(kLongestSecondRootLine) + ": ";
  CHECK_THAT(error_of("later.proof", replaced(good, "d5g5 5", "d5g5 9")),
             Catch::Contains(root + "turn d5g5 leads to node 9, which is not a node written before this one"));
  CHECK_THAT(error_of("self.proof", replaced(good, "d5g5 5", "d5g5 7")), Catch::Contains(root));
  CHECK_THAT(error_of("zero.proof", replaced(good, "d5g5 5", "d5g5 0")), Catch::Contains(root));
  CHECK_THAT(error_of("number.proof", replaced(good, "4 all", "5 all")),
             Catch::Contains(":9: node number 5, expected 4"));
  CHECK_THAT(error_of("garbage.proof", replaced(good, "3 win", "\x01\xff garbage")), Catch::Contains(":8: "));
  CHECK_THAT(error_of("kind.proof", replaced(good, "3 win", "3 won")), Catch::Contains(":8: unknown node kind 'won'"));
  CHECK_THAT(error_of("pairs.proof", replaced(good, " d5g5 5", " d5g5")), Catch::Contains(root));
  CHECK_THAT(error_of("open.proof", replaced(good, "proven 7\n", "")), Catch::Contains("incomplete"));
  CHECK_THAT(error_of("root.proof", replaced(good, "proven 7", "proven 5")), Catch::Contains(":13: the root, node 5"));
  CHECK_THAT(error_of("after.proof", good + "8 end 8/8/8/8/8/8/8/8 w - -\n"), Catch::Contains(":14: "));
  CHECK_THAT(error_of("header.proof", replaced(good, "variant antichess", "variant nosuch")),
             Catch::Contains(":2: unknown variant 'nosuch'"));
  CHECK_THAT(error_of("none.proof", "hello\n"), Catch::Contains("not a proof file"));
  CHECK_THAT(error_of("empty.proof", ""), Catch::Contains("not a proof file"));
  const auto missing = ProofGraph::read(dir.file("missing.proof"));
  REQUIRE_FALSE(missing);
  CHECK_THAT(missing.error(), Catch::Contains("missing.proof: "));
}

TEST_CASE("proof graph: garbage never crashes the reader", "[proof][graph]") {
  // Each copy has a few bytes replaced at random: it is read, or refused, and a file read has a
  // main line that ends at an end node.
  test::TempDir dir;
  std::mt19937 random(56);
  const std::string good(kLongestSecond);
  const std::string noise = "0123456789 :\n#-abcdefghkqrnbpwKQRNBP/\x01\xff";
  int read = 0;
  for (int copy = 0; copy < 2000; ++copy) {
    std::string text = good;
    const int changes = 1 + int(random() % 4);
    for (int c = 0; c < changes; ++c) text[random() % text.size()] = noise[random() % noise.size()];
    const auto graph = ProofGraph::read(dir.write("noise.proof", text), copy % 2 ? ProofGraph::Keep::MainLine
                                                                                 : ProofGraph::Keep::Everything);
    if (!graph) continue;
    ++read;
    const auto nodes = graph->main_line_nodes();
    CHECK(graph->kind(nodes.back()) == NodeKind::End);
    CHECK(nodes.size() == graph->length(graph->root()) + 1);
  }
  CHECK(read > 0);  // some changes land in FENs, which the reader leaves to the checker
}
