// The steps of HelpTargets' listing that both goals take (help_listing.h): the king's squares, the
// squares next to the king, and placing a unit.

#include "solver/search/help/targets/help_listing.h"

#include <algorithm>

#include "solver/search/help/bound/bound_detail.h"

namespace dm::search {

using bound_detail::kFar;
using bound_detail::king_walk;

void HelpTargets::list(const Position& root) {
  const Geometry& g = root.geometry();
  Listing listing;
  listing.g = &g;
  listing.stalemate = goal_ == Goal::Stalemate;
  listing.ends.resize(size_t(units_));
  listing.cover_cost.resize(size_t(units_));
  for (int u = 0; u < units_; ++u) {
    const PieceType t = root_kinds_[size_t(u)];
    listing.ends[size_t(u)].push_back(t);
    if (t == PieceType::Pawn) {
      listing.ends[size_t(u)].insert(listing.ends[size_t(u)].end(), promotions_.begin(), promotions_.end());
    }
    auto& row = listing.cover_cost[size_t(u)];
    row.fill(kFar);
    for (Bitboard b = g.board(); b;) {
      const Square s = pop_lsb(b);
      row[s] = u < first_attacker_ ? moves_from_root(u, PieceType::None, s)
                                   : tables_.moves_to_attack(t, attacker_, root_squares_[size_t(u)], s);
    }
  }
  for (Bitboard kb = g.board(); kb && holds_;) {
    const Square k = pop_lsb(kb);
    const int walk = king_walk(root_squares_[0], k);
    if (walk > defender_moves_) continue;
    listing.k = k;
    listing.flights = g.leaps(PieceType::King, k) & g.board();
    listing.at.fill(kNoSquare);
    listing.at[0] = k;
    listing.as[0] = PieceType::King;
    listing.occupied = square_bb(k);
    listing.defender_used = walk;
    listing.attacker_used = 0;
    if (listing.stalemate) {
      jam(listing);
    } else {
      list_checks(listing);
    }
  }
  if (!holds_) {
    count_ = 0;
    squares_.clear();
    kinds_.clear();
    arriving_.clear();
    root_needs_.clear();
  }
}

bool HelpTargets::step(Listing& listing) {
  if (!holds_) return false;
  if (++listing.steps > kMostSteps) {
    holds_ = false;
    return false;
  }
  return true;
}

void HelpTargets::place(Listing& listing, int u, Square s, PieceType t, uint8_t cost) {
  listing.put(u, s, t, cost, u < first_attacker_);
  if (listing.stalemate) {
    jam(listing);
  } else {
    cover(listing);
  }
  listing.lift(u, s, cost, u < first_attacker_);
}

void HelpTargets::place_on(Listing& listing, Square s, int first, int last) {
  for (int u = first; u < last; ++u) {
    if (listing.placed(u)) continue;
    const bool man = u < first_attacker_;
    const int used = man ? listing.defender_used : listing.attacker_used;
    const int most = man ? defender_moves_ : attacker_moves_;
    for (const PieceType t : listing.ends[size_t(u)]) {
      if (!man && !may_stand(listing, t, s)) continue;
      const uint8_t cost = moves_from_root(u, t, s);
      if (used + cost > most) continue;
      if (man) {
        place_man(listing, u, s, t, cost);
      } else {
        place(listing, u, s, t, cost);
      }
    }
  }
}

bool HelpTargets::guarded(const Listing& listing, Square f) const {
  const Geometry& g = *listing.g;
  const Bitboard seen_through = listing.occupied & ~square_bb(listing.k);  // the king's square seen through
  for (int w = first_attacker_; w < units_; ++w) {
    const Square s = listing.at[size_t(w)];
    if (s == kNoSquare || s == f) continue;
    const PieceType t = listing.as[size_t(w)];
    const Bitboard attacks = t == PieceType::Pawn ? g.pawn_attacks(attacker_, s) : g.attacks(t, s, seen_through);
    if (has(attacks, f)) return true;
  }
  return false;
}

Square HelpTargets::first_open_flight(const Listing& listing, bool& dead) const {
  // The squares next to k left open. Each must still be coverable by some unit left within its
  // side's moves; those that only a man of the defender's may fill take one man each, so their
  // fewest moves add up.
  dead = false;
  Square open = kNoSquare;
  int fill_only = 0;
  int fill_moves = 0;
  for (Bitboard b = listing.flights; b;) {
    const Square f = pop_lsb(b);
    bool filled = false;
    for (int v = 1; v < first_attacker_ && !filled; ++v) filled = listing.at[size_t(v)] == f;
    if (filled || guarded(listing, f)) continue;
    if (open == kNoSquare) open = f;
    int fill = kFar;
    if (!has(listing.occupied | listing.check_line, f)) {
      for (int v = 1; v < first_attacker_; ++v) {
        if (!listing.placed(v)) fill = std::min<int>(fill, listing.cover_cost[size_t(v)][f]);
      }
    }
    bool guardable = false;
    for (int w = first_attacker_; w < units_ && !guardable; ++w) {
      guardable = !listing.placed(w) && listing.attacker_used + listing.cover_cost[size_t(w)][f] <= attacker_moves_;
    }
    if (guardable) continue;
    if (fill == kFar) {
      dead = true;
      return kNoSquare;
    }
    ++fill_only;
    fill_moves += fill;
  }
  if (fill_only > 0) {
    int men_left = 0;
    for (int v = 1; v < first_attacker_; ++v) men_left += !listing.placed(v);
    dead = fill_only > men_left || listing.defender_used + fill_moves > defender_moves_;
  }
  return open;
}

bool HelpTargets::may_stand(const Listing& listing, PieceType t, Square s) const {
  if (has(listing.occupied | listing.check_line, s)) return false;
  const Geometry& g = *listing.g;
  if (t == PieceType::King && has(g.leaps(PieceType::King, listing.k), s)) return false;
  if (!listing.stalemate) return true;
  // In a stalemate no piece of the attacker's stands where a man would take it, nor checks the
  // king from next to it or by a leap (a check no unit may block).
  if (has(listing.held | listing.no_attacker, s)) return false;
  const Bitboard first_steps = t == PieceType::Pawn ? g.pawn_attacks(attacker_, s) : g.attacks(t, s, g.board());
  return !has(first_steps, listing.k);
}

void HelpTargets::cover_flight(Listing& listing, Square open) {
  const Geometry& g = *listing.g;
  const Color defender = ~attacker_;
  // A man of the defender's on it, as each kind it may end as: what it may do hangs on it.
  if (!has(listing.occupied | listing.check_line, open)) place_on(listing, open, 1, first_attacker_);
  // A piece of the attacker's that guards it, from a square where it may stand.
  const Bitboard seen_through = listing.occupied & ~square_bb(listing.k);
  for (int w = first_attacker_; w < units_; ++w) {
    if (listing.placed(w)) continue;
    for (const PieceType t : listing.ends[size_t(w)]) {
      const Bitboard from =
          (t == PieceType::Pawn ? g.pawn_attacks(defender, open) : g.attacks(t, open, seen_through)) & g.board();
      for (Bitboard b = from & ~square_bb(open); b;) {
        const Square s = pop_lsb(b);
        if (!may_stand(listing, t, s)) continue;
        const uint8_t cost = moves_from_root(w, t, s);
        if (listing.attacker_used + cost <= attacker_moves_) place(listing, w, s, t, cost);
      }
    }
  }
}

bool HelpTargets::pinned(const Listing& listing, Square s) const {
  const Geometry& g = *listing.g;
  const Square k = listing.k;
  const int d = g.direction(k, s);
  if (d == kNoDirection || (g.between(k, s) & listing.occupied)) return false;
  const bool orthogonal = is_orthogonal(d);
  for (int w = first_attacker_; w < units_; ++w) {
    const Square p = listing.at[size_t(w)];
    if (p == kNoSquare || !has(g.between(k, p), s) || (g.between(s, p) & listing.occupied)) continue;
    const PieceType t = listing.as[size_t(w)];
    if (orthogonal ? g.rides_orthogonal(t) : g.rides_diagonal(t)) return true;
  }
  return false;
}

void HelpTargets::place_pinner(Listing& listing, Square s) {
  const Geometry& g = *listing.g;
  const Square k = listing.k;
  const int d = g.direction(k, s);
  if (d == kNoDirection || (g.between(k, s) & listing.occupied)) return;
  const bool orthogonal = is_orthogonal(d);
  for (Bitboard b = g.line(k, s) & g.board() & ~listing.occupied; b;) {
    const Square p = pop_lsb(b);
    if (!has(g.between(k, p), s) || (g.between(s, p) & listing.occupied)) continue;
    for (int w = first_attacker_; w < units_; ++w) {
      if (listing.placed(w)) continue;
      for (const PieceType t : listing.ends[size_t(w)]) {
        if (!(orthogonal ? g.rides_orthogonal(t) : g.rides_diagonal(t)) || !may_stand(listing, t, p)) continue;
        const uint8_t cost = moves_from_root(w, t, p);
        if (listing.attacker_used + cost <= attacker_moves_) place(listing, w, p, t, cost);
      }
    }
  }
}

}  // namespace dm::search
