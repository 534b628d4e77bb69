// The defender's fill (DefenderFill): whether its men may stand on the squares next to k that
// the attacker leaves unguarded, each man on one, within the defender's moves; for a stalemate,
// without a move left.

#include "solver/search/help/bound/defender_fill.h"

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "rules/zobrist.h"
#include "solver/search/help/bound/bound_detail.h"

namespace dm::search::bound {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

uint64_t men_key(const Defence& d) {
  const auto& piece_square = zobrist::keys().piece_square;
  uint64_t key = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    key ^= piece_square[uint8_t(d.position->piece_on(from))][from];
  }
  return key;
}

bool DefenderFill::counts_stands(const Defence& d) const { return d.as_it_stands && !tables_.still_men; }

bool DefenderFill::steps_onto(const Defence& d, PieceType t, Square from, Square to) const {
  if (t != PieceType::Pawn) return has(tables_.geometry.attacks(t, from, 0), to);
  return int(to) == int(from) + pawn_forward(d.color);
}

bool DefenderFill::fillable_kept(const Defence& d, uint64_t men_key, Bitboard squares, int moves, Square k,
                                 Square interpose) const {
  // The quick answers first, as fillable gives them: they cost no probe.
  if (const std::optional<bool> known = known_fill(d, squares, moves)) return *known;
  Entry wanted;
  wanted.bound = tables_.id;
  wanted.men = d.men;
  wanted.men_key = men_key;
  wanted.squares = squares;
  wanted.moves = moves;
  // k counts for a stalemate's men (may_stand_still) and where the king stands on it, counted.
  wanted.king_on_k = counts_stands(d) && k == d.king;
  wanted.k = tables_.still_men || wanted.king_on_k ? k : 0;
  wanted.as_it_stands = d.as_it_stands;
  wanted.interpose = interpose;
  Entry& entry =
      kept_entry<Entry>(cache_, cache_bits_,
                        men_key ^ uint64_t(squares) * 0xC2B2AE3D27D4EB4FULL ^ uint64_t(squares >> 64) ^
                            uint64_t(moves & 0xFF) << 8 ^ uint64_t(wanted.k) << 16 ^ uint64_t(interpose) << 24);
  if (entry.same_as(wanted)) return entry.fillable;
  wanted.fillable = fillable(d, squares, moves, k, interpose);
  entry = wanted;
  return wanted.fillable;
}

bool DefenderFill::may_stand_still(const Defence& d, PieceType t, Square from, int moves_there, Square q, Square k,
                                   Bitboard squares, int moves) const {
  const Bitboard first = tables_.first_steps[index(t)][q] & ~square_bb(k);
  if (popcount(squares | first) > popcount(d.men)) return false;
  return !d.as_it_stands || moves_there + popcount(first & ~squares & ~(d.men & ~square_bb(from))) <= moves;
}

uint8_t DefenderFill::still_pawn_moves(const Defence& d, Square from, Square q, Square k, Bitboard squares,
                                       int moves) const {
  const int step = std::min(moves, kSteps - 1);
  const uint8_t as_pawn = DistanceTables::distance(tables_.pawn_as[index(d.color)][index(PieceType::Pawn)], from, q);
  if (as_pawn <= step) return as_pawn;
  uint8_t fewest = kFar;
  for (size_t x = 1; x < tables_.pawn_kinds.size(); ++x) {
    const PieceType t = tables_.pawn_kinds[x];
    const uint8_t as = DistanceTables::distance(tables_.pawn_as[index(d.color)][index(t)], from, q);
    if (as <= step && as < fewest && may_stand_still(d, t, from, as, q, k, squares, moves)) fewest = as;
  }
  return fewest;
}

std::optional<bool> DefenderFill::known_fill(const Defence& d, Bitboard squares, int moves) {
  if (!squares) return true;
  if (moves < 0 || popcount(squares & ~d.men) > moves || (squares & ~d.holds)) return false;
  return std::nullopt;
}

bool DefenderFill::fillable(const Defence& d, Bitboard squares, int moves, Square k, Square interpose) const {
  const bool king_on_k = k == d.king;
  Bitboard standing = d.men & squares;
  if (!counts_stands(d) || (!standing && !king_on_k)) return fill_around(d, squares, moves, k, interpose, Stands{});
  std::array<Square, kMostStanding> stand_on{};
  int n = 0;
  while (standing && n < kMostStanding) stand_on[size_t(n++)] = pop_lsb(standing);
  // Each choice of those that stay, from all of them down, the king staying and then stepping
  // off k and back (two moves). Most often all stay, and the king too: where that choice holds,
  // the count ends at once. Where it does not, the count with every man free comes next: where
  // it fails, so does every choice.
  for (int staying = (1 << n) - 1; staying >= 0; --staying) {
    Stands stands;
    for (int i = 0; i < n; ++i) (staying >> i & 1 ? stands.staying : stands.stepping) |= square_bb(stand_on[size_t(i)]);
    stands.blocked = stands.staying | (king_on_k ? square_bb(k) : 0);
    if (fill_around(d, squares, moves, k, interpose, stands)) return true;
    if (staying == (1 << n) - 1 && !fill_around(d, squares, moves, k, interpose, Stands{})) return false;
    stands.blocked = stands.staying;
    if (king_on_k && fill_around(d, squares, moves - 2, k, interpose, stands)) return true;
  }
  return false;
}

