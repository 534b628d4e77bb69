// The stalemates of HelpTargets' listing (help_listing.h): every unit of the defender's placed
// without a move, or to be taken, and the squares next to its king covered (docs/help-bound.md,
// invariants 73 and 74).

#include <algorithm>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/targets/help_listing.h"

namespace dm::search {

using bound_detail::kFar;

void HelpTargets::place_man(Listing& listing, int v, Square s, PieceType t, uint8_t cost) {
  if (!listing.stalemate) {
    place(listing, v, s, t, cost);
    return;
  }
  const Geometry& g = *listing.g;
  // A man pinned in the picture needs nothing more.
  if (pinned(listing, s)) {
    place(listing, v, s, t, cost);
    return;
  }
  // Without a move: a piece's first steps each hold a man of its side's; a pawn's push is
  // blocked and no piece of the attacker's stands where it takes.
  const Bitboard held = listing.held;
  const Bitboard blocked = listing.blocked;
  const Bitboard no_attacker = listing.no_attacker;
  const Color defender = ~attacker_;
  if (t == PieceType::Pawn) {
    listing.blocked |= square_bb(Square(int(s) + pawn_forward(defender))) & g.board();
    listing.no_attacker |= g.pawn_attacks(defender, s) & g.board();
  } else {
    listing.held |= g.attacks(t, s, g.board()) & g.board();
  }
  place(listing, v, s, t, cost);
  listing.held = held;
  listing.blocked = blocked;
  listing.no_attacker = no_attacker;
  // Or pinned, by a rider of the attacker's placed beyond it on its line from k.
  listing.put(v, s, t, cost, true);
  place_pinner(listing, s);
  listing.lift(v, s, cost, true);
}

void HelpTargets::jam(Listing& listing) {
  if (!step(listing)) return;
  const Geometry& g = *listing.g;
  const Bitboard attackers = listing.attackers_placed(first_attacker_, units_);
  if (attackers & (listing.held | listing.no_attacker)) return;
  Bitboard defenders = square_bb(listing.k);
  int men_left = 0;
  int first_left = -1;
  for (int v = 1; v < first_attacker_; ++v) {
    const Square s = listing.at[size_t(v)];
    if (s == kNoSquare) {
      ++men_left;
      if (first_left < 0) first_left = v;
    } else if (s != kTaken) {
      defenders |= square_bb(s);
    }
  }
  // Each square still to hold a man takes a man of its own: at least the nearest's moves each.
  const Bitboard to_hold = listing.held & ~defenders;
  if (popcount(to_hold) > men_left) return;
  int least = 0;
  for (Bitboard b = to_hold; b;) {
    const Square q = pop_lsb(b);
    int fewest = kFar;
    for (int v = 1; v < first_attacker_; ++v) {
      if (!listing.placed(v)) fewest = std::min<int>(fewest, listing.cover_cost[size_t(v)][q]);
    }
    if (fewest == kFar) return;
    least += fewest;
  }
  if (listing.defender_used + least > defender_moves_) return;
  // A man on the first square to hold, each man and kind tried.
  if (to_hold) {
    place_on(listing, lsb(to_hold), 1, first_attacker_);
    return;
  }
  // A unit of either side's on the first pawn's push still open.
  const Bitboard to_block = listing.blocked & ~listing.occupied;
  if (to_block) {
    place_on(listing, lsb(to_block), 1, units_);
    return;
  }
  // The squares next to the king, each filled or guarded.
  bool dead = false;
  const Square open = first_open_flight(listing, dead);
  if (dead) return;
  if (open != kNoSquare) {
    cover_flight(listing, open);
    return;
  }
  // Then each man left, in order: taken (one move of the attacker's each), or placed on some
  // square without a move.
  if (first_left >= 0) {
    const int v = first_left;
    if (listing.taken + 1 <= attacker_moves_) {
      listing.at[size_t(v)] = kTaken;
      ++listing.taken;
      jam(listing);
      --listing.taken;
      listing.at[size_t(v)] = kNoSquare;
    }
    for (Bitboard b = g.board() & ~listing.occupied; b;) {
      const Square s = pop_lsb(b);
      if (listing.cover_cost[size_t(v)][s] + listing.defender_used > defender_moves_) continue;
      place_on(listing, s, v, v + 1);
    }
    return;
  }
  record(listing);
}

}  // namespace dm::search
