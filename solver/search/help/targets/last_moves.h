#pragma once
// The other side's last move in series help play, as the targets list it (series_targets.h,
// stalemate_targets.h): that side stands still through the series, so its one move after it is
// one of the moves its pieces may make from where they stand, on a board where the series
// mover's men may stand anywhere and its own pieces may have been taken.

#include <vector>

#include "rules/position.h"

namespace dm::search::targets {

// Whether `variant` has orthodox men on an 8x8 board, a royal king, captures free and any piece
// free to make a turn's later moves.
bool orthodox_men(const Variant& variant);
// Whether the targets hold in `variant`: orthodox men, one move a turn (docs/help-bound.md,
// invariant 54).
bool lists_moves_of(const Variant& variant);

// What a piece of kind t of colour c on s attacks on an empty board.
Bitboard empty_board_attacks(const Geometry& g, PieceType t, Color c, Square s);

// One move of the other side's: a piece from `from` to `to`, standing there as `kind`.
struct LastMove {
  Square from;
  Square to;
  PieceType kind;
  bool capture;
  Bitboard path;  // the squares it passes
};

// Where a man of the series mover's may stand pinned with its king on k: between k and a rider of
// the other side's on that rider's line (`orthogonal`, `diagonal`: the squares of the other
// side's pieces that ride so). A superset of the pins the final position may hold.
Bitboard pinnable_squares(const Geometry& g, Square k, Bitboard orthogonal, Bitboard diagonal);

// Every such move of `side`'s pieces in pos: a rider's over every square of its lines, a quiet
// move and a capture onto each square (a pawn's as its moves go), each promotion apart.
std::vector<LastMove> last_moves(const Position& pos, Color side);

}  // namespace dm::search::targets
