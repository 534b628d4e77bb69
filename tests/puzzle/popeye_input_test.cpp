// Popeye input (solver/puzzle/popeye_input.h): every command, option and twin change read into
// checked Puzzles (positions, side to move, castling, e.p., stipulations, twin labels and
// changes), abbreviations, German and French keywords, and each flaw as one error naming its
// line while the other problems of the file are still read.

#include <catch2/catch.hpp>

#include "solver/puzzle/popeye_input.h"

using dm::puzzle::is_popeye_input;
using dm::puzzle::parse_popeye;
using dm::puzzle::Puzzle;
using dm::puzzle::PuzzleFile;

namespace {

// The problems of a text that must read without an error.
PuzzleFile read_ok(const std::string& text) {
  const PuzzleFile file = parse_popeye(text, "t.inp");
  for (const auto& error : file.errors) FAIL_CHECK(error);
  return file;
}

// The one puzzle of a text.
Puzzle one(const std::string& text) {
  const PuzzleFile file = read_ok(text);
  REQUIRE(file.puzzles.size() == 1);
  return file.puzzles.front();
}

// The one error of a text (empty when it has none).
std::string error_of(const std::string& text) {
  const PuzzleFile file = parse_popeye(text, "t.inp");
  CHECK(file.errors.size() <= 1);
  return file.errors.empty() ? std::string() : file.errors.front();
}

// A problem of these commands, one a line, begun and ended.
std::string problem_text(const std::string& commands) { return "beginproblem\n" + commands + "endproblem\n"; }

// The first four FEN fields: board, side, castling, e.p.
std::string fen_of(const Puzzle& p) {
  const std::string fen = p.position.fen();
  size_t end = 0;
  for (int i = 0; i < 4; ++i) end = fen.find(' ', end + 1);
  return fen.substr(0, end);
}

}  // namespace

TEST_CASE("Popeye input: every command of a problem", "[popeye]") {
  const Puzzle p =
      one("beginproblem\n"
          "remark a remark, kept as a comment\n"
          "author A. Composer\n"
          "author B. Second\n"
          "origin The Problemist 1990\n"
          "award 1st Prize\n"
          "title A title\n"
          "protocol out.txt\n"
          "pieces white ke1 qd1 ra1h1 pb2c3\n"
          "       black ke8 sg8\n"
          "stipulation #2\n"
          "option try defence 2 setplay nothreat maxsolutions 3 variation movenumbers noboard\n"
          "option intelligent 5 maxtime 60 beep noshortvariations threat 2 postkeyplay\n"
          "endproblem\n");
  CHECK(fen_of(p) == "4k1n1/8/8/8/8/2P5/1P6/R2QK2R w KQ -");
  CHECK(p.stipulation.to_string() == "#2");
  CHECK(p.position.variant().name == "chess");
  CHECK(p.author == "A. Composer, B. Second");
  CHECK(p.source == "The Problemist 1990, 1st Prize");
  CHECK(p.title == "A title");
  CHECK(p.comments == std::vector<std::string>{"a remark, kept as a comment"});
  CHECK(p.file == "t.inp");
  CHECK(p.line == 2);
  CHECK(p.id == "t.inp:2");
  CHECK(p.twin.empty());
  CHECK_FALSE(p.expected);
  CHECK(p.show.tries == true);
  CHECK(p.show.max_refutations == 2);
  CHECK(p.show.set_play == true);
  CHECK(p.show.threats == false);
  CHECK(p.show.max_solutions == 3);
  CHECK(p.show.post_key_play == true);  // display options, refused before
  // variation, movenumbers, noboard and noshortvariations are ignored: no short solutions alone.
  CHECK_FALSE(p.show.stop_on_short_solutions);
}

TEST_CASE("Popeye input: option stoponshortsolutions, abbreviated, is kept", "[popeye]") {
  const Puzzle p = one(problem_text("stipulation h#2\noption set stoponsh\npieces white ka3 qg8 sg4 black ka1 sa8\n"));
  CHECK(p.show.stop_on_short_solutions == true);
  CHECK(p.show.set_play == true);
}

