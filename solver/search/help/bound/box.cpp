// The box: whether the defender's king may still end boxed in on some square of its walk, the
// moves each side has left counted together, then piece by piece.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <optional>
#include <vector>

#include "rules/zobrist.h"
#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

Bitboard EndingBound::boxing_squares(const Defence& d, const Reach& reach, Bitboard among, bool first_only) const {
  Bitboard squares = 0;
  for (Bitboard b = shared_.goal == Goal::Mate ? among & reach.checks : among; b;) {
    const Square k = pop_lsb(b);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    if (around & ~(reach.guards | d.holds)) continue;
    if (king_walk(d.king, k) + popcount(around & ~reach.guards & ~d.men) > d.moves) continue;
    squares |= square_bb(k);
    if (first_only) break;
  }
  return squares;
}

bool EndingBound::unbounded(const Position& pos, Color attacker) {
  return pos.king_square(~attacker) == kNoSquare || pos.castling_rights();
}

bool EndingBound::may_end_in_time(const Position& pos, Color attacker, int attacker_moves, int defender_moves) const {
  return may_end_on(pos, attacker, attacker_moves, defender_moves, ~Bitboard(0));
}

bool EndingBound::may_end_on(const Position& pos, Color attacker, int attacker_moves, int defender_moves,
                             Bitboard king_squares) const {
  if (unbounded(pos, attacker)) return true;
  Defence d = defence(pos, ~attacker, defender_moves);
  d.as_it_stands = true;
  const Army a = army(pos, attacker, attacker_moves);
  if (shared_.still_men && !take_off_the_captured(d, a, attacker, attacker_moves)) return false;
  d.walk &= king_squares;
  return may_box(d, a, attacker, attacker_moves);
}

bool EndingBound::may_box(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  // First with every piece of the attacker free to make every move left.
  if (a.count > kMaxRefined) return boxed(d, a.roaming);
  const Bitboard ends = boxing_squares(d, a.roaming, d.walk, false);
  if (!ends) return false;
  if (attacker_moves <= 2) {
    // With one or two moves left, one piece moves or two do: i moves (twice where j is i), j
    // too; the others stay where they are.
    bool boxes = false;
    if (attacker_moves == 1) {
      for (int i = 0; i < a.count && !boxes; ++i) boxes = finishing_squares(d, a, attacker, i, ~Bitboard(0), true) != 0;
    } else {
      two_move_reaches(a, attacker, [&](const Reach& reach) {
        boxes = boxed(d, reach);
        return !boxes;
      });
    }
    if (!boxes) return false;
  }
  return may_box_placed(d, a, attacker, attacker_moves, ends);
}

bool EndingBound::may_box_filled(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Bitboard ends = boxing_squares(d, a.roaming, d.walk, false);
  return ends && may_box_placed(d, a, attacker, attacker_moves, ends);
}

bool EndingBound::may_box_placed(const Defence& d, const Army& a, Color attacker, int attacker_moves,
                                 Bitboard among) const {
  // The attacker's side for each k is kept in the worker's scratch: it depends on the army, its moves and k
  // alone, which the defender's moves in between leave as they were.
  const bool lone = lone_checker(d, a);
  bound::AttackerSets::Lookup lookup(sets_, a, attacker, attacker_moves, lone);
  const uint64_t key = men_key(d);
  for (Bitboard b = among; b;) {
    const Square k = pop_lsb(b);
    const int defender_moves = d.moves - king_walk(d.king, k);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    // Not even with every piece roaming (the men filling what no guard may reach).
    if (!fill_.fillable_kept(d, key, around & ~a.roaming.guards, defender_moves, k, kNoSquare)) continue;
    const Zone& zone = shared_.zones[k];
    const bound::AttackerSets::PlacedSets& sets = lookup.sets(k);
    if (sets.count == bound::AttackerSets::PlacedSets::kTooMany) return true;
    for (int x = 0; x < sets.count; ++x) {
      const uint16_t set = sets.sets[size_t(x)];
      const int line = set >> bound::AttackerSets::PlacedSets::kInterposeShift;
      const Square interpose = line ? zone.squares[size_t(line)] : kNoSquare;
      if (fill_.fillable_kept(d, key, zone.unguarded(set), defender_moves, k, interpose)) return true;
    }
  }
  return false;
}

}  // namespace dm::search
