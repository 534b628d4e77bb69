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

}  // namespace dm::search::targets
