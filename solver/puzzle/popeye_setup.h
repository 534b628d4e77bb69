#pragma once
// A Popeye problem (one twin of it) as read, made into a checked Puzzle by Popeye's
// conventions, which a FEN states and Popeye input leaves implicit:
// - The side to move comes from the stipulation: White in direct, self and reflex play and in
//   series play (ser-#, ser-s#); Black in help play (h#N) and series help play (ser-h#N), White
//   in h#N.5. Option whitetoplay makes help play h#N start with White, as Popeye does by
//   shortening it to h#(N-1).5 (it does nothing to other play, as in Popeye); option halfduplex
//   hands the stipulation to the other side: the other side moves first.
// - Castling is possible for a king and a rook on their squares of the variant's initial array
//   (e1 and a1/h1; Mainzer f1 and a1/k1), unless option nocastling names either square.
// - En passant only where option enpassant gives the pawn's double step.
// The position must then pass the FEN reader's checks (one king a side where kings are royal,
// no pawn on the first or last rank, the side not to move not in check, ...).

#include <optional>
#include <string>
#include <vector>

#include "solver/puzzle/popeye_board.h"
#include "solver/puzzle/puzzle_file.h"

namespace dm::puzzle::popeye {

// What is wrong with the input, and on which line.
struct Flaw {
  int line = 0;
  std::string why;
};

// A word of the input with its line: the stipulation, as written.
struct Stated {
  std::string text;
  int line = 0;
};

// The condition: the variant with its KEY=VALUE rule options, and how Popeye prints it.
struct VariantSetting {
  std::string variant = "chess";
  std::vector<std::string> rules;
  std::string text;  // "Marseillais ep=second"; empty for orthodox chess
  int line = 0;
};

// What changes from twin to twin: the board, the stipulation and the condition.
struct TwinState {
  Board board;
  Stated stipulation;
  VariantSetting variant;
};

// What holds for every twin of a problem: Popeye's options and what the file says about it.
struct ProblemSettings {
  bool white_to_play = false;
  bool half_duplex = false;
  std::vector<Cell> no_castling;  // squares whose king or rook has lost its castling
  std::vector<Cell> en_passant;   // squares a pawn passed over in the move before the diagram
  int en_passant_line = 0;
  // Popeye's defaults: no tries, no set play unless the options ask for them.
  ShowOptions show{.tries = false,
                   .max_refutations = {},
                   .set_play = false,
                   .threats = {},
                   .post_key_play = {},
                   .max_solutions = {},
                   .stop_on_short_solutions = {}};
  std::string title;
  std::string author;
  std::string source;
  std::vector<std::string> remarks;
};

// Popeye's stipulation in dmsolve's words (problem::parse_stipulation: lower case, h#N with
// whitetoplay as h#(N-1).5) and the side that moves first.
struct Roles {
  std::string stipulation;
  Color to_move = Color::White;
};
Roles roles_of(const std::string& stipulation, const ProblemSettings& settings);

// The twin as a Puzzle (its position, variant, stipulation and the problem's settings), or the
// flaw that makes it none; `line` names the twin when no word is to blame.
std::optional<Flaw> make_puzzle(const TwinState& twin, const ProblemSettings& settings, int line, Puzzle& out);

}  // namespace dm::puzzle::popeye
