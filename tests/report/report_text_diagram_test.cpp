// The diagram of the text output (solver/report/text_diagram.h), its piece lists and count of
// men (piece_list.h), and the piece letters (--piece-letters) in the text's moves.

#include <catch2/catch.hpp>

#include "report_support.h"
#include "solver/report/pgn_format.h"
#include "solver/report/text_diagram.h"
#include "solver/report/text_format.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;
using dm::report::PieceLetters;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + '\n';
  return text;
}

}  // namespace

TEST_CASE("text diagram: an orthodox #2 between the header and the solution", "[report][text][diagram]") {
  // Popeye 4.104 draws this position (its #2 castling example) with "-K" on c1 and "3 + 1".
  const tree::SolutionTree t = popeye_two_mover();
  const std::string text = report::write_text(t, {});
  INFO(text);
  CHECK(contains(text,
                 "status solved\n"
                 "length 2\n"
                 "\n"
                 "  a b c d e f g h\n"
                 "8 . . . . . . . . 8\n"
                 "7 Q . . . . . . . 7\n"
                 "6 . . . . . . . . 6\n"
                 "5 . . . . . . . . 5\n"
                 "4 . . . . . . . . 4\n"
                 "3 . . . . . . . . 3\n"
                 "2 . . . . . . . . 2\n"
                 "1 . . k . K . . R 1\n"
                 "  a b c d e f g h\n"
                 "White: Ke1 Qa7 Rh1\n"
                 "Black: Kc1\n"
                 "3 + 1\n"
                 "\n"
                 "key\n"));
  // The compact style leaves the diagram out.
  report::FormatOptions compact;
  compact.compact = true;
  const std::string brief = report::write_text(t, compact);
  CHECK_FALSE(contains(brief, "a b c d"));
  CHECK_FALSE(contains(brief, "White:"));
  CHECK_FALSE(contains(brief, "3 + 1"));
}

TEST_CASE("text diagram: Mainzer's 11x8 board with its fairy pieces", "[report][text][diagram]") {
  const Position pos = mainzer_mate().position;
  CHECK(joined(report::diagram_lines(pos, PieceLetters::San)) ==
        "  a b c d e f g h i j k\n"
        "8 k . . . . . . . . . . 8\n"
        "7 . . . . . . . . p . . 7\n"
        "6 . . K . . . . . . . . 6\n"
        "5 . . . . . . . . . . . 5\n"
        "4 . . . . . j . . . . . 4\n"
        "3 . . . m . . . . . . . 3\n"
        "2 . . . . . . . P . . . 2\n"
        "1 . A . . M . J . . . a 1\n"
        "  a b c d e f g h i j k\n");
  // Popeye's two-letter names widen every cell to two.
  CHECK(joined(report::diagram_lines(pos, PieceLetters::German)) ==
        "   a  b  c  d  e  f  g  h  i  j  k\n"
        "8  k  .  .  .  .  .  .  .  .  .  . 8\n"
        "7  .  .  .  .  .  .  .  .  b  .  . 7\n"
        "6  .  .  K  .  .  .  .  .  .  .  . 6\n"
        "5  .  .  .  .  .  .  .  .  .  .  . 5\n"
        "4  .  .  .  .  . pr  .  .  .  .  . 4\n"
        "3  .  .  . kn  .  .  .  .  .  .  . 3\n"
        "2  .  .  .  .  .  .  .  B  .  .  . 2\n"
        "1  . AM  .  . KN  . PR  .  .  . am 1\n"
        "   a  b  c  d  e  f  g  h  i  j  k\n");
  const std::string text = report::write_text(mainzer_mate(), {});
  INFO(text);
  CHECK(contains(text, "\nWhite: Kc6 Ph2 Jg1 Me1 Ab1\nBlack: Ka8 Pi7 Jf4 Md3 Ak1\n5 + 5\n"));
  report::FormatOptions english;
  english.letters = PieceLetters::English;
  const std::string popeye = report::write_text(mainzer_mate(), english);
  INFO(popeye);
  CHECK(contains(popeye, "\nWhite: Kc6 Ph2 PRg1 EMe1 AMb1\nBlack: Ka8 Pi7 PRf4 EMd3 AMk1\n5 + 5\n"));
  CHECK(contains(popeye, "\n    1.AMb6#!\n"));
}

TEST_CASE("text diagram: --piece-letters in moves, diagram and lists; PGN keeps SAN", "[report][text][letters]") {
  tree::SolutionTree t = popeye_two_mover();
  t.threats_sought = true;
  // {letters, the key, a try's variation, the diagram's first rank, White's list}.
  struct LetterRow {
    PieceLetters letters;
    std::string key;
    std::string variation;
    std::string rank;
    std::string white;
  };
  const std::vector<LetterRow> rows = {
      {PieceLetters::San, "1.Qf2! threat: 2.O-O#", "1...Kb1 2.Kd2#", "1 . . k . K . . R 1", "White: Ke1 Qa7 Rh1"},
      {PieceLetters::English, "1.Qf2! threat: 2.O-O#", "1...Kb1 2.Kd2#", "1 . . k . K . . R 1", "White: Ke1 Qa7 Rh1"},
      {PieceLetters::German, "1.Df2! threat: 2.O-O#", "1...Kb1 2.Kd2#", "1 . . k . K . . T 1", "White: Ke1 Da7 Th1"},
      {PieceLetters::French, "1.Df2! threat: 2.O-O#", "1...Rb1 2.Rd2#", "1 . . r . R . . T 1", "White: Re1 Da7 Th1"},
  };
  report::FormatOptions options;
  options.letters = PieceLetters::San;
  const std::string san_pgn = report::write_pgn(t, options);
  for (const LetterRow& row : rows) {
    options.letters = row.letters;
    const std::string text = report::write_text(t, options);
    INFO(text);
    CHECK(contains(text, "\n    " + row.key + "\n"));
    CHECK(contains(text, "\n        " + row.variation + "\n"));
    CHECK(contains(text, "\n" + row.rank + "\n"));
    CHECK(contains(text, "\n" + row.white + "\n"));
    CHECK(report::write_pgn(t, options) == san_pgn);
  }
  // A knight: "N" in SAN, "S" in English and German, "C" in French (short_helpmate's 1.Nb6).
  const tree::SolutionTree help = short_helpmate();
  const std::vector<std::pair<PieceLetters, std::string>> knights = {
      {PieceLetters::San, "1) 1.Nb6 Qa2#"},
      {PieceLetters::English, "1) 1.Sb6 Qa2#"},
      {PieceLetters::German, "1) 1.Sb6 Da2#"},
      {PieceLetters::French, "1) 1.Cb6 Da2#"},
  };
  for (const auto& [letters, line] : knights) {
    options.letters = letters;
    CHECK(contains(report::write_text(help, options), "\n    " + line));
  }
}