TEST_CASE("Popeye input: Popeye's defaults show no tries and no set play", "[popeye]") {
  const Puzzle p = one(problem_text("stipulation #2\npieces white ka1 black kh8\n"));
  CHECK(p.show.tries == false);
  CHECK(p.show.set_play == false);
  CHECK_FALSE(p.show.threats);
  CHECK_FALSE(p.show.max_refutations);
  CHECK_FALSE(p.show.max_solutions);
  CHECK_FALSE(p.show.stop_on_short_solutions);
}

TEST_CASE("Popeye input: keywords in any case, abbreviated, pieces written apart", "[popeye]") {
  const Puzzle p = one("BEG\nAuth X\nSTIP h#2\nPIEC WHIT KG1 R a1b1 BLAC KG3\nopti vari\nENDP\n");
  CHECK(fen_of(p) == "8/8/8/8/8/6k1/8/RR4K1 b - -");
  CHECK(p.author == "X");
  CHECK(p.stipulation.to_string() == "h#2");
}

TEST_CASE("Popeye input: the side to move follows the stipulation and the options", "[popeye]") {
  struct Row {
    std::string stipulation;
    std::string options;
    std::string parsed;
    char side;
  };
  const std::vector<Row> rows = {
      {"#2", "", "#2", 'w'},
      {"=3", "", "=3", 'w'},
      {"s#2", "", "s#2", 'w'},
      {"h#2", "", "h#2", 'b'},
      {"H=2", "", "h=2", 'b'},
      {"h#2.5", "", "h#2.5", 'w'},
      {"h# 3", "", "h#3", 'b'},
      {"h#3", "whitetoplay", "h#2.5", 'w'},
      {"h#1", "whitetoplay", "h#0.5", 'w'},
      {"h#2.5", "whitetoplay", "h#2.5", 'w'},
      {"#2", "whitetoplay", "#2", 'w'},
      {"#2", "halfduplex", "#2", 'b'},
      {"h#2", "halfduplex", "h#2", 'w'},
      {"h#3", "whitetoplay halfduplex", "h#2.5", 'b'},
      {"r#2", "", "r#2", 'w'},
      {"ser-#3", "", "ser-#3", 'w'},
      {"ser-s#2", "", "ser-s#2", 'w'},
      {"ser-h#3", "", "ser-h#3", 'b'},
  };
  for (const Row& row : rows) {
    INFO(row.stipulation + " " + row.options);
    const std::string options = row.options.empty() ? "" : "option " + row.options + "\n";
    const Puzzle p = one(problem_text("stipulation " + row.stipulation + "\npieces white ka1 black kh8\n" + options));
    CHECK(p.stipulation.to_string() == row.parsed);
    CHECK(fen_of(p) == std::string("7k/8/8/8/8/8/8/K7 ") + row.side + " - -");
  }
}

TEST_CASE("Popeye input: castling where king and rook stand on their squares", "[popeye]") {
  const std::string position = "stipulation #2\npieces white ke1 ra1 rh1 black ke8 ra8 rh8\n";
  CHECK(fen_of(one(problem_text(position))) == "r3k2r/8/8/8/8/8/8/R3K2R w KQkq -");
  CHECK(fen_of(one(problem_text(position + "option nocastling a1h8\n"))) == "r3k2r/8/8/8/8/8/8/R3K2R w Kq -");
  CHECK(fen_of(one(problem_text(position + "option nocastling e8\n"))) == "r3k2r/8/8/8/8/8/8/R3K2R w KQ -");
  CHECK(fen_of(one(problem_text("stipulation #2\npieces white kf1 ra1 black ke8 rh8\n"))) ==
        "4k2r/8/8/8/8/8/8/R4K2 w k -");
}

