// MateTargets: the final pictures of h#, and the walk that follows both sides' units toward them.

#include "solver/search/help/targets/mate_targets.h"

#include <algorithm>
#include <cassert>
#include <string>
#include <unordered_set>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/targets/last_moves.h"

namespace dm::search {

namespace {

using bound_detail::kFar;
using bound_detail::king_walk;

}  // namespace

bool MateTargets::applies(const Variant& variant, Play play, Goal goal) {
  return play == Play::Help && goal == Goal::Mate && targets::lists_moves_of(variant);
}

MateTargets::MateTargets(const EndingBound::Shared& tables, const Position& root, Color mater, int mater_moves,
                         int mated_moves)
    : tables_(tables), mater_(mater), mater_moves_(mater_moves), mated_moves_(mated_moves) {
  const Color mated = ~mater;
  const Square king = root.king_square(mated);
  if (king == kNoSquare || root.castling_rights()) return;
  if (popcount(root.pieces(Color::White) | root.pieces(Color::Black)) > kMostUnits) return;
  // The mated side's king first, then its other units, then the mater's king and units.
  const auto add = [&](Square s) {
    root_squares_[size_t(units_)] = s;
    root_kinds_[size_t(units_)] = type_of(root.piece_on(s));
    ++units_;
  };
  add(king);
  for (Bitboard b = root.pieces(mated) & ~square_bb(king); b;) add(pop_lsb(b));
  first_mater_ = units_;
  const Square mater_king = root.king_square(mater);
  if (mater_king != kNoSquare) add(mater_king);
  for (Bitboard b = root.pieces(mater) & ~square_bb(mater_king); b;) add(pop_lsb(b));
  for (const PieceType t : root.variant().promotions) promotions_.push_back(t);
  // Both sides move: a pawn may find something to take on any square.
  const Bitboard anywhere = root.geometry().board();
  for (const Color c : {Color::White, Color::Black}) {
    pawns_[size_t(index(c))].emplace(tables_, c, anywhere, root.variant().promotions);
  }
  holds_ = true;
  list(root);
}

uint8_t MateTargets::moves(int u, PieceType now, Square from, PieceType then, Square to) const {
  const Color c = u < first_mater_ ? ~mater_ : mater_;
  if (now == PieceType::King || then == PieceType::King) {
    return now == then ? uint8_t(king_walk(from, to)) : kFar;
  }
  if (now == PieceType::Pawn) return pawns_[size_t(index(c))]->moves(from, then, to);
  if (then != PieceType::None && then != now) return kFar;
  return tables_.moves_to_reach(now, c, from, to);  // kUnreachable is kFar
}

uint8_t MateTargets::moves_arriving(int u, PieceType now, Square from, PieceType then, Square to) const {
  if (from != to || now != then) return moves(u, now, from, then, to);
  return then == PieceType::Knight ? 2 : kFar;  // out and back; a pawn never comes back
}

// The listing's state: the units placed so far, and what it has listed.
struct MateTargets::Listing {
  const Geometry* g = nullptr;
  uint64_t steps = 0;
  Square k = kNoSquare;
  Bitboard flights = 0;     // the squares next to k
  Bitboard check_line = 0;  // between the checker and k: no unit stands there
  Bitboard occupied = 0;    // the squares placed, k among them
  int arriving = -1;        // the leaper that checks, which makes the last move
  int mater_used = 0;
  int mated_used = 0;
  std::array<Square, kMostUnits> at{};  // kNoSquare: free
  std::array<PieceType, kMostUnits> as{};
  std::vector<std::vector<PieceType>> ends;  // the kinds each unit may end as
  // [u][s]: unit u's fewest moves to stand on s as any kind (the mated side's) or to attack s
  // (the mater's), on an empty board: what covering s costs it at least.
  std::vector<std::array<uint8_t, kSquareSpace>> cover_cost;
  std::unordered_set<std::string> seen;  // the pictures listed (two orders may place the same)
};

void MateTargets::list(const Position& root) {
  const Geometry& g = root.geometry();
  const Color mated = ~mater_;
  Listing listing;
  listing.g = &g;
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
      row[s] = u < first_mater_ ? moves_from_root(u, PieceType::None, s)
                                : tables_.moves_to_attack(t, mater_, root_squares_[size_t(u)], s);
    }
  }
  for (Bitboard kb = g.board(); kb && holds_;) {
    const Square k = pop_lsb(kb);
    const int walk = king_walk(root_squares_[0], k);
    if (walk > mated_moves_) continue;
    listing.k = k;
    listing.flights = g.leaps(PieceType::King, k) & g.board();
    listing.at.fill(kNoSquare);
    listing.at[0] = k;
    listing.as[0] = PieceType::King;
    listing.occupied = square_bb(k);
    listing.mated_used = walk;
    listing.mater_used = 0;
    // The checker: a piece of the mater's (its king never checks) standing where it attacks k.
    for (int u = first_mater_; u < units_ && holds_; ++u) {
      if (root_kinds_[size_t(u)] == PieceType::King) continue;
      for (const PieceType t : listing.ends[size_t(u)]) {
        const Bitboard from = (t == PieceType::Pawn ? g.pawn_attacks(mated, k) : g.attacks(t, k, 0)) & g.board();
        const bool leaper = !g.rides_orthogonal(t) && !g.rides_diagonal(t);
        listing.arriving = leaper ? u : -1;
        for (Bitboard b = from; b && holds_;) {
          const Square c = pop_lsb(b);
          const uint8_t cost = leaper ? moves_arriving(u, root_kinds_[size_t(u)], root_squares_[size_t(u)], t, c)
                                      : moves_from_root(u, t, c);
          if (cost > mater_moves_) continue;
          listing.check_line = leaper ? 0 : g.between(c, k);
          place(listing, u, c, t, cost);
        }
        listing.arriving = -1;
      }
    }
    listing.check_line = 0;
  }
  if (!holds_) {
    count_ = 0;
    squares_.clear();
    kinds_.clear();
    arriving_.clear();
    root_needs_.clear();
  }
}

