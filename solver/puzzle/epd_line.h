#pragma once
// Problems from EPD lines: the one parser of the puzzle-file syntax (puzzles/README.md), used
// by `dmsolve solve FILE.epd` and, with the checks that need the rules, by solver/puzzle/.
//
// A line is the first four FEN fields (board, side, castling, e.p.) and then operations
// "opcode operands;" (a ';' inside double quotes belongs to the operand). Read here:
//   bm #N;       direct mate in N (the matetrack convention; N <= 0 is refused: the side to
//                move is the one mated)
//   dm N;        direct mate in N (python-chess endgame files)
//   stip S;      our own: any stipulation dmsolve takes (#N, =N, winN, s#N, s=N, h#N, h=N, h#N.5,
//                win, lose, loseN)
//   variant V;   our own: the variant (default chess)
//   rule K=V;    our own: a rule option, repeatable
//   keys T...;   our own: the expected set of keys, each a UCI turn ("e2e4,e4e5"), or `none`
//   solutions L...;  our own: the expected help-play lines, each quoted ("e7e5 d1h5"), or `none`
//   tries T...;  our own: first turns the source marks as tries
//   author "text"; source "text";
//   id "text";   the problem's name
//   PV: m1 m2;   a known solution line in UCI, kept for reference
// Other operations are ignored; `stip` wins over `bm` and `dm`. Blank lines and lines starting
// with '#' are skipped. Only the syntax is checked here: whether the variant exists, the FEN is
// a position and the turns are legal is solver/puzzle/puzzle_file.h's concern.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"

namespace dm::puzzle {

struct EpdProblem {
  int line_number = 0;
  std::string id;
  std::string fen;
  std::string variant = "chess";
  std::vector<std::string> rules;
  std::string stipulation;
  std::vector<std::string> pv;
  // The expected keys (direct and self play) or solution lines (help play): nullopt when the
  // line gives none, empty for `none`.
  std::optional<std::vector<std::string>> keys;
  std::optional<std::vector<std::string>> solutions;
  std::vector<std::string> tries;
  std::string author;
  std::string source;
};

// The problem on one line, nullopt for a blank or comment line, or why the line is unusable
// (a message naming the field, without the line number).
std::optional<Expected<EpdProblem>> parse_epd_line(std::string_view line, int line_number);

}  // namespace dm::puzzle
