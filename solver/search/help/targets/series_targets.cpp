// SeriesTargets: the final pictures of ser-h#, and whether the series mover's men may still
// stand as one of them needs.

#include "solver/search/help/targets/series_targets.h"

#include <algorithm>
#include <array>

#include "rules/zobrist.h"
#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/targets/last_moves.h"
#include "solver/search/help/targets/least_assignment.h"
#include "solver/search/help/targets/pawn_moves.h"

namespace dm::search {

using targets::empty_board_attacks;
using targets::last_moves;
using targets::LastMove;
using targets::LeastAssignment;

namespace {

using bound_detail::kFar;
using bound_detail::king_walk;

// The most pieces of the other side's the targets are listed for (may_reach says nothing past it).
constexpr int kMostPieces = 16;
// The kinds Target::parries bars squares to, in its order.
constexpr std::array<PieceType, 4> kParryKinds{PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen};

uint64_t pieces_key(const Position& pos, Color side) {
  const auto& piece_square = zobrist::keys().piece_square;
  uint64_t key = 0x9E3779B97F4A7C15ULL * (uint64_t(side) + 1);
  for (Bitboard b = pos.pieces(side); b;) {
    const Square s = pop_lsb(b);
    key ^= piece_square[uint8_t(pos.piece_on(s))][s];
  }
  return key;
}

}  // namespace

struct SeriesTargets::Men {
  int count = 0;
  Bitboard squares = 0;
  Color color = Color::Black;
  std::array<Square, LeastAssignment::kMaxRows> from{};
  std::array<PieceType, LeastAssignment::kMaxRows> kind{};
  std::array<int, LeastAssignment::kMaxRows> piece{};  // piece_index of each man's kind
  // A pawn's fewest moves to each square (a piece's are read from the tables).
  std::array<std::array<uint8_t, kSquareSpace>, LeastAssignment::kMaxRows> moves{};
};

int SeriesTargets::piece_index(PieceType t) {
  const auto* found = std::find(kParryKinds.begin(), kParryKinds.end(), t);
  return found == kParryKinds.end() ? -1 : int(found - kParryKinds.begin());
}

bool SeriesTargets::applies(const Variant& variant, Play play, Goal goal) {
  return play == Play::SeriesHelp && goal == Goal::Mate && targets::lists_moves_of(variant);
}

std::vector<SeriesTargets::Target> SeriesTargets::targets(const Position& pos) const {
  const Geometry& g = pos.geometry();
  const Color other = ~pos.side_to_move();
  std::vector<Target> found;
  for (const LastMove& m : last_moves(pos, other)) {
    // The other side's pieces after the move, and what they attack on an empty board.
    std::array<Square, kMostPieces> at{};
    std::array<PieceType, kMostPieces> kind{};
    std::array<Bitboard, kMostPieces> attacks{};
    int n = 0;
    Bitboard attacked = 0;
    Bitboard orthogonal_riders = 0;
    Bitboard diagonal_riders = 0;
    Square their_king = kNoSquare;
    for (Bitboard b = pos.pieces(other); b && n < kMostPieces;) {
      const Square s = pop_lsb(b);
      const bool moved = s == m.from;
      at[size_t(n)] = moved ? m.to : s;
      kind[size_t(n)] = moved ? m.kind : type_of(pos.piece_on(s));
      if (kind[size_t(n)] == PieceType::King) their_king = at[size_t(n)];
      attacks[size_t(n)] = empty_board_attacks(g, kind[size_t(n)], other, at[size_t(n)]);
      attacked |= attacks[size_t(n)];
      if (g.rides_orthogonal(kind[size_t(n)])) orthogonal_riders |= square_bb(at[size_t(n)]);
      if (g.rides_diagonal(kind[size_t(n)])) diagonal_riders |= square_bb(at[size_t(n)]);
      ++n;
    }
    const Bitboard move_empty = m.path | square_bb(m.from) | (m.capture ? 0 : square_bb(m.to));
    const Bitboard move_fill = m.capture ? square_bb(m.to) : 0;
    for (Bitboard kb = g.board() & ~square_bb(m.from) & ~square_bb(m.to); kb;) {
      const Square k = pop_lsb(kb);
      if (their_king != kNoSquare && king_walk(k, their_king) <= 1) continue;
      const Bitboard fill = (g.leaps(PieceType::King, k) & g.board() & ~attacked) | move_fill;
      if (fill & move_empty) continue;
      // A mate: some piece checks k, its line (where it rides) left empty, its square too. The
      // king was not in check before the move: the checker is the piece that moved, or a rider
      // whose line through the square it left the move opened. `checkers`: how many may.
      const auto may_check = [&](int i) {
        if (kind[size_t(i)] == PieceType::King || !has(attacks[size_t(i)], k)) return false;
        return at[size_t(i)] == m.to || has(g.between(at[size_t(i)], k), m.from);
      };
      int checkers = 0;
      for (int i = 0; i < n; ++i) checkers += may_check(i) ? 1 : 0;
      // Where the check is the only one, a man between k and a rider of the other side's on the
      // rider's line may be pinned: no square is barred to it.
      const Bitboard pinnable = checkers == 1 ? targets::pinnable_squares(g, k, orthogonal_riders, diagonal_riders) : 0;
      for (int i = 0; i < n; ++i) {
        if (!may_check(i)) continue;
        const Bitboard empty =
            move_empty | g.between(at[size_t(i)], k) | (at[size_t(i)] == m.to ? 0 : square_bb(at[size_t(i)]));
        if (fill & empty) continue;
        Target target{k, fill, empty, {}};
        if (checkers == 1) {
          // The only check: a man next to the checker, or to a square between it and k, along
          // its own moves would take it or step between, unless it may be pinned.
          const Bitboard line = g.between(at[size_t(i)], k) | square_bb(at[size_t(i)]);
          for (const PieceType t : kParryKinds) {
            Bitboard steps = 0;
            for (Bitboard b = line; b;) steps |= g.attacks(t, pop_lsb(b), g.board());
            // Not the checker's own square (a man there in P is the one m takes), the line, or k.
            target.parries[size_t(piece_index(t))] = steps & g.board() & ~pinnable & ~line & ~square_bb(k);
          }
        }
        found.push_back(target);
      }
    }
  }
  std::sort(found.begin(), found.end(), [](const Target& a, const Target& b) {
    if (a.k != b.k) return a.k < b.k;
    if (a.fill != b.fill) return a.fill < b.fill;
    if (a.empty != b.empty) return a.empty < b.empty;
    return a.parries < b.parries;
  });
  found.erase(std::unique(found.begin(), found.end()), found.end());
  return found;
}

int SeriesTargets::least_moves(const Geometry& g, const Men& men, const Target& target) const {
  const Bitboard forbidden = target.empty | square_bb(target.k);
  const Bitboard own = men.squares & ~forbidden & ~target.fill;
  const int fills = popcount(target.fill);
  const int owns = popcount(own);
  if (fills > men.count) return LeastAssignment::kNever;
  LeastAssignment assignment(men.count, fills + owns + men.count);
  const Bitboard free = g.board() & ~(forbidden | target.fill | men.squares);
  for (int i = 0; i < men.count; ++i) {
    const auto& pawn_moves = men.moves[size_t(i)];
    const PieceType t = men.kind[size_t(i)];
    const Square from = men.from[size_t(i)];
    const auto moves = [&](Square s) {
      return t == PieceType::Pawn ? pawn_moves[s] : bound_.moves_to_reach(t, men.color, from, s);
    };
    // Where this man may not end: next to the checker along its moves (a pawn may promote).
    const int piece = men.piece[size_t(i)];
    const Bitboard barred = piece >= 0 ? target.parries[size_t(piece)] : 0;
    int column = 0;
    for (Bitboard b = target.fill; b; ++column) {
      const Square s = pop_lsb(b);
      const uint8_t c = moves(s);
      if (c != kFar && !has(barred, s)) assignment.set_cost(i, column, c);
    }
    for (Bitboard b = own; b; ++column) {
      const Square s = pop_lsb(b);
      const uint8_t c = moves(s);
      if (c != kFar && !has(barred, s)) assignment.set_cost(i, column, c);
    }
    // A man that stands on none of those squares: its fewest moves to any other (at least one):
    // a piece's, the first ring of its moves that holds one.
    uint8_t nearest = kFar;
    if (t == PieceType::Pawn) {
      for (Bitboard b = free & ~barred; b && nearest > 1;) nearest = std::min(nearest, pawn_moves[pop_lsb(b)]);
    } else {
      const bound::Steps& within = bound_.shared().stands[size_t(index(men.color))][size_t(index(t))][from];
      for (int m = 1; m < bound::kSteps && nearest == kFar; ++m) {
        if (within[size_t(m)] & free & ~barred) nearest = uint8_t(m);
      }
    }
    if (nearest != kFar) {
      for (int j = 0; j < men.count; ++j) assignment.set_cost(i, column + j, nearest);
    }
  }
  for (int j = 0; j < fills; ++j) assignment.require(j);
  return assignment.solve();
}

void SeriesTargets::count_men(const Position& pos, Bitboard men_squares, Kept& kept, Men& men) const {
  const Geometry& g = pos.geometry();
  const Color mover = pos.side_to_move();
  const Color other = ~mover;
  const Bitboard theirs = pos.pieces(other);
  const int last_rank = mover == Color::White ? g.ranks() - 1 : 0;
  men.color = mover;
  for (Bitboard b = men_squares; b; ++men.count) {
    const Square from = pop_lsb(b);
    men.squares |= square_bb(from);
    auto& moves = men.moves[size_t(men.count)];
    const PieceType t = type_of(pos.piece_on(from));
    men.from[size_t(men.count)] = from;
    men.kind[size_t(men.count)] = t;
    men.piece[size_t(men.count)] = piece_index(t);
    if (t != PieceType::Pawn) continue;
    const auto known = kept.pawn_moves.find(from);
    if (known != kept.pawn_moves.end()) {
      moves = known->second;
      continue;
    }
    targets::count_pawn_moves(g, mover, from, theirs, moves);
    for (int file = 0; file < g.files(); ++file) {
      const Square promoted = make_square(file, last_rank);
      const uint8_t there = moves[promoted];
      if (there == kFar) continue;
      for (const PieceType kind : pos.variant().promotions) {
        for (Bitboard s = g.board(); s;) {
          const Square to = pop_lsb(s);
          const uint8_t c = bound_.moves_to_reach(kind, mover, promoted, to);
          if (c != EndingBound::kUnreachable) moves[to] = std::min(moves[to], uint8_t(there + c));
        }
      }
    }
    kept.pawn_moves.emplace(from, moves);
  }
}

bool SeriesTargets::may_reach(const Position& pos, int series_left) {
  const Geometry& g = pos.geometry();
  const Color mover = pos.side_to_move();
  const Color other = ~mover;
  const Square king = pos.king_square(mover);
  // The other side's last move may be a castling or an e.p. capture: not listed.
  const int ep_rank = other == Color::White ? g.ranks() - 4 : 3;
  if (king == kNoSquare || pos.castling_rights() || pos.ep_squares() ||
      (pos.pieces(other, PieceType::Pawn) & g.rank_bb(ep_rank))) {
    return true;
  }
  const Bitboard men_squares = pos.pieces(mover) & ~square_bb(king);
  if (popcount(men_squares) > LeastAssignment::kMaxRows - 1 || popcount(pos.pieces(other)) > kMostPieces) return true;

  const uint64_t key = pieces_key(pos, other);
  auto kept = kept_.find(key);
  if (kept == kept_.end() || kept->second.pieces != pos.pieces(other)) {
    if (kept_.size() >= kMostKept) kept_.clear();
    kept = kept_.insert_or_assign(key, Kept{pos.pieces(other), targets(pos), {}}).first;
  }
  const std::vector<Target>& all = kept->second.targets;
  if (all.empty()) return false;

  Men men;  // counted when a target first needs them
  bool counted = false;
  const size_t n = all.size();
  for (size_t x = 0; x < n; ++x) {
    const size_t i = (last_passed_ + x) % n;
    const Target& target = all[i];
    const int walk = king_walk(king, target.k);
    if (walk > series_left) continue;
    // Each man that stands where it may not end moves, and each square to fill no man holds
    // takes a man that moved: at least the more of the two.
    const Bitboard must_leave = target.empty | square_bb(target.k);
    int leaving = popcount(men_squares & must_leave);
    for (const PieceType t : kParryKinds) {
      leaving += popcount(pos.pieces(mover, t) & target.parries[size_t(piece_index(t))] & ~must_leave);
    }
    const int unfilled = popcount(target.fill & ~men_squares);
    if (walk + std::max(leaving, unfilled) > series_left) continue;
    if (!counted) {
      count_men(pos, men_squares, kept->second, men);
      counted = true;
    }
    if (walk + least_moves(g, men, target) <= series_left) {
      last_passed_ = i;
      return true;
    }
  }
  return false;
}

}  // namespace dm::search