void MateTargets::place(Listing& listing, int u, Square s, PieceType t, uint8_t cost) {
  int& used = u < first_mater_ ? listing.mated_used : listing.mater_used;
  listing.at[size_t(u)] = s;
  listing.as[size_t(u)] = t;
  listing.occupied |= square_bb(s);
  used += cost;
  cover(listing);
  used -= cost;
  listing.occupied &= ~square_bb(s);
  listing.at[size_t(u)] = kNoSquare;
}

void MateTargets::cover(Listing& listing) {
  if (!holds_) return;
  if (++listing.steps > kMostSteps) {
    holds_ = false;
    return;
  }
  const Geometry& g = *listing.g;
  const Color mated = ~mater_;
  const Bitboard seen_through = listing.occupied & ~square_bb(listing.k);  // the king's square seen through
  // What the mater's placed pieces guard, each square apart from the one it stands on.
  const auto guarded = [&](Square f) {
    for (int w = first_mater_; w < units_; ++w) {
      const Square s = listing.at[size_t(w)];
      if (s == kNoSquare || s == f) continue;
      const PieceType t = listing.as[size_t(w)];
      const Bitboard attacks = t == PieceType::Pawn ? g.pawn_attacks(mater_, s) : g.attacks(t, s, seen_through);
      if (has(attacks, f)) return true;
    }
    return false;
  };
  // The squares next to k left open. Each must still be coverable by some unit left within its
  // side's moves; those that only a man of the mated side's may fill take one man each, so their
  // fewest moves add up.
  Square open = kNoSquare;
  int fill_only = 0;
  int fill_moves = 0;
  for (Bitboard b = listing.flights; b;) {
    const Square f = pop_lsb(b);
    bool filled = false;
    for (int v = 1; v < first_mater_ && !filled; ++v) filled = listing.at[size_t(v)] == f;
    if (filled || guarded(f)) continue;
    if (open == kNoSquare) open = f;
    int fill = kFar;
    if (!has(listing.occupied | listing.check_line, f)) {
      for (int v = 1; v < first_mater_; ++v) {
        if (listing.at[size_t(v)] == kNoSquare) fill = std::min<int>(fill, listing.cover_cost[size_t(v)][f]);
      }
    }
    bool guardable = false;
    for (int w = first_mater_; w < units_ && !guardable; ++w) {
      guardable =
          listing.at[size_t(w)] == kNoSquare && listing.mater_used + listing.cover_cost[size_t(w)][f] <= mater_moves_;
    }
    if (guardable) continue;
    if (fill == kFar) return;
    ++fill_only;
    fill_moves += fill;
  }
  if (fill_only > 0) {
    int men_left = 0;
    for (int v = 1; v < first_mater_; ++v) men_left += listing.at[size_t(v)] == kNoSquare;
    if (fill_only > men_left || listing.mated_used + fill_moves > mated_moves_) return;
  }
  if (open == kNoSquare) {
    stop_parries(listing);
    return;
  }
  // A man of the mated side's on it.
  if (!has(listing.occupied | listing.check_line, open)) {
    for (int v = 1; v < first_mater_; ++v) {
      if (listing.at[size_t(v)] != kNoSquare) continue;
      // As each kind it may end as: what it may parry hangs on it.
      for (const PieceType t : listing.ends[size_t(v)]) {
        const uint8_t cost = moves_from_root(v, t, open);
        if (listing.mated_used + cost <= mated_moves_) place(listing, v, open, t, cost);
      }
    }
  }
  // A piece of the mater's that guards it, from a square free of the placed units and of the
  // check's line (its king not next to k).
  const Bitboard free = g.board() & ~listing.occupied & ~listing.check_line & ~square_bb(open);
  for (int w = first_mater_; w < units_; ++w) {
    if (listing.at[size_t(w)] != kNoSquare) continue;
    for (const PieceType t : listing.ends[size_t(w)]) {
      Bitboard from = (t == PieceType::Pawn ? g.pawn_attacks(mated, open) : g.attacks(t, open, seen_through)) & free;
      if (t == PieceType::King) from &= ~g.leaps(PieceType::King, listing.k);
      for (Bitboard b = from; b;) {
        const Square s = pop_lsb(b);
        const uint8_t cost = moves_from_root(w, t, s);
        if (listing.mater_used + cost <= mater_moves_) place(listing, w, s, t, cost);
      }
    }
  }
}

