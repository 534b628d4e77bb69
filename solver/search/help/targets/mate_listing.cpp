// The mates of HelpTargets' listing (help_listing.h): a checker, the squares next to the king
// covered, and the parries stopped (docs/help-bound.md, invariants 69 to 71).

#include <algorithm>

#include "solver/search/help/targets/help_listing.h"

namespace dm::search {

namespace {

bool is_leaper(const Geometry& g, PieceType t) { return !g.rides_orthogonal(t) && !g.rides_diagonal(t); }

}  // namespace

void HelpTargets::place_checker(Listing& listing, int u, PieceType t, Bitboard from) {
  const Geometry& g = *listing.g;
  const bool leaper = is_leaper(g, t);
  const int arriving = listing.arriving;
  const Bitboard line = listing.check_line;
  if (leaper) listing.arriving = u;
  for (Bitboard b = from; b && holds_;) {
    const Square c = pop_lsb(b);
    const uint8_t cost =
        leaper ? moves_arriving(u, root_kinds_[size_t(u)], root_squares_[size_t(u)], t, c) : moves_from_root(u, t, c);
    if (listing.attacker_used + cost > attacker_moves_) continue;
    listing.check_line = line | (leaper ? 0 : g.between(c, listing.k));
    place(listing, u, c, t, cost);
  }
  listing.arriving = arriving;
  listing.check_line = line;
}

void HelpTargets::list_checks(Listing& listing) {
  const Geometry& g = *listing.g;
  const Color defender = ~attacker_;
  const Square k = listing.k;
  // The checker: a piece of the attacker's (its king never checks) standing where it attacks k.
  for (int u = first_attacker_; u < units_ && holds_; ++u) {
    if (root_kinds_[size_t(u)] == PieceType::King) continue;
    for (const PieceType t : listing.ends[size_t(u)]) {
      place_checker(listing, u, t,
                    (t == PieceType::Pawn ? g.pawn_attacks(defender, k) : g.attacks(t, k, 0)) & g.board());
    }
  }
}

void HelpTargets::cover(Listing& listing) {
  if (!step(listing)) return;
  bool dead = false;
  const Square open = first_open_flight(listing, dead);
  if (dead) return;
  if (open == kNoSquare) {
    stop_parries(listing);
  } else {
    cover_flight(listing, open);
  }
}

void HelpTargets::stop_parries(Listing& listing) {
  const Geometry& g = *listing.g;
  const Square k = listing.k;
  const Bitboard occupied = listing.occupied;
  // The checks of the placed pieces (their lines clear of placed units).
  Square checker = kNoSquare;
  int checks = 0;
  for (int w = first_attacker_; w < units_; ++w) {
    const Square c = listing.at[size_t(w)];
    if (c == kNoSquare) continue;
    const PieceType t = listing.as[size_t(w)];
    const Bitboard attacks = t == PieceType::Pawn ? g.pawn_attacks(attacker_, c) : g.attacks(t, c, occupied);
    if (!has(attacks, k)) continue;
    checker = c;
    ++checks;
  }
  // In a double check no man of the defender's parries (invariant 70).
  if (checks >= 2) {
    record(listing);
    return;
  }
  // A placed man, not pinned by a placed rider, that takes the checker or steps onto its line
  // over squares no placed unit stands on (`path`: those squares).
  const Color defender = ~attacker_;
  const Bitboard line = listing.check_line;
  const Bitboard between = g.between(checker, k);
  const Bitboard parry = square_bb(checker) | between;
  int parrier = -1;
  Bitboard path = 0;
  for (int v = 1; v < first_attacker_ && parrier < 0; ++v) {
    const Square s = listing.at[size_t(v)];
    if (s == kNoSquare || pinned(listing, s)) continue;
    const PieceType t = listing.as[size_t(v)];
    if (t != PieceType::Pawn) {
      const Bitboard reach = g.attacks(t, s, occupied) & parry;
      if (reach) {
        parrier = v;
        path = g.between(s, lsb(reach));
      }
      continue;
    }
    const Square one = Square(int(s) + pawn_forward(defender));
    const Square two = Square(int(one) + pawn_forward(defender));
    const bool first_rank = rank_of(s) == (defender == Color::White ? 1 : g.ranks() - 2);
    // A pawn takes only the checker, and pushes only onto the line between.
    if (has(g.pawn_attacks(defender, s), checker) || has(between, one)) {
      parrier = v;
    } else if (first_rank && !has(occupied, one) && has(between, two)) {
      parrier = v;
      path = square_bb(one);
    }
  }
  if (parrier < 0) {
    record(listing);
    return;
  }
  // A unit of either side's on the path (not on the check's line), placed as each kind it may be.
  for (Bitboard b = path & ~line; b;) place_on(listing, pop_lsb(b), 1, units_);
  // Or it is pinned by a rider of the attacker's, placed beyond it on its line from k; or a second
  // check comes.
  place_pinner(listing, listing.at[size_t(parrier)]);
  const Bitboard free = g.board() & ~occupied & ~line;
  for (int w = first_attacker_; w < units_; ++w) {
    if (listing.at[size_t(w)] != kNoSquare || root_kinds_[size_t(w)] == PieceType::King) continue;
    for (const PieceType t : listing.ends[size_t(w)]) {
      // Of two checks one is a rider's, which the last move uncovers (two leapers never check at once).
      if (is_leaper(g, t) && listing.arriving >= 0) continue;
      place_checker(listing, w, t,
                    (t == PieceType::Pawn ? g.pawn_attacks(defender, k) : g.attacks(t, k, occupied)) & free);
    }
  }
}

}  // namespace dm::search
