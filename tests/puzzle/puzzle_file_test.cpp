// Puzzle files (solver/puzzle/puzzle_file.h): good entries come back checked and in canonical
// UCI with their comments; each bad entry becomes one error naming its line and field, and the
// entries after it are still read.

#include <catch2/catch.hpp>

#include "solver/puzzle/puzzle_file.h"
#include "test_data.h"

using dm::puzzle::parse_puzzles;
using dm::puzzle::read_puzzle_file;

namespace {

// The error of a one-entry file (empty when the entry was accepted).
std::string line_error(const std::string& line) {
  const auto file = parse_puzzles(line, "one.epd");
  return file.errors.empty() ? std::string() : file.errors.front();
}

}  // namespace

TEST_CASE("Puzzle entries: every field", "[puzzle]") {
  const std::string text =
      "# 1.Qb7? Qf7+ stalemates Black.\n"
      "#\n"
      "# The key mates at once.\n"
      "6k1/2Q5/4K3/8/8/8/8/8 w - - id \"cv\"; variant marseillais; rule ep=none; stip #1; keys \"c7d7,d7g7\" "
      "\"c7c8\"; tries c7b7,b7f7; author \"Someone; Else\"; source \"chessvariants.com\"; c0 \"ignored\";\n"
      "\n"
      "8/8/8/8/8/8/5K1k/6R1 b - - stip h#1; solutions \"h2h3 g1h1\" \"h2h3 g1g3\";\n"
      "8/8/8/8/8/8/8/k1K5 w - - stip #2; keys none;\n";
  const auto file = parse_puzzles(text, "f.epd");
  CHECK(file.errors.empty());
  REQUIRE(file.puzzles.size() == 3);

  const auto& direct = file.puzzles[0];
  CHECK(direct.id == "cv");
  CHECK(direct.line == 4);
  CHECK(direct.location() == "f.epd:4");
  CHECK(direct.position.variant().name == "marseillais");
  CHECK(direct.rules == std::vector<std::string>{"ep=none"});
  CHECK(direct.stipulation.to_string() == "#1");
  REQUIRE(direct.expected);
  CHECK(*direct.expected == std::set<std::string>{"c7d7,d7g7", "c7c8"});
  CHECK(direct.tries == std::set<std::string>{"c7b7,b7f7"});
  CHECK(direct.author == "Someone; Else");
  CHECK(direct.source == "chessvariants.com");
  CHECK(direct.comments == std::vector<std::string>{"1.Qb7? Qf7+ stalemates Black.", "", "The key mates at once."});

  const auto& help = file.puzzles[1];
  CHECK(help.id == "f.epd:6");
  CHECK(help.comments.empty());
  REQUIRE(help.expected);
  CHECK(*help.expected == std::set<std::string>{"h2h3 g1h1", "h2h3 g1g3"});

  const auto& none = file.puzzles[2];
  REQUIRE(none.expected);
  CHECK(none.expected->empty());
}

TEST_CASE("Puzzle entries: keys in SAN come back in UCI; no keys given is not none", "[puzzle]") {
  const auto file = parse_puzzles("8/Q7/8/8/8/8/8/2k1K2R w K - stip #2; keys O-O;\n8/8/8/8/8/8/8/k1K5 w - - bm #2;",
                                  "f.epd");
  REQUIRE(file.puzzles.size() == 2);
  CHECK(*file.puzzles[0].expected == std::set<std::string>{"e1g1"});
  CHECK_FALSE(file.puzzles[1].expected);
}

TEST_CASE("Puzzle entries: series solutions are played with the other side passing", "[puzzle][series]") {
  // White Kg6 Rb1, Black Kh8: 1.Rb2 2.Rb8# in a row; Black Kh8, White Kg6 Ra1: 1.Kg8 2.Kh8 Ra8#.
  const std::string text =
      "7k/8/6K1/8/8/8/8/1R6 w - - stip ser-#2; solutions \"Rb2 Rb8\" \"b1b8\";\n"
      "7k/8/6K1/8/8/8/8/R7 b - - stip ser-h#2; solutions \"Kg8 Kh8 Ra8\";\n"
      "7k/8/6K1/8/8/8/8/1R6 w - - stip ser-#2; solutions \"b1b2 b8b7\";\n";
  const auto file = parse_puzzles(text, "s.epd");
  REQUIRE(file.puzzles.size() == 2);
  CHECK(*file.puzzles[0].expected == std::set<std::string>{"b1b2 b2b8", "b1b8"});
  CHECK(*file.puzzles[1].expected == std::set<std::string>{"h8g8 g8h8 a1a8"});
  // The second series turn is White's again: b8b7 is no move of White's there.
  REQUIRE(file.errors.size() == 1);
  CHECK(file.errors.front().rfind("s.epd:3: solutions: 'b1b2 b8b7'", 0) == 0);
}