TEST_CASE("Popeye input: en passant from the pawn's double step", "[popeye]") {
  const std::string position = "stipulation #2\npieces white ke1 pd5 black ke8 pe5\n";
  CHECK(fen_of(one(problem_text(position + "option enpassant e7e6e5\n"))) == "4k3/8/8/3Pp3/8/8/8/4K3 w - e6");
  CHECK(fen_of(one(problem_text(position + "option enpassant e6\n"))) == "4k3/8/8/3Pp3/8/8/8/4K3 w - e6");
  CHECK(fen_of(one(problem_text(position))) == "4k3/8/8/3Pp3/8/8/8/4K3 w - -");
  CHECK(error_of(problem_text(position + "option enpassant e7e5\n")) ==
        "t.inp:4: option EnPassant: expected a pawn's double step (e7e6e5) or the square it passed (e6)");
  CHECK(error_of(problem_text(position + "option enpassant d7d6d5\n")).starts_with("t.inp:4: position: e.p.:"));
}

TEST_CASE("Popeye input: our conditions are dmsolve's variants, with rule options", "[popeye]") {
  const std::vector<std::pair<std::string, std::string>> conditions = {
      {"Marseillais", "marseillais"},   {"marseillaisclassical", "marseillais-classical"},
      {"DoubleMove", "doublemove"},     {"Bennekom", "bennekom"},
      {"LosingChess", "antichess"},     {"LosingMarseillais", "losing-marseillais"},
  };
  for (const auto& [condition, variant] : conditions) {
    INFO(condition);
    const Puzzle p = one(problem_text("condition " + condition + "\nstipulation #2\npieces white ka1 black kh8\n"));
    CHECK(p.position.variant().name == variant);
  }
  const Puzzle rules =
      one(problem_text("cond Marseillais ep=second no-second-move=pass\nstip #2\npieces white ka1 black kh8\n"));
  CHECK(rules.rules == std::vector<std::string>{"ep=second", "no-second-move=pass"});
  CHECK(rules.position.variant().describe_options() == "ep=second no-second-move=pass");

  const Puzzle mainzer =
      one(problem_text("condition Mainzer\nstipulation #2\n"
                       "pieces white kf1 ra1 rk1 ema2 prb2 amc2 black kf8 pj7\n"));
  CHECK(mainzer.position.variant().name == "mainzer");
  CHECK(fen_of(mainzer) == "5k5/9p1/11/11/11/11/MJA8/R4K4R w KQ -");
}

TEST_CASE("Popeye input: Forsyth strings, runs across ranks and the end left out", "[popeye]") {
  CHECK(fen_of(one(problem_text("stip #2\nforsyth 8/1p6/b7/1k6/1SR1K3/1BR5/2B5/8\n"))) ==
        "8/1p6/b7/1k6/1NR1K3/1BR5/2B5/8 w - -");
  CHECK(fen_of(one(problem_text("stip #1\nforsyth k7/8/1K6/32/7R\n"))) == "k7/8/1K6/8/8/8/8/7R w - -");
  CHECK(fen_of(one(problem_text("stip #1\nforsyth k7/8/1K38/7R\n"))) == "k7/8/1K6/8/8/8/8/7R w - -");
}

