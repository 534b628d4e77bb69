#pragma once
// A Puzzle written as Popeye input (docs/popeye-input.md), so that a problem of ours can be
// solved by Popeye and read back by popeye_input.h. What a FEN states and Popeye input leaves
// to its conventions (popeye_setup.h) is spelled out where the position departs from them:
// - the side to move: Popeye's default is White, Black in help play h#N and in ser-h#N; the
//   other side is `option halfduplex` (which hands the stipulation to it). `whitetoplay` is
//   never needed: Popeye reads h#N with it as h#(N-1).5, which we write as such.
// - castling: a king and a rook on their squares of the initial array may castle in Popeye;
//   `option nocastling` names the rook of each right the FEN lacks.
// - en passant: `option enpassant` with the pawn's double step (e2e3e4) for each square.
// Orthodox chess has no condition; the other variants are our conditions (Marseillais,
// MarseillaisClassical, DoubleMove, Bennekom, LosingChess, LosingMarseillais, Mainzer) with
// the rule options that differ from the variant's defaults as KEY=VALUE words. Pieces are
// Popeye's English names, with princess, empress and amazon for Janus, Marshall and Amazon.
// Popeye itself knows only LosingChess of our conditions: a file with another says so in a
// `remark` (Popeye refuses the problem; dmsolve reads it back).
//
// Refused, as Popeye input cannot say them: a variant that is no condition of ours (the
// reference-only boards), and a position in the middle of a turn of several moves.

#include <string>
#include <vector>

#include "rules/expected.h"
#include "solver/puzzle/puzzle_file.h"

namespace dm::puzzle {

// The commands of one problem, one a line, without beginproblem and endproblem: title (the
// id), author, origin, pieces, stipulation, condition, option.
Expected<std::string> popeye_commands(const Puzzle& puzzle);

// Problems' commands as one Popeye input file: beginproblem, the problems separated by
// nextproblem, endproblem.
std::string popeye_file(const std::vector<std::string>& problems);

}  // namespace dm::puzzle
