#pragma once
// Solution trees for the report tests, built by hand from real positions and turns given in
// UCI, so that the formats are tested on trees whose content the test knows, apart from the
// tree builder; and small readers the tests share (a FEN's pieces, Popeye's reference rows).

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "solver/tree/solution_tree.h"

namespace dm::test {

// A legal turn of pos from UCI moves joined by commas ("a7f2", "c7a5,a5a7"); fails the test
// case when a move is illegal.
Turn turn_from_uci(const Position& pos, std::string_view uci);
// A line of turns separated by spaces ("a8d8 g3d6 e7e5 g4h5").
problem::Line line_from_uci(const Position& pos, std::string_view uci);

// The row of popeye_orthodox_clean.tsv for fen: its columns (fen, stipulation, solutions,
// tries, set play, ...); fails the test case when there is none.
std::vector<std::string> popeye_row(std::string_view fen);
// The " | "-separated alternatives of a column ("-": none).
std::vector<std::string> alternatives(const std::string& column);

// The pieces of a FEN's board field by square name ("e4" -> "wQ"), read independently of the
// rules engine so a written diagram can be checked against it.
std::map<std::string, std::string> fen_pieces(std::string_view fen);

// The problems the report tests render with built trees: Popeye's #2 castling example, h#2
// with set play and an s#1 whose key allows nine self-mates, the Marseillais #1 of chessvariants.com (Ke6 Qc7 against Kg8), a Mainzer #2
// with Janus, Marshall and Amazon. Each is {variant, fen, stipulation}.
struct ProblemText {
  std::string_view variant;
  std::string_view fen;
  std::string_view stipulation;
};
extern const std::vector<ProblemText> kBuiltProblems;
// Their built trees, in that order, built once per test run.
const std::vector<tree::SolutionTree>& built_trees();

// Popeye's #2 castling example (8/Q7/8/8/8/8/8/2k1K2R w K), key and threat 2.O-O#, three tries:
// 1.Rh2? (threat 2.Qa1#, but 1...Kb1!), 1.Qa3+? (1...Kb1 2.Kd2#, but 1...Kc2!), 1.Qa2? (stalemate).
tree::SolutionTree popeye_two_mover();
// The helpmate of Popeye's row r3k3/3np3/8/3K4/6B1/6B1/8/8 b q (h#2), its solution and set play
// taken from the reference row.
tree::SolutionTree popeye_helpmate();
// Popeye's h#2 with short solutions (REGRESSIONS/4_47_to_4_49.inp: White Ka3 Qg8 Sg4, Black
// Ka1 Sa8): 1.Sb6 Qa2# and 1.Sc7 Qa2# (short), then 1.Kb1 Se3 2.Ka1 Qa2#, one of the full ones.
tree::SolutionTree short_helpmate();
// Mainzer Schach (11x8) with Janus, Marshall and Amazon of both colours: #1 by 1.Ab6# and 1.Ab7#.
tree::SolutionTree mainzer_mate();
// Double Move chess #1 keys that capture the king (1.Qxf7,Qxe8 and 1.Bxf7,Bxe8).
tree::SolutionTree king_capture_mate();
// A Marseillais tree whose key is answered by one group holding every distinct defender turn
// (a count and examples in print), with a dual in the answer.
tree::SolutionTree marseillais_group();

}  // namespace dm::test
