// HelpTargets: the pictures' storage and distances, and the walk that follows both sides' units
// toward them (the listing is help_listing.cpp's).

#include "solver/search/help/targets/help_targets.h"

#include <algorithm>
#include <cassert>
#include <string>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/targets/help_listing.h"
#include "solver/search/help/targets/last_moves.h"

namespace dm::search {

namespace {

using bound_detail::kFar;
using bound_detail::king_walk;

}  // namespace

bool HelpTargets::applies(const Variant& variant, Play play, Goal goal) {
  if (!targets::orthodox_men(variant)) return false;
  // Series play of one move a turn: ser-# and ser-=, the series mover mating or stalemating
  // with its last move; ser-h#, the other side mating with its one move (ser-h= has pictures of
  // its own, stalemate_targets.h).
  if (play == Play::Series) return !variant.is_multi_move() && (goal == Goal::Mate || goal == Goal::Stalemate);
  if (play == Play::SeriesHelp) return !variant.is_multi_move() && goal == Goal::Mate;
  if (play != Play::Help) return false;
  if (!variant.is_multi_move()) return goal == Goal::Mate || goal == Goal::Stalemate;
  // Turns of a fixed number of moves where a check ends the turn (Marseillais): mates only, a
  // stalemate there also being a first move after which no second one is legal.
  return goal == Goal::Mate && variant.turn_length == TurnLength::Fixed &&
         variant.check_in_turn == CheckInTurn::EndsTurn;
}

HelpTargets::HelpTargets(const EndingBound::Shared& tables, const Position& root, Goal goal, Color attacker,
                         int attacker_moves, int defender_moves)
    : tables_(tables),
      goal_(goal),
      attacker_(attacker),
      attacker_moves_(attacker_moves),
      defender_moves_(defender_moves) {
  const Color defender = ~attacker;
  const Square king = root.king_square(defender);
  if (king == kNoSquare || root.castling_rights()) return;
  if (popcount(root.pieces(Color::White) | root.pieces(Color::Black)) > kMostUnits) return;
  // The defender's king first, then its other units, then the attacker's king and units.
  const auto add = [&](Square s) {
    root_squares_[size_t(units_)] = s;
    root_kinds_[size_t(units_)] = type_of(root.piece_on(s));
    ++units_;
  };
  add(king);
  for (Bitboard b = root.pieces(defender) & ~square_bb(king); b;) add(pop_lsb(b));
  first_attacker_ = units_;
  const Square attacker_king = root.king_square(attacker);
  if (attacker_king != kNoSquare) add(attacker_king);
  for (Bitboard b = root.pieces(attacker) & ~square_bb(attacker_king); b;) add(pop_lsb(b));
  for (const PieceType t : root.variant().promotions) promotions_.push_back(t);
  // Both sides move: a pawn may find something to take on any square.
  const Bitboard anywhere = root.geometry().board();
  for (const Color c : {Color::White, Color::Black}) {
    pawns_[size_t(index(c))].emplace(tables_, c, anywhere, root.variant().promotions);
  }
  holds_ = true;
  list(root);
}

uint8_t HelpTargets::moves(int u, PieceType now, Square from, PieceType then, Square to) const {
  const Color c = u < first_attacker_ ? ~attacker_ : attacker_;
  if (now == PieceType::King || then == PieceType::King) {
    return now == then ? uint8_t(king_walk(from, to)) : kFar;
  }
  if (now == PieceType::Pawn) return pawns_[size_t(index(c))]->moves(from, then, to);
  if (then != PieceType::None && then != now) return kFar;
  return tables_.moves_to_reach(now, c, from, to);  // kUnreachable is kFar
}

uint8_t HelpTargets::moves_arriving(int u, PieceType now, Square from, PieceType then, Square to) const {
  if (from != to || now != then) return moves(u, now, from, then, to);
  return then == PieceType::Knight ? 2 : kFar;  // out and back; a pawn never comes back
}

void HelpTargets::record(Listing& listing) {
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
  root_needs_.push_back({uint8_t(listing.attacker_used), uint8_t(listing.defender_used), uint8_t(listing.taken)});
  squares_.insert(squares_.end(), listing.at.begin(), listing.at.begin() + units_);
  kinds_.insert(kinds_.end(), listing.as.begin(), listing.as.begin() + units_);
}

HelpTargets::Walk::Walk(const HelpTargets& targets) : targets_(targets) {}

void HelpTargets::Walk::start(const std::vector<PlayedMove>& prefix) {
  at_ = targets_.root_squares_;
  kind_ = targets_.root_kinds_;
  unit_on_.fill(-1);
  for (int u = 0; u < targets_.units_; ++u) unit_on_[at_[size_t(u)]] = int8_t(u);
  steps_.clear();
  depth_ = 0;
  for (const PlayedMove& played : prefix) moved(played.move);
}

void HelpTargets::Walk::moved(Move m) {
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

void HelpTargets::Walk::unmoved() {
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

bool HelpTargets::Walk::need(size_t x, const std::vector<int>& changed, uint32_t& attacker_need,
                             uint32_t& defender_need, uint32_t& to_take) const {
  attacker_need = targets_.root_needs_[x][0];
  defender_need = targets_.root_needs_[x][1];
  to_take = targets_.root_needs_[x][2];
  for (const int u : changed) {
    const Square to = targets_.square(x, u);
    if (to == kNoSquare) continue;
    if (to == kTaken) {
      to_take -= at_[size_t(u)] == kNoSquare;
      continue;
    }
    if (at_[size_t(u)] == kNoSquare) return false;
    const uint8_t now = targets_.unit_moves(x, u, kind_[size_t(u)], at_[size_t(u)]);
    if (now == kFar) return false;
    const uint8_t then = targets_.unit_moves(x, u, targets_.root_kinds_[size_t(u)], targets_.root_squares_[size_t(u)]);
    (u < targets_.first_attacker_ ? defender_need : attacker_need) += uint32_t(now) - then;
  }
  return true;
}

bool HelpTargets::Walk::stands_in(size_t x) const {
  for (int u = 0; u < targets_.units_; ++u) {
    const Square s = targets_.square(x, u);
    if (s == kNoSquare) continue;
    if (s == kTaken ? at_[size_t(u)] != kNoSquare : at_[size_t(u)] != s || kind_[size_t(u)] != targets_.kind(x, u)) {
      return false;
    }
  }
  return true;
}

bool HelpTargets::Walk::enter(int attacker_left, int defender_left) {
  if (frames_.size() <= depth_) frames_.resize(depth_ + 1);
  Frame& frame = frames_[depth_];
  frame.live.clear();
  frame.steps = steps_.size();
  const Frame* parent = depth_ > 0 ? &frames_[depth_ - 1] : nullptr;
  // Each unit to be taken is one move of the attacker's.
  const auto keep = [&](uint32_t x, uint32_t attacker_need, uint32_t defender_need, uint32_t to_take) {
    if (attacker_need <= uint32_t(attacker_left) && defender_need <= uint32_t(defender_left) &&
        to_take <= uint32_t(attacker_left)) {
      frame.live.push_back({x, uint8_t(attacker_need), uint8_t(defender_need), uint8_t(to_take)});
    }
  };
  if (parent && parent->steps + 1 == steps_.size()) {
    // One move since the parent's node: only the unit it moved and the one it took change.
    const Step& step = steps_.back();
    const int u = step.unit;
    const bool attacker = u >= targets_.first_attacker_;
    for (const Live& live : parent->live) {
      uint32_t to_take = live.to_take;
      if (step.taken >= 0) {
        const Square there = targets_.square(live.target, step.taken);
        if (there == kTaken) {
          --to_take;
        } else if (there != kNoSquare) {
          continue;  // a unit the picture places is gone
        }
      }
      uint32_t attacker_need = live.attacker_need;
      uint32_t defender_need = live.defender_need;
      const Square to = u >= 0 ? targets_.square(live.target, u) : kNoSquare;
      if (to != kNoSquare && to != kTaken) {
        const uint8_t after = targets_.unit_moves(live.target, u, kind_[size_t(u)], at_[size_t(u)]);
        if (after == kFar) continue;
        uint32_t& need = attacker ? attacker_need : defender_need;
        need = need - targets_.unit_moves(live.target, u, step.kind, step.from) + after;
      }
      keep(live.target, attacker_need, defender_need, to_take);
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
      uint32_t attacker_need = 0;
      uint32_t defender_need = 0;
      uint32_t to_take = 0;
      if (need(x, changed, attacker_need, defender_need, to_take)) {
        keep(uint32_t(x), attacker_need, defender_need, to_take);
      }
    }
  }
  if (frame.live.empty()) return false;
  ++depth_;
  return true;
}

}  // namespace dm::search
