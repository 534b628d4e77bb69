// A pawn's fewest moves on an empty board (pawn_moves.h).

#include "solver/search/help/targets/pawn_moves.h"

#include <algorithm>

#include "solver/search/help/bound/bound_detail.h"

namespace dm::search::targets {

void count_pawn_moves(const Geometry& g, Color c, Square from, Bitboard takes, SquareCounts& moves) {
  const int last_rank = c == Color::White ? g.ranks() - 1 : 0;
  const int start_rank = c == Color::White ? 1 : g.ranks() - 2;
  const int step = c == Color::White ? 1 : -1;
  moves.fill(bound_detail::kFar);
  if (rank_of(from) == last_rank) return;  // no pawn stands there
  moves[from] = 0;
  for (int rank = rank_of(from); rank != last_rank; rank += step) {
    for (int file = 0; file < g.files(); ++file) {
      const Square x = make_square(file, rank);
      if (moves[x] == bound_detail::kFar) continue;
      const uint8_t next = uint8_t(moves[x] + 1);
      const Square ahead = Square(int(x) + pawn_forward(c));
      moves[ahead] = std::min(moves[ahead], next);
      if (rank == start_rank) {
        const Square two = Square(int(ahead) + pawn_forward(c));
        moves[two] = std::min(moves[two], next);
      }
      for (Bitboard b = g.pawn_attacks(c, x) & takes; b;) {
        const Square to = pop_lsb(b);
        moves[to] = std::min(moves[to], next);
      }
    }
  }
}

PawnCounts::PawnCounts(const bound::DistanceTables& tables, Color c, Bitboard takes, const PieceTypeList& promotions)
    : last_rank_(c == Color::White ? tables.geometry.ranks() - 1 : 0),
      promotions_(promotions.begin(), promotions.end()) {
  const Geometry& g = tables.geometry;
  pawn_.assign(kSquareSpace, {});
  for (auto& row : pawn_) row.fill(bound_detail::kFar);
  for (Bitboard f = g.board(); f;) {
    const Square from = pop_lsb(f);
    count_pawn_moves(g, c, from, takes, pawn_[from]);
  }
  for (const PieceType t : promotions_) {
    auto& rows = promoted_[size_t(index(t))];
    rows.assign(kSquareSpace, {});
    for (auto& row : rows) row.fill(bound_detail::kFar);
    for (Bitboard f = g.board(); f;) {
      const Square from = pop_lsb(f);
      for (int file = 0; file < g.files(); ++file) {
        const Square promotion = make_square(file, last_rank_);
        const uint8_t there = pawn_[from][promotion];
        if (there == bound_detail::kFar) continue;
        for (Bitboard s = g.board(); s;) {
          const Square to = pop_lsb(s);
          const uint8_t moves = bound_detail::add(there, tables.moves_to_reach(t, c, promotion, to));
          rows[from][to] = std::min(rows[from][to], moves);
        }
      }
    }
  }
}

uint8_t PawnCounts::moves(Square from, PieceType then, Square to) const {
  if (then == PieceType::Pawn) return rank_of(to) == last_rank_ ? bound_detail::kFar : pawn_[from][to];
  if (then != PieceType::None) {
    const auto& rows = promoted_[size_t(index(then))];
    return rows.empty() ? bound_detail::kFar : rows[from][to];
  }
  uint8_t fewest = pawn_[from][to];
  for (const PieceType t : promotions_) fewest = std::min(fewest, promoted_[size_t(index(t))][from][to]);
  return fewest;
}

}  // namespace dm::search::targets