uint8_t DefenderFill::moves_around(PieceType t, Square from, Square to, Bitboard blocked, int limit) const {
  const Geometry& g = tables_.geometry;
  const Bitboard free = g.board() & ~blocked;
  const Bitboard next_to_target = g.attacks(t, to, blocked) & free;
  Bitboard seen = square_bb(from);
  Bitboard ring = seen;  // the squares m moves away
  for (int m = 0; m < limit && ring; ++m) {
    if (ring & next_to_target) return uint8_t(m + 1);
    ring = one_move_from(g, t, ring, blocked) & free & ~seen;
    seen |= ring;
  }
  return kFar;
}

bool DefenderFill::may_pass(const Moves& moves_of, Square from, Square to, int moves, Bitboard blocked) const {
  if (moves == 1) return (tables_.geometry.between(from, to) & blocked) != 0;
  for (Bitboard b = blocked; b;) {
    const Square on_the_way = pop_lsb(b);
    if (moves_of[from][on_the_way] + moves_of[on_the_way][to] <= moves + 1) return true;
  }
  return false;
}

bool DefenderFill::fill_around(const Defence& d, Bitboard squares, int moves, Square k, Square interpose,
                               const Stands& stands) const {
  // The men that stay fill their own squares: the rest is left to the others.
  if (interpose != kNoSquare) {
    for (Bitboard b = stands.staying; b;) {
      const Square s = pop_lsb(b);
      if (steps_onto(d, type_of(d.position->piece_on(s)), s, interpose)) return false;
    }
  }
  const Bitboard to_fill = squares & ~stands.staying;
  if (const std::optional<bool> known = known_fill(d, to_fill, moves)) return *known;
  std::array<Square, 8> square_of;
  int n = 0;
  for (Bitboard b = to_fill; b; ++n) square_of[size_t(n)] = pop_lsb(b);
  constexpr uint8_t kNone = UINT8_MAX;
  const int step = std::min(moves, kSteps - 1);
  // How far each man that reaches some square is from each (kNone: not within the moves), and
  // for each square the nearest man.
  std::array<std::array<uint8_t, 8>, kSquareSpace> far;
  int men = 0;
  std::array<uint8_t, 8> nearest;
  nearest.fill(kNone);
  std::array<int, 8> nearest_man{};
  for (Bitboard b = d.men & ~stands.staying; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    if (!(tables_.stands[index(d.color)][index(t)][from][step] & to_fill)) continue;
    const Moves& moves_of = tables_.moves_to_stand[index(d.color)][index(t)];
    std::array<uint8_t, 8>& own = far[size_t(men)];
    for (int j = 0; j < n; ++j) {
      const Square q = square_of[size_t(j)];
      uint8_t there = moves_of[from][q];
      if (there == 0 && has(stands.stepping, from)) there = 2;
      if (stands.blocked && t != PieceType::Pawn && there != 0 && there <= step &&
          may_pass(moves_of, from, q, there, stands.blocked)) {
        there = moves_around(t, from, q, stands.blocked, step);
      }
      own[j] = there <= step && (interpose == kNoSquare || !steps_onto(d, t, q, interpose)) ? there : kNone;
    }
    if (tables_.still_men && t != PieceType::Pawn) {
      for (int j = 0; j < n; ++j) {
        if (own[j] != kNone && !may_stand_still(d, t, from, own[j], square_of[size_t(j)], k, squares, moves)) {
          own[j] = kNone;
        }
      }
    }
    if (tables_.still_men && t == PieceType::Pawn) {
      for (int j = 0; j < n; ++j) {
        if (own[j] == kNone) continue;
        own[j] = std::max(own[j], still_pawn_moves(d, from, square_of[size_t(j)], k, squares, moves));
      }
    }
    for (int j = 0; j < n; ++j) {
      if (own[j] < nearest[j]) {
        nearest[j] = own[j];
        nearest_man[j] = men;
      }
    }
    ++men;
  }
  // Each square by its nearest man: too many moves even where one man could fill several, and
  // enough where no man is the nearest to two.
  int sum = 0;
  bool distinct = true;
  for (int j = 0; j < n; ++j) {
    if (nearest[j] == kNone) return false;
    sum += nearest[j];
    for (int i = 0; i < j; ++i) distinct = distinct && nearest_man[i] != nearest_man[j];
  }
  if (sum > moves) return false;
  if (distinct) return true;
  // Otherwise the least sum for each set of the squares, as the men are taken one by one.
  const int full = (1 << n) - 1;
  std::array<uint8_t, 256> least;
  least.fill(kNone);
  least[0] = 0;
  for (int man = 0; man < men; ++man) {
    const std::array<uint8_t, 8>& own = far[size_t(man)];
    // A man fills one square at most: the sets are taken from the largest down, so a set he has
    // just made larger is not made larger by him again.
    for (int set = full - 1; set >= 0; --set) {
      if (least[set] > moves) continue;
      for (int j = 0; j < n; ++j) {
        if ((set >> j & 1) || own[j] == kNone) continue;
        uint8_t& to = least[set | 1 << j];
        to = std::min(to, uint8_t(least[set] + own[j]));
      }
    }
    if (least[full] <= moves) return true;
  }
  return false;
}

}  // namespace dm::search::bound
