#pragma once
// A solution tree as a problemist prints it, line by line: what the text and HTML formats
// share. Each row is one printed line in SAN (its piece letters as FormatOptions::letters
// chooses) with problemist move numbers ("1.Qf2! threat: 2.Qc5#", "1...Kb1 2.Qb2#"); its
// children are the lines printed below it, one indent deeper.
// Popeye's output is the model: the key with "!", a try with "?" and its refutation ("but
// 1...Rxf2!"), a defence and the attacker's answer on one line, duals in parentheses after the
// answer, help-play solutions numbered, one per line with move numbers ("2) 1.Rf2 O-O-O+ 2.Ke2 Rhe1#").
// A lost position (lose, loseN) shows each turn of the side to move with the opponent's
// winning answer, numbered as help play is, the side to move first: "1.Bxb5,Bxe8 1...Qxe8,Bg4".

#include <string>
#include <utility>
#include <vector>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

// One move of a row played out (FormatOptions::steps): its SAN and the FEN after it. A row's
// first step is the position its first turn is played in, with no move.
struct Step {
  std::string san;
  std::string fen;
};

struct Row {
  std::string text;
  std::vector<Row> children;
  std::vector<Step> steps;  // only with FormatOptions::steps
};

struct SolutionRows {
  std::vector<Row> keys;       // direct and self play, win
  std::vector<Row> defences;   // lose, loseN: every turn of the side to move with its refutation
  std::vector<Row> tries;
  std::vector<Row> solutions;  // help play
  std::vector<Row> set_play;
  // Popeye's postkeyplay: the threat (or "zugzwang.") and every defence after the key taken as
  // played, a defence no answer meets marked "refutes.".
  std::vector<Row> post_key;
};

SolutionRows solution_rows(const tree::SolutionTree& tree, const FormatOptions& options);

// The moves of `turn`, played in pos, one step each after `steps` (which first takes pos itself
// where it is empty): a pass as "--", a move as SAN in the letters chosen.
void append_steps(const Position& pos, const Turn& turn, PieceLetters letters, std::vector<Step>& steps);

// Help play: who begins and who reaches the goal ("White begins, Black mates"), with a note
// where Popeye would read the stipulation the other way round; "" for other play.
std::string who_plays(const tree::SolutionTree& tree);

// The facts above the solution: variant and rule options, FEN, stipulation, who plays (help
// play), status, length and (proofs) the proof's size and file, as "name: value" pairs in print
// order.
std::vector<std::pair<std::string, std::string>> header_fields(const tree::SolutionTree& tree);

}  // namespace dm::report
