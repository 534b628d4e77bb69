#pragma once
// A pawn's fewest moves to each square, on an empty board, as the targets count them
// (series_targets.h, stalemate_targets.h): it pushes one square, or two from its first rank, and
// moves diagonally only onto a square of `takes` (the other side's pieces, which stand still
// through a series). Its promotions are the caller's.

#include <array>
#include <cstdint>

#include "rules/position.h"

namespace dm::search::targets {

using SquareCounts = std::array<uint8_t, kSquareSpace>;

// moves[s]: the fewest moves of c's pawn on `from` to stand on s as a pawn or to reach s on its
// last rank; kFar (the bound's unreachable) where it never may.
void count_pawn_moves(const Geometry& g, Color c, Square from, Bitboard takes, SquareCounts& moves);

}  // namespace dm::search::targets
