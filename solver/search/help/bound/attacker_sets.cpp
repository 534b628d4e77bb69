// The attacker's side of the box: its army, where its pieces check and guard with the moves
// left, one and two at a time, and the placed sets around a square k (each piece on the one
// square it ends on), kept in the scratch.

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

EndingBound::Army EndingBound::army(const Position& pos, Color attacker, int moves) const {
  const int step = std::min(moves, kSteps - 1);
  Army a;
  for (Bitboard b = pos.pieces(attacker); b; ++a.count) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(from));
    a.roaming.add(t, shared_.attacks[index(attacker)][index(t)][from][step]);
    if (a.count < kMaxRefined) {
      a.froms[a.count] = from;
      a.types[a.count] = t;
    }
    if (t == PieceType::King) a.king = from;
  }
  return a;
}

EndingBound::Reach EndingBound::others(const Army& a, Color attacker, int i, int j, int moves) const {
  Reach reach{};
  for (int k = 0; k < a.count; ++k) {
    if (k != i && k != j) reach.add(a.types[k], shared_.attacks[index(attacker)][index(a.types[k])][a.froms[k]][moves]);
  }
  return reach;
}

Bitboard EndingBound::finishing_squares(const Defence& d, const Army& a, Color attacker, int i, Bitboard allowed,
                                        bool first_only) const {
  const auto& attacks = shared_.attacks[index(attacker)][index(a.types[i])];
  const Reach staying = others(a, attacker, i, i, 0);
  // The squares the king may end on with the piece anywhere it may go: where it goes, the king
  // may end only on some of these. A pawn's moves go all or none, so for it one square will do.
  const bool pawn = a.types[i] == PieceType::Pawn;
  const Bitboard ends = boxing_squares(d, staying.plus(a.types[i], attacks[a.froms[i]][1]), d.walk, pawn);
  if (!ends) return 0;
  if (pawn) return allowed;
  // The piece must go where it guards, for some square k the king may end on, each square next
  // to k that neither the others guard nor the defender's men may hold. A piece other than a
  // pawn attacks a square from every square it attacks from there (each piece of the variants
  // moves alike both ways), so it stands where it attacks from each of them.
  Bitboard guarding = 0;
  for (Bitboard b = ends; b;) {
    Bitboard need =
        shared_.geometry.leaps(PieceType::King, pop_lsb(b)) & shared_.geometry.board() & ~(staying.guards | d.holds);
    Bitboard from_where = ~Bitboard(0);
    while (need && from_where) from_where &= attacks[pop_lsb(need)][0];
    guarding |= from_where;
  }
  const auto king_zone = [&](Square s) { return square_bb(s) | shared_.geometry.leaps(PieceType::King, s); };
  const bool king_moves = a.types[i] == PieceType::King;
  const Bitboard staying_king = a.king == kNoSquare || king_moves ? 0 : king_zone(a.king);
  Bitboard squares = 0;
  for (Bitboard b = shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]) &
                    allowed & guarding;
       b;) {
    const Square to = pop_lsb(b);
    const Bitboard away = staying_king | (king_moves ? king_zone(to) : square_bb(to));
    if (!boxing_squares(d, staying.plus(a.types[i], attacks[to][0]), ends & ~away, true)) continue;
    squares |= square_bb(to);
    if (first_only) break;
  }
  return squares;
}