TEST_CASE("Popeye input: every twin change, with Popeye's labels and texts", "[popeye]") {
  const PuzzleFile file = read_ok(
      "beginproblem\n"
      "stipulation #2\n"
      "pieces white ke1 qd1 rh1 black ke8 pb7\n"
      "twin move d1 d2\n"
      "twin move d1 b7\n"
      "twin exchange d1 h1\n"
      "twin remove b7\n"
      "twin add white sg1 black qd1\n"
      "twin stipulation =2\n"
      "twin rotate 90\n"
      "twin rotate 180\n"
      "twin mirror a1<-->h1\n"
      "twin mirror a1<-->a8\n"
      "twin shift b1 a1\n"
      "twin polish\n"
      "twin substitute q r\n"
      "twin cont move h1 h2 rem b7\n"
      "twin move d1 d2 remark a remark among the changes\n"
      "  rotate 270\n"
      "endproblem\n");
  struct Row {
    std::string changes;
    std::string fen;
  };
  const std::vector<Row> rows = {
      {"", "4k3/1p6/8/8/8/8/8/3QK2R w K -"},
      {"wQd1-->d2", "4k3/1p6/8/8/8/8/3Q4/4K2R w K -"},
      {"-bPb7  wQd1-->b7", "4k3/1Q6/8/8/8/8/8/4K2R w K -"},
      {"wQd1<-->wRh1", "4k3/1p6/8/8/8/8/8/3RK2Q w - -"},
      {"-bPb7", "4k3/8/8/8/8/8/8/3QK2R w K -"},
      {"+wSg1  bQd1", "4k3/1p6/8/8/8/8/8/3qK1NR w K -"},
      {"=2", "4k3/1p6/8/8/8/8/8/3QK2R w K -"},
      {"rotate 90", "7R/8/8/k6K/7Q/8/1p6/8 w - -"},
      {"rotate 180", "R2KQ3/8/8/8/8/8/6p1/3k4 w - -"},
      {"mirror a1<-->h1", "3k4/6p1/8/8/8/8/8/R2KQ3 w - -"},
      {"mirror a1<-->a8", "3QK2R/8/8/8/8/8/1p6/4k3 w - -"},
      {"shift b1 ==> a1", "3k4/p7/8/8/8/8/8/2QK2R1 w - -"},
      {"PolishType", "4K3/1P6/8/8/8/8/8/3qk2r w - -"},
      {"Q ==> R", "4k3/1p6/8/8/8/8/8/3RK2R w K -"},
      {"wRh1-->h2  -bPb7", "4k3/8/8/8/8/8/7R/3RK3 w - -"},
      {"wQd1-->d2  rotate 270", "8/6p1/8/1Q6/K6k/8/8/R7 w - -"},
  };
  REQUIRE(file.puzzles.size() == rows.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    const Puzzle& p = file.puzzles[i];
    const std::string label(1, char('a' + i));
    INFO(label + ") " + p.twin_changes);
    CHECK(p.twin == label);
    CHECK(p.id == "t.inp:2/" + label);
    CHECK(p.twin_changes == rows[i].changes);
    CHECK(fen_of(p) == rows[i].fen);
    CHECK(p.twin_continued == (label == "o"));
  }
  CHECK(file.puzzles[6].stipulation.to_string() == "=2");
  CHECK(file.puzzles[7].stipulation.to_string() == "#2");
}

TEST_CASE("Popeye input: twins of a condition, continued twins, the zero position", "[popeye]") {
  const PuzzleFile conditions = read_ok(problem_text(
      "condition Marseillais\nstipulation #1\npieces white ka1 black kh8\ntwin condition DoubleMove ep=none\n"));
  REQUIRE(conditions.puzzles.size() == 2);
  CHECK(conditions.puzzles[0].position.variant().name == "marseillais");
  CHECK(conditions.puzzles[1].position.variant().name == "doublemove");
  CHECK(conditions.puzzles[1].twin_changes == "DoubleMove ep=none");

  const PuzzleFile continued = read_ok(problem_text(
      "stipulation #2\npieces white ke1 qd1 black ke8\ntwin move d1 d2\ntwin cont move d2 d3\ntwin move d1 d4\n"));
  REQUIRE(continued.puzzles.size() == 4);
  CHECK(fen_of(continued.puzzles[2]) == "4k3/8/8/8/8/3Q4/8/4K3 w - -");
  CHECK(continued.puzzles[2].twin_continued);
  CHECK(fen_of(continued.puzzles[3]) == "4k3/8/8/8/3Q4/8/8/4K3 w - -");

  const PuzzleFile zero = read_ok(
      problem_text("stipulation #2\npieces white ke1 qd1 black ke8\nzeroposition move d1 d2\ntwin move d1 d3\n"));
  REQUIRE(zero.puzzles.size() == 2);
  CHECK(zero.puzzles[0].twin == "a");
  CHECK(zero.puzzles[0].twin_changes == "wQd1-->d2");
  CHECK(fen_of(zero.puzzles[0]) == "4k3/8/8/8/8/8/3Q4/4K3 w - -");
  CHECK(zero.puzzles[1].twin == "b");
  CHECK(fen_of(zero.puzzles[1]) == "4k3/8/8/8/8/3Q4/8/4K3 w - -");
}

