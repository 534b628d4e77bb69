#pragma once
// Problems from EPD lines, for `dmsolve solve FILE.epd`.
//
// A line is the first four FEN fields (board, side, castling, e.p.) and then operations
// "opcode operands;". Read here:
//   bm #N;       direct mate in N (the matetrack convention; N <= 0 is refused: the side to
//                move is the one mated)
//   dm N;        direct mate in N (python-chess endgame files)
//   stip S;      our own: any stipulation dmsolve takes (#N, =N, winN, s#N, s=N, h#N, h=N, h#N.5)
//   variant V;   our own: the variant (default chess)
//   rule K=V;    our own: a rule option, repeatable
//   id "text";   the problem's name
//   PV: m1 m2;   a known solution line in UCI, kept for reference
// Other operations are ignored; `stip` wins over `bm` and `dm`. Blank lines and lines starting
// with '#' are skipped.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"

namespace dm::search {

struct EpdProblem {
  int line_number = 0;
  std::string id;
  std::string fen;
  std::string variant = "chess";
  std::vector<std::string> rules;
  std::string stipulation;
  std::vector<std::string> pv;
};

// The problem on one line, nullopt for a blank or comment line, or why the line is unusable.
std::optional<Expected<EpdProblem>> parse_epd_line(std::string_view line, int line_number);

}  // namespace dm::search
