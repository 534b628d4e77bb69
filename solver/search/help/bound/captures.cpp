// The defender's pieces that must be captured in a stalemate (EndingBound::must_be_captured):
// those that cannot end hemmed in (stalemate_hem.h) and that no pin may hold, and the squares
// where the attacker may take them in time.

#include <algorithm>
#include <vector>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

EndingBound::Captured EndingBound::must_be_captured(const Defence& d, const Army& a, Color attacker, int attacker_moves,
                                                    bool together) const {
  Captured captured;
  const Bitboard pieces = d.men & ~d.position->pieces(PieceType::Pawn);
  if (!pieces) return captured;
  const bound::StalemateHem::Unhemmed hems = hem_.unhemmed(d, pieces);
  // Nothing to ask where every piece may be hemmed in: the pin lines are not worked out.
  if (!hems.alone && (!together || hems.fewest == 0)) return captured;
  const int step = std::min(attacker_moves, kSteps - 1);
  bool pin_orthogonal = a.count > kMaxRefined;
  bool pin_diagonal = a.count > kMaxRefined;
  const auto may_pin_as = [&](PieceType t) {
    pin_orthogonal |= shared_.geometry.rides_orthogonal(t);
    pin_diagonal |= shared_.geometry.rides_diagonal(t);
  };
  for (int i = 0; i < std::min(a.count, kMaxRefined); ++i) {
    if (a.types[size_t(i)] != PieceType::Pawn) {
      may_pin_as(a.types[size_t(i)]);
      continue;
    }
    for (size_t x = 1; x < shared_.pawn_kinds.size(); ++x) {
      const Within& as = shared_.pawn_as[index(attacker)][index(shared_.pawn_kinds[x])];
      if (!as.empty() && as[a.froms[size_t(i)]][step]) may_pin_as(shared_.pawn_kinds[x]);
    }
  }
  const auto may_be_pinned = [&](Square from) {
    const PieceType t = type_of(d.position->piece_on(from));
    return (pin_orthogonal && !shared_.geometry.rides_orthogonal(t)) ||
           (pin_diagonal && !shared_.geometry.rides_diagonal(t));
  };
  bool pinned = false;
  for (Bitboard b = pieces; b && together;) pinned |= may_be_pinned(pop_lsb(b));
  const bool counted_together = together && !pinned;
  const Bitboard taken = takeable(a, attacker, attacker_moves);
  for (Bitboard b = counted_together ? hems.together : hems.alone; b;) {
    const Square from = pop_lsb(b);
    if (may_be_pinned(from)) continue;
    captured.men |= square_bb(from);
    captured.moves_first += !has(taken, from);
  }
  if (counted_together) captured.more = hems.fewest - popcount(captured.men);
  return captured;
}

Bitboard EndingBound::takeable(const Army& a, Color attacker, int attacker_moves) const {
  if (a.count > kMaxRefined) return ~Bitboard(0);
  if (attacker_moves < 1) return 0;
  const int step = std::min(attacker_moves - 1, kSteps - 1);
  Bitboard taken = 0;
  for (int i = 0; i < a.count; ++i) {
    const Within& attacks = shared_.attacks[index(attacker)][index(a.types[size_t(i)])];
    if (!attacks.empty()) taken |= attacks[a.froms[size_t(i)]][size_t(step)];
  }
  return taken;
}

bool EndingBound::take_off_the_captured(Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Captured captured = must_be_captured(d, a, attacker, attacker_moves, true);
  if (!captured.men && !captured.more) return true;
  if (!captured.in_time(d, attacker_moves)) return false;
  d = defence(*d.position, d.color, d.moves - captured.moves_first, d.men & ~captured.men);
  d.as_it_stands = true;
  return true;
}

}  // namespace dm::search
