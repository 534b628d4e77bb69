// The attacker's placed sets around a square k (AttackerSets): each piece on the one square it
// ends on, kept in the scratch.

#include "solver/search/help/bound/attacker_sets.h"

#include <algorithm>
#include <array>
#include <vector>

#include "solver/search/help/bound/bound_detail.h"

namespace dm::search::bound {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

AttackerSets::PlacedSets AttackerSets::placed_sets(const Army& a, Color attacker, int budget, Square k,
                                                   const std::array<Square, 9>& zone, int n) const {
  for (int i = 0; i < 3; ++i) costs_[i].clear();
  SetCosts* reached = costs_;
  SetCosts* next = &costs_[1];
  SetCosts& own = costs_[2];
  const auto& attacks = tables_.attacks[index(attacker)];
  // Offers each square of `stands` (m moves away from m on) that a piece of kind t attacks some
  // square of the zone from: what it attacks there, and the square of the zone it stands on.
  // A piece of any kind but the pawn attacks from s what it attacks s from; a pawn of the
  // attacker's attacks z from where the defender's pawn on z would attack.
  const auto offer_squares = [&](PieceType t, const Steps& stands) {
    std::array<Bitboard, 9> guarding{};
    Bitboard useful = 0;
    for (int j = t == PieceType::King ? 1 : 0; j < n; ++j) {
      guarding[j] =
          t == PieceType::Pawn ? tables_.geometry.pawn_attacks(~attacker, zone[j]) : attacks[index(t)][zone[j]][0];
      useful |= guarding[j];
    }
    useful &= ~square_bb(k);
    // A king never stands next to the other king.
    if (t == PieceType::King) useful &= ~tables_.geometry.leaps(PieceType::King, k);
    Bitboard seen = 0;
    for (int m = 0; m <= budget; ++m) {
      Bitboard ring = stands[m] & ~seen;
      seen |= ring;
      for (ring &= useful; ring;) {
        const Square s = pop_lsb(ring);
        unsigned set = 0;
        for (int j = 0; j < n; ++j) set |= unsigned(has(guarding[j], s)) << j | unsigned(j && zone[j] == s) << (8 + j);
        own.offer(set, m);
      }
    }
  };
  reached->offer(0, 0);
  for (int i = 0; i < a.count && reached->count(); ++i) {
    const PieceType t = a.types[i];
    const Square from = a.froms[i];
    own.clear();
    own.offer(0, 0);  // it may do nothing there (or be taken)
    if (t == PieceType::Pawn) {
      for (const PieceType as : tables_.pawn_kinds)
        offer_squares(as, tables_.pawn_as[index(attacker)][index(as)][from]);
    } else {
      offer_squares(t, tables_.stands[index(attacker)][index(t)][from]);
    }
    own.drop_needless();
    next->clear();
    // The piece's sets come fewest moves first: past the first that exceeds what is left, all do.
    for (int x = 0; x < reached->count(); ++x) {
      const unsigned before = reached->set(x);
      const int moves_before = reached->least(before);
      for (int y = 0; y < own.count(); ++y) {
        const int moves = moves_before + own.least(own.set(y));
        if (moves > budget) break;
        next->offer(before | own.set(y), moves);
      }
    }
    std::swap(reached, next);
  }
  // The sets of attacked squares where each square next to k that a piece stands on is guarded
  // by another, and (mate only) k is checked; then the widest of those: a narrower one never
  // leaves less to fill.
  std::array<bool, 512> attacked{};
  std::array<uint16_t, 512> candidates;  // only the first candidate_count are read
  int candidate_count = 0;
  for (int x = 0; x < reached->count(); ++x) {
    const unsigned set = reached->set(x);
    const unsigned guarded = set & SetCosts::kAttacked;
    const unsigned stood_on = (set >> 8) & 0x1FE;
    if ((stood_on & ~guarded) || (tables_.goal == Goal::Mate && !(guarded & 1)) || attacked[guarded]) continue;
    attacked[guarded] = true;
    candidates[size_t(candidate_count++)] = uint16_t(guarded);
  }
  // Taken from the most squares down, a set is within another candidate exactly where it is
  // within one of the widest already kept (two sets of as many squares never hold each other).
  std::sort(candidates.begin(), candidates.begin() + candidate_count,
            [](uint16_t x, uint16_t y) { return std::popcount(x) > std::popcount(y); });
  PlacedSets widest;
  for (int x = 0; x < candidate_count; ++x) {
    const unsigned set = candidates[size_t(x)];
    bool covered = false;
    for (int y = 0; y < widest.count && !covered; ++y) covered = (set & ~unsigned(widest.sets[size_t(y)])) == 0;
    if (covered) continue;
    if (widest.count == int(widest.sets.size())) {
      widest.count = PlacedSets::kTooMany;
      break;
    }
    widest.sets[size_t(widest.count++)] = uint16_t(set);
  }
  return widest;
}

AttackerSets::Lookup::Lookup(const AttackerSets& sets, const Army& a, Color attacker, int attacker_moves, bool lone)
    : owner_(sets), army_(a) {
  wanted_.bound = sets.tables_.id;
  wanted_.budget = uint8_t(std::min(attacker_moves, kSteps - 1));
  wanted_.attacker = attacker;
  wanted_.count = uint8_t(a.count);
  wanted_.lone = lone;
  hash_ =
      sets.tables_.id * 0x9E3779B97F4A7C15ULL + uint64_t(wanted_.budget) * 31 + uint64_t(attacker) + uint64_t(lone) * 7;
  for (int i = 0; i < a.count; ++i) {
    wanted_.froms[size_t(i)] = a.froms[size_t(i)];
    wanted_.types[size_t(i)] = a.types[size_t(i)];
    hash_ = (hash_ ^ (uint64_t(a.froms[size_t(i)]) << 8 | uint64_t(a.types[size_t(i)]))) * 0x100000001B3ULL;
  }
}

const AttackerSets::PlacedSets& AttackerSets::Lookup::sets(Square k) {
  wanted_.k = k;
  Entry& entry = kept_entry<Entry>(owner_.cache_, owner_.cache_bits_, hash_ ^ k);
  if (!entry.same_as(wanted_)) {
    const Zone& zone = owner_.tables_.zones[k];
    entry = wanted_;
    entry.sets = wanted_.lone ? owner_.lone_checker_sets(army_, wanted_.attacker, wanted_.budget, k)
                              : owner_.placed_sets(army_, wanted_.attacker, wanted_.budget, k, zone.squares, zone.n);
  }
  return entry.sets;
}

AttackerSets::PlacedSets AttackerSets::lone_checker_sets(const Army& a, Color attacker, int budget, Square k) const {
  const Geometry& g = tables_.geometry;
  const int piece = a.types[0] == PieceType::King ? 1 : 0;
  const PieceType t = a.types[size_t(piece)];
  const Square from = a.froms[size_t(piece)];
  const Zone& zone = tables_.zones[k];
  const auto zone_bits = [&](Bitboard squares) {
    unsigned bits = 0;
    for (int j = 1; j < zone.n; ++j) bits |= unsigned(has(squares, zone.squares[size_t(j)])) << j;
    return bits;
  };
  const Bitboard around = g.leaps(PieceType::King, k) & g.board();
  // The squares two steps from k: a king there guards some square next to it.
  const Steps& king_walks = tables_.stands[index(attacker)][index(PieceType::King)][k];
  const Bitboard near_k = king_walks[1];
  const Bitboard ring = king_walks[2] & ~near_k;
  const Moves& piece_moves = tables_.moves_to_stand[index(attacker)][index(t)];
  const Steps& king_stands = tables_.stands[index(attacker)][index(PieceType::King)][a.king];
  // A set that guards as much or more, with the same square to interpose on or none, leaves
  // less to fill and no more to forbid: only the sets no other holds in that way are kept.
  PlacedSets found;
  constexpr unsigned kGuards = (1u << PlacedSets::kInterposeShift) - 1;
  const auto holds = [&](unsigned wider, unsigned narrower) {
    const unsigned line = wider >> PlacedSets::kInterposeShift;
    return (narrower & kGuards & ~wider) == 0 && (line == 0 || line == narrower >> PlacedSets::kInterposeShift);
  };
  const auto offer = [&](Bitboard guarded, unsigned line) {
    const unsigned set = 1 | zone_bits(guarded) | line << PlacedSets::kInterposeShift;
    if (found.count == PlacedSets::kTooMany) return;
    int kept = 0;
    for (int x = 0; x < found.count; ++x) {
      const unsigned other = found.sets[size_t(x)];
      if (holds(other, set)) return;
      if (!holds(set, other)) found.sets[size_t(kept++)] = uint16_t(other);
    }
    found.count = kept;
    if (found.count == int(found.sets.size())) {
      found.count = PlacedSets::kTooMany;
      return;
    }
    found.sets[size_t(found.count++)] = uint16_t(set);
  };
  for (Bitboard checks = g.attacks(t, k, 0) & g.board(); checks;) {
    const Square s = pop_lsb(checks);
    if (piece_moves[from][s] > budget) continue;
    const Bitboard guards = g.attacks(t, s, 0) & around;
    // The square next to k on the line from afar, by its place in the zone.
    const unsigned on_line = zone_bits(g.between(s, k));
    const unsigned line = on_line ? unsigned(std::countr_zero(on_line)) : 0;
    // The king: where it guards none of the squares next to k (one choice), or each square two
    // steps from k it reaches in time. A checker next to k stands guarded by it (and fills
    // nothing).
    const Bitboard kings =
        king_stands[size_t(std::min(budget - piece_moves[from][s], kSteps - 1))] & ~near_k & ~square_bb(s);
    const bool contact = has(around, s);
    if (!contact && (kings & ~ring)) offer(guards, line);
    for (Bitboard b = kings & ring; b;) {
      const Bitboard king_guards = g.leaps(PieceType::King, pop_lsb(b));
      if (contact && !has(king_guards, s)) continue;
      offer(guards | king_guards | square_bb(s), line);
    }
  }
  return found;
}

}  // namespace dm::search::bound