TEST_CASE("Puzzle entries: each bad entry names its line and field; the rest are read", "[puzzle]") {
  const std::string text =
      "8/8/8/8/8/8/8/k1K5 w - - stip #2;\n"
      "8/8/8/8/8/8/8/k1K5 w - - stip #2; variant nosuch;\n"
      "8/8/8/8/8/8/8/k1K5 w - - stip #2; keys e2e4;\n"
      "8/8/8/8/8/8/8/k1K5 w - - stip #1;\n";
  const auto file = parse_puzzles(text, "mixed.epd");
  REQUIRE(file.puzzles.size() == 2);
  CHECK(file.puzzles[0].line == 1);
  CHECK(file.puzzles[1].line == 4);
  REQUIRE(file.errors.size() == 2);
  CHECK(dm::test::starts_with(file.errors[0], "mixed.epd:2: variant: "));
  CHECK(dm::test::starts_with(file.errors[1], "mixed.epd:3: keys: 'e2e4'"));
}

TEST_CASE("Puzzle entries: the field each error names", "[puzzle]") {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"8/8/8/8/8/8/8/k1K5 w -", "one.epd:1: FEN: "},
      {"8/8/8/8/8/8/8/k1K5 w - - c0 \"x\";", "one.epd:1: no stipulation"},
      {"8/8/8/8/8/8/8/k1K9 w - - stip #2;", "one.epd:1: FEN "},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; rule nosuch=1;", "one.epd:1: rule: "},
      {"8/8/8/8/8/8/8/k1K5 w - - stip x2;", "one.epd:1: stip: "},
      {"8/8/8/8/8/8/8/k1K5 w - - bm #-1;", "one.epd:1: bm #-1"},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; keys c1b3;", "one.epd:1: keys: 'c1b3'"},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; keys \"c1c2 a1a2\";", "one.epd:1: keys: 'c1c2 a1a2'"},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; tries zz;", "one.epd:1: tries: 'zz'"},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; keys;", "one.epd:1: keys: empty"},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; solutions \"c1c2\";", "one.epd:1: solutions: "},
      {"8/8/8/8/8/8/8/k1K5 b - - stip h#1; solutions a1a2 c1c2;", "one.epd:1: solutions: quote"},
      {"8/8/8/8/8/8/8/k1K5 b - - stip h#1; keys a1a2;", "one.epd:1: keys: "},
      {"8/8/8/8/8/8/8/k1K5 w - - stip #2; source \"open;", "one.epd:1: unterminated quote"},
      {"K7/8/8/8/8/8/8/k6R w - - stip #2;", "one.epd:1: FEN "},  // the side not to move is in check
  };
  for (const auto& [line, prefix] : cases) {
    INFO(line);
    const std::string error = line_error(line);
    INFO(error);
    CHECK(dm::test::starts_with(error, prefix));
  }
  const auto twice = parse_puzzles("8/8/8/8/8/8/8/k1K5 w - - stip #2; id \"a\";\n8/8/8/8/8/8/8/k1K5 w - - stip #3; id \"a\";",
                                   "ids.epd");
  CHECK(twice.puzzles.size() == 1);
  REQUIRE(twice.errors.size() == 1);
  CHECK(twice.errors[0] == "ids.epd:2: id: \"a\" is already used on line 1");
}

TEST_CASE("Puzzle files: a missing file is an error; the imported orthodox files read whole", "[puzzle]") {
  CHECK_FALSE(read_puzzle_file("/nonexistent/none.epd"));
  // puzzles/orthodox/ holds one entry per usable row of the published files.
  const std::vector<std::pair<std::string, size_t>> files = {
      {"popeye.epd", 169}, {"vaeth.epd", 70}, {"lichess.epd", 384}, {"matetrack.epd", 293}, {"ambrona.epd", 7}};
  for (const auto& [name, rows] : files) {
    const auto file = read_puzzle_file(dm::test::tests_path("../puzzles/orthodox/" + name));
    REQUIRE(file);
    INFO(name << ": " << (file->errors.empty() ? "" : file->errors.front()));
    CHECK(file->errors.empty());
    CHECK(file->puzzles.size() == rows);
  }
  // The endgame file's "dm 0" and "dm -15" rows are not problems: each is one error.
  const auto endgame = read_puzzle_file(dm::test::testdata_path("orthodox/endgame-dm-4.epd"));
  REQUIRE(endgame);
  CHECK(endgame->puzzles.size() == 40);
  REQUIRE(endgame->errors.size() == 8);
  CHECK(dm::test::starts_with(endgame->errors.front(), dm::test::testdata_path("orthodox/endgame-dm-4.epd") + ":"));
}
