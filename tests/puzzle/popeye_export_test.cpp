// Popeye export (solver/puzzle/popeye_export.h): the commands written for orthodox and variant
// problems, the options that say what Popeye's conventions leave implicit (halfduplex,
// nocastling, enpassant), the refusals, and the way back: Popeye input read by
// popeye_input.h gives the same position, stipulation and variant.

#include <catch2/catch.hpp>

#include "solver/puzzle/popeye_export.h"
#include "solver/puzzle/popeye_input.h"

using dm::puzzle::parse_puzzles;
using dm::puzzle::popeye_commands;
using dm::puzzle::popeye_file;

namespace {

// The one puzzle of an EPD line.
dm::puzzle::Puzzle puzzle_of(const std::string& line) {
  const auto file = parse_puzzles(line, "t.epd");
  REQUIRE(file.errors.empty());
  REQUIRE(file.puzzles.size() == 1);
  return file.puzzles.front();
}

std::string commands_of(const std::string& line) {
  const auto commands = popeye_commands(puzzle_of(line));
  REQUIRE(commands);
  return *commands;
}

// The first four FEN fields.
std::string position_of(const dm::Position& pos) {
  const std::string fen = pos.fen();
  size_t end = 0;
  for (int i = 0; i < 4; ++i) end = fen.find(' ', end + 1);
  return fen.substr(0, end);
}

}  // namespace

TEST_CASE("Popeye export: an orthodox direct mate", "[popeye-export]") {
  CHECK(commands_of("r3k3/8/8/8/8/8/8/4K2R w - - id \"p1\"; stip #2; author \"A. Composer\"; source \"The Problemist "
                    "1990\";") ==
        "title p1\n"
        "author A. Composer\n"
        "origin The Problemist 1990\n"
        "pieces white ke1 rh1 black ke8 ra8\n"
        "stipulation #2\n"
        "option nocastling h1a8\n");
  CHECK(commands_of("r3k3/8/8/8/8/8/8/4K2R w Kq - id \"p2\"; stip #2;") ==
        "title p2\npieces white ke1 rh1 black ke8 ra8\nstipulation #2\n");
}

TEST_CASE("Popeye export: the side to move against Popeye's default", "[popeye-export]") {
  const std::string board = "8/8/8/8/8/5K2/8/7k";
  CHECK(commands_of(board + " b - - id \"x\"; stip h#1;").find("option") == std::string::npos);
  CHECK(commands_of(board + " w - - id \"x\"; stip h#1;").ends_with("stipulation h#1\noption halfduplex\n"));
  CHECK(commands_of(board + " w - - id \"x\"; stip h#1.5;").find("option") == std::string::npos);
  CHECK(commands_of(board + " b - - id \"x\"; stip h#1.5;").ends_with("option halfduplex\n"));
  CHECK(commands_of(board + " b - - id \"x\"; stip #1;").ends_with("option halfduplex\n"));
}

TEST_CASE("Popeye export: en passant as the pawn's double step", "[popeye-export]") {
  CHECK(commands_of("4k3/8/8/8/3pP3/8/8/4K3 b - e3 id \"e\"; stip h#2;").ends_with("option enpassant e2e3e4\n"));
  CHECK(commands_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 id \"e\"; stip #2;").ends_with("option enpassant d7d6d5\n"));
}

TEST_CASE("Popeye export: variants as our conditions with their options", "[popeye-export]") {
  CHECK(commands_of("6k1/2Q5/4K3/8/8/8/8/8 w - - id \"m\"; variant marseillais; stip =1;")
            .ends_with("stipulation =1\nremark condition Marseillais is dmsolve's: Popeye does not know it and "
                       "refuses this problem; dmsolve solve reads this file\ncondition Marseillais\n"));
  CHECK(commands_of("6k1/2Q5/4K3/8/8/8/8/8 w - - id \"m\"; variant marseillais; rule ep=second; rule "
                    "no-second-move=pass; stip =1;")
            .ends_with("condition Marseillais ep=second no-second-move=pass\n"));
  CHECK(commands_of("8/8/8/8/8/8/8/k6K w - - id \"l\"; variant antichess; rule stalemate=draw; stip win1;")
            .ends_with("stipulation win1\ncondition LosingChess stalemate=draw\n"));  // Popeye's own: no remark
  const std::string mainzer = commands_of("5k5/11/11/11/11/11/11/J4K3MA w - - id \"z\"; variant mainzer; stip #1;");
  CHECK(mainzer.find("pieces white kf1 pra1 emj1 amk1 black kf8\n") != std::string::npos);
  CHECK(mainzer.ends_with("condition Mainzer\n"));
}

TEST_CASE("Popeye export: what Popeye input cannot say", "[popeye-export]") {
  const auto janus = popeye_commands(puzzle_of("4k5/10/10/10/10/10/10/4K5 w - - variant janus; stip #1;"));
  REQUIRE_FALSE(janus);
  CHECK(janus.error().find("variant 'janus' has no Popeye condition") == 0);
}

TEST_CASE("Popeye export: problems joined into one file", "[popeye-export]") {
  CHECK(popeye_file({"a\n", "b\n"}) == "beginproblem\na\n\nnextproblem\n\nb\nendproblem\n");
}

TEST_CASE("Popeye export: read back, the same problem", "[popeye-export]") {
  const char* lines[] = {
      "r3k2r/8/8/8/8/8/8/R3K2R w Kq - stip #2;",
      "4k3/8/8/8/3pP3/8/8/4K3 b - e3 stip h#2;",
      "8/8/8/8/8/5K2/8/7k w - - stip h#1;",
      "8/8/8/8/8/5K2/8/7k b - - stip h=1.5;",
      "6k1/2Q5/4K3/8/8/8/8/8 w - - variant marseillais; rule ep=none; stip s#1;",
      "5k5/11/11/11/11/11/11/J4K3MA w - - variant mainzer; stip #1;",
  };
  for (const char* line : lines) {
    const auto original = puzzle_of(line);
    const auto commands = popeye_commands(original);
    REQUIRE(commands);
    const auto back = dm::puzzle::parse_popeye(popeye_file({*commands}), "back.inp");
    INFO(line << "\n" << *commands);
    REQUIRE(back.errors.empty());
    REQUIRE(back.puzzles.size() == 1);
    const auto& p = back.puzzles.front();
    CHECK(position_of(p.position) == position_of(original.position));
    CHECK(p.stipulation.to_string() == original.stipulation.to_string());
    CHECK(p.position.variant().name == original.position.variant().name);
    CHECK(p.position.variant().describe_options() == original.position.variant().describe_options());
  }
}