TEST_CASE("Popeye input: problems after nextproblem, blocks after endproblem", "[popeye]") {
  const PuzzleFile file = read_ok(
      "beginproblem\n"
      "stipulation #1\npieces white kb6 rh1 black ka8\n"
      "nextproblem\n"
      "stipulation h#1\npieces white kb6 rh1 black ka8\n"
      "endproblem\n"
      "Everything after endproblem is ignored: next end begin\n"
      "begin\n"
      "stip =1\npieces white kb6 qc1 black ka8\n"
      "end\n");
  REQUIRE(file.puzzles.size() == 3);
  CHECK(file.puzzles[0].line == 2);
  CHECK(file.puzzles[1].line == 5);
  CHECK(file.puzzles[1].stipulation.to_string() == "h#1");
  CHECK(file.puzzles[2].line == 10);
  CHECK(file.puzzles[2].stipulation.to_string() == "=1");
}

TEST_CASE("Popeye input: German keywords and pieces", "[popeye]") {
  const PuzzleFile file = read_ok(
      "AnfangProblem\n"
      "Autor Ein Autor\n"
      "Quelle Eine Quelle\n"
      "Titel Ein Titel\n"
      "Forderung h#2\n"
      "Steine Weiss Kg1 Ta1 Lc1 Sb1 Bd2 Schwarz Kg8 Dd8\n"
      "Option Satzspiel WeissBeginnt Verfuehrung\n"
      "Bedingung Marseillais\n"
      "Zwilling versetze d8 d7\n"
      "Zwilling ferner Drehung 180\n"
      "WeiteresProblem\n"
      "ford #1\nstei weis kb6 th1 schw ka8\n"
      "EndeProblem\n");
  REQUIRE(file.puzzles.size() == 4);
  const Puzzle& a = file.puzzles[0];
  CHECK(fen_of(a) == "3q2k1/8/8/8/8/8/3P4/RNB3K1 w - -");
  CHECK(a.stipulation.to_string() == "h#1.5");
  CHECK(a.position.variant().name == "marseillais");
  CHECK(a.author == "Ein Autor");
  CHECK(a.source == "Eine Quelle");
  CHECK(a.title == "Ein Titel");
  CHECK(a.show.set_play == true);
  CHECK(a.show.tries == true);
  CHECK(file.puzzles[1].twin_changes == "bQd8-->d7");
  CHECK(file.puzzles[2].twin_continued);
  CHECK(file.puzzles[2].twin_changes == "rotate 180");
  CHECK(fen_of(file.puzzles[3]) == "k7/8/1K6/8/8/8/8/7R w - -");
}

TEST_CASE("Popeye input: French keywords and pieces", "[popeye]") {
  const PuzzleFile file = read_ok(
      "DebutProbleme\n"
      "Auteur Un Auteur\n"
      "Source Une Source\n"
      "Enonce #2\n"
      "Pieces Blanc Re1 Dd1 Tc1 Fc2 Cb1 Pd2 Noir Re8\n"
      "Option Essais SansMenace\n"
      "Jumeau Deplacement d1 d3\n"
      "FinProbleme\n");
  REQUIRE(file.puzzles.size() == 2);
  CHECK(fen_of(file.puzzles[0]) == "4k3/8/8/8/8/8/2BP4/1NRQK3 w - -");
  CHECK(file.puzzles[0].author == "Un Auteur");
  CHECK(file.puzzles[0].source == "Une Source");
  CHECK(file.puzzles[0].show.threats == false);
  CHECK(file.puzzles[1].twin_changes == "wQd1-->d3");
}

