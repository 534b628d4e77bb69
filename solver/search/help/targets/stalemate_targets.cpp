// StalemateTargets: the final pictures of ser-h=, and the walk that follows the series mover's
// units toward them.

#include "solver/search/help/targets/stalemate_targets.h"

#include <algorithm>
#include <string>
#include <unordered_set>

#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/targets/last_moves.h"

namespace dm::search {

namespace {

using bound_detail::kFar;
using bound_detail::king_walk;

// The most pieces of the other side's the pictures are listed for.
constexpr int kMostOtherPieces = 16;
// A need no picture may be reached with.
constexpr uint32_t kNoWay = UINT32_MAX;

}  // namespace

bool StalemateTargets::applies(const Variant& variant, Play play, Goal goal) {
  return play == Play::SeriesHelp && goal == Goal::Stalemate && targets::lists_moves_of(variant);
}

StalemateTargets::StalemateTargets(const EndingBound::Shared& tables, const Position& root, int series)
    : tables_(tables) {
  mover_ = root.side_to_move();
  const Color other = ~mover_;
  const Square king = root.king_square(mover_);
  // A castling, of either side, and an e.p. capture of the series' first move are not listed.
  if (king == kNoSquare || root.castling_rights() || root.ep_squares()) return;
  if (popcount(root.pieces(mover_)) > kMostUnits || popcount(root.pieces(other)) > kMostOtherPieces) return;
  root_squares_[0] = king;
  root_kinds_[0] = PieceType::King;
  units_ = 1;
  for (Bitboard b = root.pieces(mover_) & ~square_bb(king); b; ++units_) {
    const Square s = pop_lsb(b);
    root_squares_[size_t(units_)] = s;
    root_kinds_[size_t(units_)] = type_of(root.piece_on(s));
  }
  for (const PieceType t : root.variant().promotions) promotions_.push_back(t);
  pawns_.emplace(tables_, mover_, root.pieces(other), root.variant().promotions);
  holds_ = true;
  list(root, series);
}

uint8_t StalemateTargets::moves(PieceType now, Square from, PieceType then, Square to) const {
  if (now == PieceType::King) return then == PieceType::King ? uint8_t(king_walk(from, to)) : kFar;
  if (now == PieceType::Pawn) return pawns_->moves(from, then, to);
  if (then != PieceType::None && then != now) return kFar;
  return tables_.moves_to_reach(now, mover_, from, to);  // kUnreachable is kFar
}

// What the other side's last move m leaves, and what one square k of the king adds: the scene
// every picture after m with the king on k is placed in.
struct StalemateTargets::Scene {
  const Geometry* g = nullptr;
  Color mover = Color::Black;
  Square moved_to = kNoSquare;  // where the piece that moved stands after m
  Square taken = kNoSquare;     // where the unit m takes stood (for an e.p. capture, beside it)
  bool capture = false;
  bool en_passant = false;
  Bitboard theirs = 0;    // the other side's pieces after m, none taken
  Bitboard attacked = 0;  // what they attack on an empty board
  Bitboard sure = 0;      // the checks nothing stops: O's king's, or a leaper's that moved
  Bitboard orthogonal_riders = 0;
  Bitboard diagonal_riders = 0;
  Bitboard no_man = 0;    // where no unit of the mover's stands after m (invariant 65)
  Bitboard pinnable = 0;  // where a man may stand pinned, the king on k

