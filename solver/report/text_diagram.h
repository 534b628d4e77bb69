#pragma once
// A problem's position drawn in ASCII for the text output, as a problemist reads a diagram and
// close to Popeye's: the ranks from the top, numbered at both ends, the files lettered above and
// below, one cell a square ("." empty), White's men in upper case and Black's in lower case, in
// the letters chosen (piece_letters.h). Any board size (8x8, Mainzer's 11x8). A cell is as wide
// as the longest name on the board: one character, two where a fairy piece has Popeye's
// two-letter name.
//
//     a b c d e f g h
//   8 . . . . . . k . 8
//   ...
//   1 . . . . . . . . 1
//     a b c d e f g h

#include <string>
#include <vector>

#include "rules/position.h"
#include "solver/report/piece_letters.h"

namespace dm::report {

// The diagram's lines, top to bottom, without line ends.
std::vector<std::string> diagram_lines(const Position& pos, PieceLetters letters);

}  // namespace dm::report