TEST_CASE("Popeye input: each flaw is one error naming its line", "[popeye]") {
  const std::string kings = "pieces white ka1 black kh8\n";
  struct Row {
    std::string text;
    std::string error;
  };
  const std::vector<Row> rows = {
      {problem_text("stipulation #2\nfoo bar\n" + kings), "t.inp:3: unknown keyword 'foo'"},
      {problem_text("stipulation #2\npieces white ka1 xxa2 black kh8\n"),
       "t.inp:3: pieces: unknown piece 'xx' in 'xxa2' (pieces: K Q R B S P, PR EM AM)"},
      {problem_text("stipulation #2\npieces white ka1 g b2 black kh8\n"),
       "t.inp:3: pieces: unknown piece 'g' (pieces: K Q R B S P, PR EM AM)"},
      // Popeye's N is the nightrider, never to be read as a knight.
      {problem_text("stipulation #2\npieces white ka1 nb2 black kh8\n"),
       "t.inp:3: pieces: unknown piece 'n' in 'nb2' (pieces: K Q R B S P, PR EM AM)"},
      {problem_text("stipulation #2\npieces white royal ka1 black kh8\n"),
       "t.inp:3: pieces: expected a piece and its squares, not 'royal' (piece attributes are not supported)"},
      {problem_text("stipulation #2\npieces neutral pa2\n"),
       "t.inp:3: pieces: 'neutral' pieces are not supported (only white and black)"},
      {problem_text("stipulation #2\n" + kings + "twin move d4 d5\n"), "t.inp:4: move: d4 is empty"},
      {problem_text("stipulation #2\n" + kings + "twin exchange a1 d5\n"), "t.inp:4: exchange: d5 is empty"},
      {problem_text("stipulation #2\n" + kings + "twin remove c3\n"), "t.inp:4: remove: c3 is empty"},
      {problem_text("stipulation #2\npieces white ka1\nwhite kc1\nblack kh8\n"),
       "t.inp:4: White has 2 kings (a1 and c1)"},
      {problem_text("stipulation #2\n" + kings + "twin add black kb8\n"), "t.inp:4: Black has 2 kings (h8 and b8)"},
      {"beginproblem\nstipulation #2\n" + kings,
       "t.inp:3: missing 'endproblem' at the end of the file "
       "(the problem begins on line 2)"},
      {problem_text("stipulation hs#2\n" + kings), "t.inp:2: stipulation 'hs#2': help-self play (hs) is not supported"},
      {problem_text("stipulation\n" + kings), "t.inp:2: stipulation: none given"},
      {problem_text(kings), "t.inp:2: no stipulation"},
      {problem_text("stipulation #2\n" + kings + "condition Circe\n"),
       "t.inp:4: condition 'Circe' is not supported (ours: Marseillais, MarseillaisClassical"},
      {problem_text("stipulation #2\n" + kings + "condition Marseillais circe\n"),
       "t.inp:4: condition 'circe' is not supported"},
      {problem_text("stipulation #2\n" + kings + "condition Marseillais Mainzer\n"),
       "t.inp:4: condition 'Mainzer' with Marseillais: dmsolve solves one variant at a time"},
      {problem_text("stipulation #2\n" + kings + "condition Marseillais ep=sometimes\n"), "t.inp:4: condition: rule:"},
      {problem_text("stipulation #2\n" + kings + "option duplex\n"),
       "t.inp:4: option Duplex is not supported: it changes the problem in a way dmsolve lacks"},
      {problem_text("stipulation #2\n" + kings + "option foo\n"), "t.inp:4: unknown option 'foo'"},
      {problem_text("stipulation #2\n" + kings + "option try notry\n"), "t.inp:4: unknown option 'notry'"},
      {problem_text("stipulation #2\n" + kings + "option maxsolutions x\n"),
       "t.inp:4: option MaxSolutions: expected a count from 1, not 'x'"},
      {problem_text("stipulation #2\n" + kings + "option s\n"), "t.inp:4: option 's' is ambiguous"},
      {"stipulation #2\n", "t.inp:1: expected beginproblem, not 'stipulation'"},
      {problem_text("stipulation #2\npieces white ka1 qa1 black kh8\n"),
       "t.inp:3: pieces: two men on a1 (wKa1 on line 3)"},
      {problem_text("stipulation #2\npieces white ka1 ama2 black kh8\n"),
       "t.inp:3: piece AM (amazon) does not exist in chess"},
      {problem_text("stipulation #2\npieces white ki1 black kh8\n"), "t.inp:3: square i1 is not on the board of chess"},
      {problem_text("stipulation #1\npieces white ka1 rh1 black kh8\n"),
       "t.inp:2: position: Black is not to move but is in check"},
      {problem_text("stipulation #2\npieces white pa1 ka2 black kh8\n"), "t.inp:2: position: pawn on a1"},
      {problem_text("stipulation #2\n" + kings + "twin rotate 45\n"),
       "t.inp:4: rotate: expected 90, 180 or 270, not '45'"},
      {problem_text("stipulation #2\n" + kings + "twin mirror a1<-->b2\n"), "t.inp:4: mirror: expected a1<-->h1"},
      {problem_text("stipulation #2\n" + kings + "twin shift a1 a2\n"), "t.inp:4: shift a1 ==> a2: bKh8 would leave"},
      {problem_text("stipulation #2\n" + kings + "twin move a1 b1 cont\n"),
       "t.inp:4: 'cont' must come first, right after the word twin"},
      {problem_text("stipulation #2\n" + kings + "twin move a1 b1 foo\n"), "t.inp:4: unknown twin change 'foo'"},
      {problem_text("stipulation #2\n" + kings + "twin move a1 b1\nzeroposition\n"),
       "t.inp:5: zeroposition comes before the twins"},
      {problem_text("sstipulation white 3ad[#]\n" + kings), "t.inp:2: 'sstipulation' is not supported"},
      {problem_text("stipulation #2\n" + kings + "InitialGameArray\n"), "t.inp:4: 'InitialGameArray' is not supported"},
      {problem_text("s #2\n" + kings), "t.inp:2: ambiguous keyword 's'"},
  };
  for (const Row& row : rows) {
    INFO(row.text);
    const std::string error = error_of(row.text);
    CHECK(error.starts_with(row.error));
  }
}