  // The squares a man of kind t on s needs held by units of the mover's to have no move
  // (invariant 64); false where it moves whatever stands there.
  bool needs(Square s, PieceType t, Bitboard& held) const {
    held = 0;
    if (has(pinnable, s)) return true;
    if (t == PieceType::Pawn) {
      if (has(g->pawn_attacks(mover, s), moved_to)) return false;  // it may take the piece that moved
      const Square ahead = Square(int(s) + pawn_forward(mover));
      if (has(theirs, ahead)) return true;
      if (has(no_man, ahead)) return false;
      held = square_bb(ahead);
      return true;
    }
    held = g->attacks(t, s, g->board()) & g->board();
    return !(held & no_man);
  }
};

// The listing's state: the units placed so far, and what it has listed.
struct StalemateTargets::Listing {
  int series = 0;
  uint64_t steps = 0;
  // Each unit's fewest moves to stand on each square as any kind, and the kinds it may end as.
  std::vector<std::array<uint8_t, kSquareSpace>> nearest;
  std::vector<std::vector<PieceType>> ends;
  std::unordered_set<std::string> seen;  // the pictures listed (the same may follow two last moves)
  std::array<Square, kMostUnits> at{};
  std::array<PieceType, kMostUnits> as{};
  std::array<bool, kMostUnits> placed{};
};

namespace {

// The scene of the other side's move m from root (`taken`: the square of the unit it takes).
void set_move(const Position& root, Color mover, const targets::LastMove& m, bool en_passant,
              StalemateTargets::Scene& scene) {
  const Geometry& g = root.geometry();
  const Color other = ~mover;
  scene = {};
  scene.g = &g;
  scene.mover = mover;
  scene.moved_to = m.to;
  scene.en_passant = en_passant;
  scene.capture = m.capture;
  scene.taken = en_passant ? Square(int(m.to) - pawn_forward(other)) : m.to;
  Square their_king = kNoSquare;
  for (Bitboard b = root.pieces(other); b;) {
    const Square s = pop_lsb(b);
    const bool moved = s == m.from;
    const Square there = moved ? m.to : s;
    const PieceType t = moved ? m.kind : type_of(root.piece_on(s));
    const Bitboard attacks = targets::empty_board_attacks(g, t, other, there);
    scene.theirs |= square_bb(there);
    scene.attacked |= attacks;
    if (t == PieceType::King) their_king = there;
    if (g.rides_orthogonal(t)) scene.orthogonal_riders |= square_bb(there);
    if (g.rides_diagonal(t)) scene.diagonal_riders |= square_bb(there);
    // A check no man may block, from a piece that cannot have been taken (invariant 63).
    if (!g.rides_orthogonal(t) && !g.rides_diagonal(t) && (moved || t == PieceType::King)) scene.sure |= attacks;
  }
  scene.no_man = square_bb(m.from) | m.path | square_bb(m.to) | (en_passant ? square_bb(scene.taken) : 0) |
                 (their_king != kNoSquare ? square_bb(their_king) : 0);
}

}  // namespace

void StalemateTargets::list(const Position& root, int series) {
  const Geometry& g = root.geometry();
  const Color other = ~mover_;
  Listing listing;
  listing.series = series;
  listing.nearest.resize(size_t(units_));
  listing.ends.resize(size_t(units_));
  for (int u = 0; u < units_; ++u) {
    const PieceType t = root_kinds_[size_t(u)];
    auto& row = listing.nearest[size_t(u)];
    row.fill(kFar);
    for (Bitboard b = g.board(); b;) {
      const Square s = pop_lsb(b);
      row[s] = moves(t, root_squares_[size_t(u)], t == PieceType::King ? t : PieceType::None, s);
    }
    listing.ends[size_t(u)].push_back(t);
    if (t == PieceType::Pawn)
      listing.ends[size_t(u)].insert(listing.ends[size_t(u)].end(), promotions_.begin(), promotions_.end());
  }
  // The other side's last moves, and its e.p. captures of a pawn whose two-square step ended
  // the series (invariant 62).
  std::vector<targets::LastMove> last = targets::last_moves(root, other);
  const size_t plain_moves = last.size();
  const int ep_rank = other == Color::White ? g.ranks() - 4 : 3;
  for (Bitboard b = root.pieces(other, PieceType::Pawn) & g.rank_bb(ep_rank); b;) {
    const Square from = pop_lsb(b);
    for (Bitboard c = g.pawn_attacks(other, from) & g.board(); c;) {
      last.push_back({from, pop_lsb(c), PieceType::Pawn, true, 0});
    }
  }
  Scene scene;
  for (size_t i = 0; i < last.size() && holds_; ++i) {
    set_move(root, mover_, last[i], i >= plain_moves, scene);
    // The king's squares (invariant 63), each with the squares next to it that no piece of the
    // other side's may guard: each holds a unit of the mover's.
    for (Bitboard kb = g.board() & ~scene.sure & ~scene.no_man; kb && holds_;) {
      const Square k = pop_lsb(kb);
      const int walk = king_walk(root_squares_[0], k);
      if (walk > series) continue;
      const Bitboard flights = g.leaps(PieceType::King, k) & g.board() & ~scene.attacked;
      if (flights & scene.no_man) continue;
      scene.pinnable = targets::pinnable_squares(g, k, scene.orthogonal_riders, scene.diagonal_riders);
      listing.at[0] = k;
      listing.as[0] = PieceType::King;
      listing.placed.fill(false);
      listing.placed[0] = true;
      place(scene, listing, square_bb(k), flights, walk, scene.capture);
    }
  }
  if (!holds_) {
    count_ = 0;
    squares_.clear();
    kinds_.clear();
  }
}

void StalemateTargets::place(const Scene& scene, Listing& listing, Bitboard men, Bitboard held, int moves_so_far,
                             bool capture_open) {
  if (!holds_) return;
  if (++listing.steps > kMostSteps) {
    holds_ = false;
    return;
  }
  const Bitboard open = held & ~men;
  int left = 0;
  int first_left = -1;
  for (int u = units_ - 1; u >= 1; --u) {
    if (listing.placed[size_t(u)]) continue;
    ++left;
    first_left = u;
  }
  if (popcount(open) + (capture_open ? 1 : 0) > left) return;
  // Each square to hold, and the capture, takes a unit of its own: each at least the nearest's
  // moves.
  int least = 0;
  for (Bitboard b = open | (capture_open ? square_bb(scene.taken) : 0); b;) {
    const Square q = pop_lsb(b);
    uint8_t fewest = kFar;
    for (int u = 1; u < units_; ++u) {
      if (!listing.placed[size_t(u)]) fewest = std::min(fewest, listing.nearest[size_t(u)][q]);
    }
    if (fewest == kFar) return;
    least += fewest;
  }
  if (moves_so_far + least > listing.series) return;
  // Unit u on s, as each kind it may end as where it has no move there.
  const auto try_unit = [&](int u, Square s) {
    for (const PieceType t : listing.ends[size_t(u)]) {
      const uint8_t c = moves(root_kinds_[size_t(u)], root_squares_[size_t(u)], t, s);
      if (c == kFar || moves_so_far + c > listing.series) continue;
      Bitboard more = 0;
      if (!scene.needs(s, t, more)) continue;
      listing.placed[size_t(u)] = true;
      listing.at[size_t(u)] = s;
      listing.as[size_t(u)] = t;
      place(scene, listing, men | square_bb(s), held | more, moves_so_far + c, capture_open);
      listing.placed[size_t(u)] = false;
    }
  };
  // First a unit on each square to hold, lowest first, every unit tried.
  if (open) {
    const Square q = lsb(open);
    for (int u = 1; u < units_; ++u) {
      if (!listing.placed[size_t(u)]) try_unit(u, q);
    }
    return;
  }
  // Then the unit the last move takes (a pawn, for an e.p. capture).
  if (capture_open) {
    for (int u = 1; u < units_; ++u) {
      if (listing.placed[size_t(u)]) continue;
      const uint8_t c = scene.en_passant
                            ? moves(root_kinds_[size_t(u)], root_squares_[size_t(u)], PieceType::Pawn, scene.taken)
                            : listing.nearest[size_t(u)][scene.taken];
      if (c == kFar || moves_so_far + c > listing.series) continue;
      listing.placed[size_t(u)] = true;
      listing.at[size_t(u)] = scene.taken;
      listing.as[size_t(u)] = PieceType::None;
      place(scene, listing, men, held, moves_so_far + c, false);
      listing.placed[size_t(u)] = false;
    }
    return;
  }
  // Then each unit left, in order, anywhere.
  if (first_left >= 0) {
    for (Bitboard b = scene.g->board() & ~men & ~scene.no_man; b;) try_unit(first_left, pop_lsb(b));
    return;
  }
  record(listing);
}

void StalemateTargets::record(Listing& listing) {
  std::string row(size_t(units_) * 2, '\0');
  for (int u = 0; u < units_; ++u) {
    row[2 * size_t(u)] = char(listing.at[size_t(u)]);
    row[2 * size_t(u) + 1] = char(listing.as[size_t(u)]);
  }
  if (!listing.seen.insert(row).second) return;
  if (count_ >= kMostTargets) {
    holds_ = false;
    return;
  }
  ++count_;
  squares_.insert(squares_.end(), listing.at.begin(), listing.at.begin() + units_);
  kinds_.insert(kinds_.end(), listing.as.begin(), listing.as.begin() + units_);
}

StalemateTargets::Walk::Walk(const StalemateTargets& targets) : targets_(targets) {}

void StalemateTargets::Walk::start(const Line& prefix) {
  at_ = targets_.root_squares_;
  kind_ = targets_.root_kinds_;
  steps_.clear();
  depth_ = 0;
  for (const Turn& turn : prefix) {
    for (const Move m : turn) follow(m);
  }
}

void StalemateTargets::Walk::follow(Move m) {
  if (m.kind() == MoveKind::Pass) return;
  for (int u = 0; u < targets_.units_; ++u) {
    if (at_[size_t(u)] != m.from()) continue;
    at_[size_t(u)] = m.to();
    if (m.kind() == MoveKind::Promotion) kind_[size_t(u)] = m.promotion();
    return;
  }
}

void StalemateTargets::Walk::moved(Move m) {
  int unit = -1;
  for (int u = 0; u < targets_.units_ && unit < 0; ++u) {
    if (at_[size_t(u)] == m.from()) unit = u;
  }
  steps_.push_back({unit, m.from(), unit >= 0 ? kind_[size_t(unit)] : PieceType::None});
  follow(m);
}

void StalemateTargets::Walk::unmoved() {
  const Step step = steps_.back();
  steps_.pop_back();
  if (step.unit < 0) return;
  at_[size_t(step.unit)] = step.from;
  kind_[size_t(step.unit)] = step.kind;
}

uint32_t StalemateTargets::Walk::need(size_t x) const {
  uint32_t total = 0;
  for (int u = 0; u < targets_.units_; ++u) {
    const uint8_t c = targets_.moves(kind_[size_t(u)], at_[size_t(u)], targets_.kind(x, u), targets_.square(x, u));
    if (c == kFar) return kNoWay;
    total += c;
  }
  return total;
}

bool StalemateTargets::Walk::enter(int series_left) {
  if (frames_.size() <= depth_) frames_.resize(depth_ + 1);
  const uint32_t most = uint32_t(series_left);
  Frame& frame = frames_[depth_];
  frame.live.clear();
  frame.steps = steps_.size();
  const Frame* parent = depth_ > 0 ? &frames_[depth_ - 1] : nullptr;
  if (parent && parent->steps + 1 == steps_.size() && steps_.back().unit >= 0) {
    // One unit moved since the parent's turn began: only its moves change.
    const Step& step = steps_.back();
    const int u = step.unit;
    for (const Live& live : parent->live) {
      const Square to = targets_.square(live.target, u);
      const PieceType then = targets_.kind(live.target, u);
      const uint8_t after = targets_.moves(kind_[size_t(u)], at_[size_t(u)], then, to);
      if (after == kFar) continue;
      const uint32_t need = live.need - targets_.moves(step.kind, step.from, then, to) + after;
      if (need <= most) frame.live.push_back({live.target, need});
    }
  } else {
    for (size_t x = 0; x < targets_.size(); ++x) {
      const uint32_t n = need(x);
      if (n <= most) frame.live.push_back({uint32_t(x), n});
    }
  }
  if (frame.live.empty()) return false;
  ++depth_;
  return true;
}

}  // namespace dm::search