EndingBound::PlacedSets EndingBound::placed_sets(const Army& a, Color attacker, int budget, Square k,
                                                 const std::array<Square, 9>& zone, int n) const {
  std::array<SetCosts, 3>& tables = scratch_.buffers_->set_costs;
  for (SetCosts& t : tables) t.clear();
  SetCosts* reached = tables.data();
  SetCosts* next = &tables[1];
  SetCosts& own = tables[2];
  const auto& attacks = shared_.attacks[index(attacker)];
  // Offers each square of `stands` (m moves away from m on) that a piece of kind t attacks some
  // square of the zone from: what it attacks there, and the square of the zone it stands on.
  // A piece of any kind but the pawn attacks from s what it attacks s from; a pawn of the
  // attacker's attacks z from where the defender's pawn on z would attack.
  const auto offer_squares = [&](PieceType t, const Steps& stands) {
    std::array<Bitboard, 9> guarding{};
    Bitboard useful = 0;
    for (int j = t == PieceType::King ? 1 : 0; j < n; ++j) {
      guarding[j] =
          t == PieceType::Pawn ? shared_.geometry.pawn_attacks(~attacker, zone[j]) : attacks[index(t)][zone[j]][0];
      useful |= guarding[j];
    }
    useful &= ~square_bb(k);
    // A king never stands next to the other king.
    if (t == PieceType::King) useful &= ~shared_.geometry.leaps(PieceType::King, k);
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
      for (const PieceType as : shared_.pawn_kinds)
        offer_squares(as, shared_.pawn_as[index(attacker)][index(as)][from]);
    } else {
      offer_squares(t, shared_.stands[index(attacker)][index(t)][from]);
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
    if ((stood_on & ~guarded) || (shared_.goal == Goal::Mate && !(guarded & 1)) || attacked[guarded]) continue;
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

EndingBound::PlacedLookup::PlacedLookup(const EndingBound& bound, const Army& a, Color attacker, int attacker_moves,
                                        bool lone)
    : bound_(bound), army_(a) {
  wanted_.bound = bound.shared_.id;
  wanted_.budget = uint8_t(std::min(attacker_moves, kSteps - 1));
  wanted_.attacker = attacker;
  wanted_.count = uint8_t(a.count);
  wanted_.lone = lone;
  hash_ = bound.shared_.id * 0x9E3779B97F4A7C15ULL + uint64_t(wanted_.budget) * 31 + uint64_t(attacker) +
          uint64_t(lone) * 7;
  for (int i = 0; i < a.count; ++i) {
    wanted_.froms[size_t(i)] = a.froms[size_t(i)];
    wanted_.types[size_t(i)] = a.types[size_t(i)];
    hash_ = (hash_ ^ (uint64_t(a.froms[size_t(i)]) << 8 | uint64_t(a.types[size_t(i)]))) * 0x100000001B3ULL;
  }
}

const EndingBound::PlacedSets& EndingBound::PlacedLookup::sets(Square k) {
  wanted_.k = k;
  PlacedEntry& entry =
      kept_entry<PlacedEntry>(bound_.scratch_.placed_, kPlacedCacheBits - bound_.scratch_.halved_, hash_ ^ k);
  if (!entry.same_as(wanted_)) {
    const Zone& zone = bound_.shared_.zones[k];
    entry = wanted_;
    entry.sets = wanted_.lone ? bound_.lone_checker_sets(army_, wanted_.attacker, wanted_.budget, k)
                              : bound_.placed_sets(army_, wanted_.attacker, wanted_.budget, k, zone.squares, zone.n);
  }
  return entry.sets;
}

void EndingBound::Zone::add(Square s) {
  const int j = n++;
  squares[size_t(j)] = s;
  if (j == 0) return;  // k itself is never left to fill
  const int half = (j - 1) / 4;
  const int bit = (j - 1) % 4;
  for (unsigned set = 0; set < 16; ++set) {
    if (!(set >> bit & 1)) left[size_t(half)][set] |= square_bb(s);
  }
}

bool EndingBound::lone_checker(const Defence& d, const Army& a) const {
  return shared_.goal == Goal::Mate && counts_stands(d) && a.count == 2 && a.king != kNoSquare &&
         a.types[0] != PieceType::Pawn && a.types[1] != PieceType::Pawn;
}

EndingBound::PlacedSets EndingBound::lone_checker_sets(const Army& a, Color attacker, int budget, Square k) const {
  const Geometry& g = shared_.geometry;
  const int piece = a.types[0] == PieceType::King ? 1 : 0;
  const PieceType t = a.types[size_t(piece)];
  const Square from = a.froms[size_t(piece)];
  const Zone& zone = shared_.zones[k];
  const auto zone_bits = [&](Bitboard squares) {
    unsigned bits = 0;
    for (int j = 1; j < zone.n; ++j) bits |= unsigned(has(squares, zone.squares[size_t(j)])) << j;
    return bits;
  };
  const Bitboard around = g.leaps(PieceType::King, k) & g.board();
  // The squares two steps from k: a king there guards some square next to it.
  const Steps& king_walks = shared_.stands[index(attacker)][index(PieceType::King)][k];
  const Bitboard near_k = king_walks[1];
  const Bitboard ring = king_walks[2] & ~near_k;
  const Moves& piece_moves = shared_.moves_to_stand[index(attacker)][index(t)];
  const Steps& king_stands = shared_.stands[index(attacker)][index(PieceType::King)][a.king];
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

}  // namespace dm::search