void MateTargets::stop_parries(Listing& listing) {
  const Geometry& g = *listing.g;
  const Square k = listing.k;
  const Bitboard occupied = listing.occupied;
  // The checks of the placed pieces (their lines clear of placed units).
  Square checker = kNoSquare;
  int checks = 0;
  for (int w = first_mater_; w < units_; ++w) {
    const Square c = listing.at[size_t(w)];
    if (c == kNoSquare) continue;
    const PieceType t = listing.as[size_t(w)];
    const Bitboard attacks = t == PieceType::Pawn ? g.pawn_attacks(mater_, c) : g.attacks(t, c, occupied);
    if (!has(attacks, k)) continue;
    checker = c;
    ++checks;
  }
  // In a double check no man of the mated side's parries (invariant 70).
  if (checks >= 2) {
    record(listing);
    return;
  }
  // A placed man, not pinned by a placed rider, that takes the checker or steps onto its line
  // over squares no placed unit stands on (`path`: those squares).
  const Color mated = ~mater_;
  const Bitboard line = listing.check_line;
  const Bitboard parry = square_bb(checker) | g.between(checker, k);
  int parrier = -1;
  Bitboard path = 0;
  for (int v = 1; v < first_mater_ && parrier < 0; ++v) {
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
    const Square one = Square(int(s) + pawn_forward(mated));
    const Square two = Square(int(one) + pawn_forward(mated));
    const bool first_rank = rank_of(s) == (mated == Color::White ? 1 : g.ranks() - 2);
    // A pawn takes only the checker, and pushes only onto the line between.
    const Bitboard between = g.between(checker, k);
    if (has(g.pawn_attacks(mated, s), checker) || has(between, one)) {
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
  for (Bitboard b = path & ~line; b;) {
    const Square q = pop_lsb(b);
    for (int u = 1; u < units_; ++u) {
      if (listing.at[size_t(u)] != kNoSquare) continue;
      const int used = u < first_mater_ ? listing.mated_used : listing.mater_used;
      const int most = u < first_mater_ ? mated_moves_ : mater_moves_;
      for (const PieceType t : listing.ends[size_t(u)]) {
        if (t == PieceType::King && (u < first_mater_ || has(g.leaps(PieceType::King, k), q))) continue;
        const uint8_t cost = moves_from_root(u, t, q);
        if (used + cost <= most) place(listing, u, q, t, cost);
      }
    }
  }
  // Or it is pinned by a rider of the mater's, placed beyond it on its line from k; or a second
  // check comes.
  const Square s = listing.at[size_t(parrier)];
  const int d = g.direction(k, s);
  if (d != kNoDirection && !(g.between(k, s) & occupied)) {
    const bool orthogonal = is_orthogonal(d);
    for (Bitboard b = g.line(k, s) & g.board() & ~occupied & ~listing.check_line; b;) {
      const Square p = pop_lsb(b);
      if (!has(g.between(k, p), s) || (g.between(s, p) & occupied)) continue;
      for (int w = first_mater_; w < units_; ++w) {
        if (listing.at[size_t(w)] != kNoSquare) continue;
        for (const PieceType t : listing.ends[size_t(w)]) {
          if (!(orthogonal ? g.rides_orthogonal(t) : g.rides_diagonal(t))) continue;
          const uint8_t cost = moves_from_root(w, t, p);
          if (listing.mater_used + cost <= mater_moves_) place(listing, w, p, t, cost);
        }
      }
    }
  }
  const Bitboard free = g.board() & ~occupied & ~line;
  const int arriving = listing.arriving;
  for (int w = first_mater_; w < units_; ++w) {
    if (listing.at[size_t(w)] != kNoSquare || root_kinds_[size_t(w)] == PieceType::King) continue;
    for (const PieceType t : listing.ends[size_t(w)]) {
      // Of two checks one is a rider's, which the last move uncovers (two leapers never check at once).
      const bool leaper = !g.rides_orthogonal(t) && !g.rides_diagonal(t);
      if (leaper && arriving >= 0) continue;
      listing.arriving = leaper ? w : arriving;
      const Bitboard from = (t == PieceType::Pawn ? g.pawn_attacks(mated, k) : g.attacks(t, k, occupied)) & free;
      for (Bitboard b = from; b;) {
        const Square c = pop_lsb(b);
        const uint8_t cost = leaper ? moves_arriving(w, root_kinds_[size_t(w)], root_squares_[size_t(w)], t, c)
                                    : moves_from_root(w, t, c);
        if (listing.mater_used + cost > mater_moves_) continue;
        listing.check_line = line | (leaper ? 0 : g.between(c, k));
        place(listing, w, c, t, cost);
      }
    }
  }
  listing.arriving = arriving;
  listing.check_line = line;
}

bool MateTargets::pinned(const Listing& listing, Square s) const {
  const Geometry& g = *listing.g;
  const Square k = listing.k;
  const int d = g.direction(k, s);
  if (d == kNoDirection || (g.between(k, s) & listing.occupied)) return false;
  const bool orthogonal = is_orthogonal(d);
  for (int w = first_mater_; w < units_; ++w) {
    const Square p = listing.at[size_t(w)];
    if (p == kNoSquare || !has(g.between(k, p), s) || (g.between(s, p) & listing.occupied)) continue;
    const PieceType t = listing.as[size_t(w)];
    if (orthogonal ? g.rides_orthogonal(t) : g.rides_diagonal(t)) return true;
  }
  return false;
}

void MateTargets::record(Listing& listing) {
  std::string row(size_t(units_) * 2 + 1, '\0');
  for (int u = 0; u < units_; ++u) {
    row[2 * size_t(u)] = char(listing.at[size_t(u)]);
    row[2 * size_t(u) + 1] = char(listing.as[size_t(u)]);
  }
  row.back() = char(listing.arriving);
  if (!listing.seen.insert(row).second) return;
  if (count_ >= kMostTargets) {
    holds_ = false;
    return;
  }
  ++count_;
  arriving_.push_back(int8_t(listing.arriving));
  root_needs_.push_back({uint8_t(listing.mater_used), uint8_t(listing.mated_used)});
  squares_.insert(squares_.end(), listing.at.begin(), listing.at.begin() + units_);
  kinds_.insert(kinds_.end(), listing.as.begin(), listing.as.begin() + units_);
}

MateTargets::Walk::Walk(const MateTargets& targets) : targets_(targets) {}

void MateTargets::Walk::start(const std::vector<PlayedMove>& prefix) {
  at_ = targets_.root_squares_;
  kind_ = targets_.root_kinds_;
  unit_on_.fill(-1);
  for (int u = 0; u < targets_.units_; ++u) unit_on_[at_[size_t(u)]] = int8_t(u);
  steps_.clear();
  depth_ = 0;
  for (const PlayedMove& played : prefix) moved(played.move);
}

void MateTargets::Walk::moved(Move m) {
  Step step{-1, m.from(), PieceType::None, -1, kNoSquare};
  if (m.kind() == MoveKind::Pass) {
    steps_.push_back(step);
    return;
  }
  assert(m.kind() != MoveKind::Castling);  // no castling right where the targets hold
  step.taken_on = m.kind() == MoveKind::EnPassant ? make_square(file_of(m.to()), rank_of(m.from())) : m.to();
  step.taken = unit_on_[step.taken_on];
  if (step.taken >= 0) {
    at_[size_t(step.taken)] = kNoSquare;
    unit_on_[step.taken_on] = -1;
  }
  step.unit = unit_on_[m.from()];
  if (step.unit >= 0) {
    step.kind = kind_[size_t(step.unit)];
    unit_on_[m.from()] = -1;
    unit_on_[m.to()] = int8_t(step.unit);
    at_[size_t(step.unit)] = m.to();
    if (m.kind() == MoveKind::Promotion) kind_[size_t(step.unit)] = m.promotion();
  }
  steps_.push_back(step);
}

void MateTargets::Walk::unmoved() {
  const Step step = steps_.back();
  steps_.pop_back();
  if (step.unit >= 0) {
    const Square to = at_[size_t(step.unit)];
    unit_on_[to] = -1;
    unit_on_[step.from] = int8_t(step.unit);
    at_[size_t(step.unit)] = step.from;
    kind_[size_t(step.unit)] = step.kind;
  }
  if (step.taken >= 0) {
    at_[size_t(step.taken)] = step.taken_on;
    unit_on_[step.taken_on] = int8_t(step.taken);
  }
}

bool MateTargets::Walk::need(size_t x, const std::vector<int>& changed, uint32_t& mater_need,
                             uint32_t& mated_need) const {
  mater_need = targets_.root_needs_[x][0];
  mated_need = targets_.root_needs_[x][1];
  for (const int u : changed) {
    if (targets_.square(x, u) == kNoSquare) continue;
    if (at_[size_t(u)] == kNoSquare) return false;
    const uint8_t now = targets_.unit_moves(x, u, kind_[size_t(u)], at_[size_t(u)]);
    if (now == kFar) return false;
    const uint8_t then = targets_.unit_moves(x, u, targets_.root_kinds_[size_t(u)], targets_.root_squares_[size_t(u)]);
    (u < targets_.first_mater_ ? mated_need : mater_need) += uint32_t(now) - then;
  }
  return true;
}

bool MateTargets::Walk::stands_in(size_t x) const {
  for (int u = 0; u < targets_.units_; ++u) {
    const Square s = targets_.square(x, u);
    if (s != kNoSquare && (at_[size_t(u)] != s || kind_[size_t(u)] != targets_.kind(x, u))) return false;
  }
  return true;
}

bool MateTargets::Walk::enter(int mater_left, int mated_left) {
  if (frames_.size() <= depth_) frames_.resize(depth_ + 1);
  Frame& frame = frames_[depth_];
  frame.live.clear();
  frame.steps = steps_.size();
  const Frame* parent = depth_ > 0 ? &frames_[depth_ - 1] : nullptr;
  const auto keep = [&](uint32_t x, uint32_t mater_need, uint32_t mated_need) {
    if (mater_need <= uint32_t(mater_left) && mated_need <= uint32_t(mated_left)) {
      frame.live.push_back({x, uint8_t(mater_need), uint8_t(mated_need)});
    }
  };
  if (parent && parent->steps + 1 == steps_.size()) {
    // One move since the parent's node: only the unit it moved and the one it took change.
    const Step& step = steps_.back();
    const int u = step.unit;
    const bool mater = u >= targets_.first_mater_;
    for (const Live& live : parent->live) {
      if (step.taken >= 0 && targets_.square(live.target, step.taken) != kNoSquare) continue;
      uint32_t mater_need = live.mater_need;
      uint32_t mated_need = live.mated_need;
      if (u >= 0 && targets_.square(live.target, u) != kNoSquare) {
        const uint8_t after = targets_.unit_moves(live.target, u, kind_[size_t(u)], at_[size_t(u)]);
        if (after == kFar) continue;
        uint32_t& need = mater ? mater_need : mated_need;
        need = need - targets_.unit_moves(live.target, u, step.kind, step.from) + after;
      }
      keep(live.target, mater_need, mated_need);
    }
  } else {
    // From the needs counted at the problem's position, for the units that stand elsewhere now.
    std::vector<int> changed;
    for (int u = 0; u < targets_.units_; ++u) {
      if (at_[size_t(u)] != targets_.root_squares_[size_t(u)] || kind_[size_t(u)] != targets_.root_kinds_[size_t(u)]) {
        changed.push_back(u);
      }
    }
    for (size_t x = 0; x < targets_.size(); ++x) {
      uint32_t mater_need = 0;
      uint32_t mated_need = 0;
      if (need(x, changed, mater_need, mated_need)) keep(uint32_t(x), mater_need, mated_need);
    }
  }
  if (frame.live.empty()) return false;
  ++depth_;
  return true;
}

}  // namespace dm::search