TEST_CASE("Popeye input: a bad problem leaves the others", "[popeye]") {
  const PuzzleFile file = parse_popeye(
      "beginproblem\n"
      "stipulation #1\npieces white kb6 rh1 black ka8\n"
      "nextproblem\n"
      "stipulation #1\npieces white kb6 xxh1\n"
      "black ka8\n"
      "remark endproblem is no end here\n"
      "nextproblem\n"
      "stipulation #1\npieces white kb6 rh2 black ka8\n"
      "twin move b6 b5\n"
      "endproblem\n",
      "t.inp");
  REQUIRE(file.errors == std::vector<std::string>{
                             "t.inp:6: pieces: unknown piece 'xx' in 'xxh1' (pieces: K Q R B S P, PR EM AM)"});
  REQUIRE(file.puzzles.size() == 3);
  CHECK(file.puzzles[0].line == 2);
  CHECK(file.puzzles[1].id == "t.inp:10/a");
  CHECK(file.puzzles[2].id == "t.inp:10/b");
}

TEST_CASE("Popeye input: the files it is read for", "[popeye]") {
  CHECK(is_popeye_input("beginproblem\nstipulation #2\n", "p.txt"));
  CHECK(is_popeye_input("  begin\n", "p"));
  CHECK(is_popeye_input("# a comment line\n\nAnfangProblem\n", "p"));
  CHECK(is_popeye_input("", "p.inp"));
  CHECK(is_popeye_input("k7/8/1K6/8/8/8/8/7R w - - stip #1;\n", "P.POP"));
  CHECK_FALSE(is_popeye_input("k7/8/1K6/8/8/8/8/7R w - - stip #1;\n", "p.epd"));
  CHECK_FALSE(is_popeye_input("# a comment\nk7/8/1K6/8/8/8/8/7R w - - stip #1;\n", "p.epd"));
  CHECK(parse_popeye("# a comment line\nbegin\nstip #1\npieces white kb6 rh1 black ka8\nend\n", "t.inp").puzzles.size() ==
        1);
}
