// The attacker's side of the box (EndingBound::army): its army, and where its pieces check and
// guard with the moves left, one and two at a time; the zones of the king's squares; and
// whether the army is a lone checker.

#include <algorithm>
#include <array>
#include <vector>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

EndingBound::Army EndingBound::army(const Position& pos, Color attacker, int moves) const {
  const int step = std::min(moves, kSteps - 1);
  Army a;
  for (Bitboard b = pos.pieces(attacker); b; ++a.count) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(from));
    a.roaming.add(t, shared_.attacks[index(attacker)][index(t)][from][step]);
    if (a.count < kMaxRefined) {
      a.froms[a.count] = from;
      a.types[a.count] = t;
    }
    if (t == PieceType::King) a.king = from;
  }
  return a;
}

EndingBound::Reach EndingBound::others(const Army& a, Color attacker, int i, int j, int moves) const {
  Reach reach{};
  for (int k = 0; k < a.count; ++k) {
    if (k != i && k != j) reach.add(a.types[k], shared_.attacks[index(attacker)][index(a.types[k])][a.froms[k]][moves]);
  }
  return reach;
}

Bitboard EndingBound::finishing_squares(const Defence& d, const Army& a, Color attacker, int i, Bitboard allowed,
                                        bool first_only) const {
  const auto& attacks = shared_.attacks[index(attacker)][index(a.types[i])];
  const Reach staying = others(a, attacker, i, i, 0);
  // The squares the king may end on with the piece anywhere it may go: where it goes, the king
  // may end only on some of these. A pawn's moves go all or none, so for it one square will do.
  const bool pawn = a.types[i] == PieceType::Pawn;
  const Bitboard ends = boxing_squares(d, staying.plus(a.types[i], attacks[a.froms[i]][1]), d.walk, pawn);
  if (!ends) return 0;
  if (pawn) return allowed;
  // The piece must go where it guards, for some square k the king may end on, each square next
  // to k that neither the others guard nor the defender's men may hold. A piece other than a
  // pawn attacks a square from every square it attacks from there (each piece of the variants
  // moves alike both ways), so it stands where it attacks from each of them.
  Bitboard guarding = 0;
  for (Bitboard b = ends; b;) {
    Bitboard need =
        shared_.geometry.leaps(PieceType::King, pop_lsb(b)) & shared_.geometry.board() & ~(staying.guards | d.holds);
    Bitboard from_where = ~Bitboard(0);
    while (need && from_where) from_where &= attacks[pop_lsb(need)][0];
    guarding |= from_where;
  }
  const auto king_zone = [&](Square s) { return square_bb(s) | shared_.geometry.leaps(PieceType::King, s); };
  const bool king_moves = a.types[i] == PieceType::King;
  const Bitboard staying_king = a.king == kNoSquare || king_moves ? 0 : king_zone(a.king);
  Bitboard squares = 0;
  for (Bitboard b = shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]) &
                    allowed & guarding;
       b;) {
    const Square to = pop_lsb(b);
    const Bitboard away = staying_king | (king_moves ? king_zone(to) : square_bb(to));
    if (!boxing_squares(d, staying.plus(a.types[i], attacks[to][0]), ends & ~away, true)) continue;
    squares |= square_bb(to);
    if (first_only) break;
  }
  return squares;
}

void bound::Zone::add(Square s) {
  const int j = n++;
  squares[size_t(j)] = s;
  if (j == 0) return;  // k itself is never left to fill
  const int half = (j - 1) / 4;
  const int bit = (j - 1) % 4;
  for (unsigned set = 0; set < 16; ++set) {
    if (!(set >> bit & 1)) left[size_t(half)][set] |= square_bb(s);
  }
}

bool EndingBound::lone_checker(const Defence& d, const Army& a) const {
  return shared_.goal == Goal::Mate && fill_.counts_stands(d) && a.count == 2 && a.king != kNoSquare &&
         a.types[0] != PieceType::Pawn && a.types[1] != PieceType::Pawn;
}

}  // namespace dm::search
