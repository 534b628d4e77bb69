#pragma once
// A pawn's fewest moves to each square, on an empty board, as the targets count them
// (series_targets.h, stalemate_targets.h, help_targets.h): it pushes one square, or two from its
// first rank, and moves diagonally only onto a square of `takes` (the other side's pieces where
// they stand still through a series; every square where both sides move).

#include <array>
#include <cstdint>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/distance_tables.h"

namespace dm::search::targets {

using SquareCounts = std::array<uint8_t, kSquareSpace>;

// moves[s]: the fewest moves of c's pawn on `from` to stand on s as a pawn or to reach s on its
// last rank; kFar (the bound's unreachable) where it never may.
void count_pawn_moves(const Geometry& g, Color c, Square from, Bitboard takes, SquareCounts& moves);

// Those counts from every square, and on through each promotion as the new piece (its moves
// read from the bound's tables).
class PawnCounts {
 public:
  PawnCounts(const bound::DistanceTables& tables, Color c, Bitboard takes, const PieceTypeList& promotions);
  // The fewest moves of the pawn on `from` to stand on `to` as `then`: a pawn (short of its last
  // rank), a kind it promotes to, or PieceType::None for any of them. kFar where it never may.
  uint8_t moves(Square from, PieceType then, Square to) const;

 private:
  int last_rank_ = 0;
  std::vector<PieceType> promotions_;
  std::vector<SquareCounts> pawn_;                                   // [from][to]
  std::array<std::vector<SquareCounts>, kPieceTypeCount> promoted_;  // [kind][from][to]
};

}  // namespace dm::search::targets
