// The ending bound's distance tables (DistanceTables, EndingBound::Shared): the fewest moves of
// each kind of piece between two squares on an empty board, what it attacks after m moves, a
// pawn's ways and promotions, the zones and the first steps.

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

namespace {

using Table = std::vector<std::array<uint8_t, kSquareSpace>>;  // [from][to or target]

using KindTables = std::array<Table, kPieceTypeCount>;

using bound::kSteps;
using bound::Steps;
using bound::Within;

Table unreachable() {
  Table table(kSquareSpace);
  for (auto& row : table) row.fill(kFar);
  return table;
}

// The squares of each distance as nested sets (see the header): a square m moves away joins
// every set from m on (from kSteps - 1 on, where m is more).
void nest(Steps& steps) {
  for (int m = 1; m < kSteps; ++m) steps[m] |= steps[m - 1];
}

// The fewest moves between two squares for a piece of kind t on an empty board, as distances
// and (`within`, [from][m]) as nested sets.
Table paths(const Geometry& g, PieceType t, Within& within) {
  Table moves = unreachable();
  within.assign(kSquareSpace, Steps{});
  for (Bitboard froms = g.board(); froms;) {
    const Square from = pop_lsb(froms);
    moves[from][from] = 0;
    Bitboard reached = square_bb(from);
    Bitboard frontier = reached;
    within[from][0] = reached;
    for (uint8_t step = 1; frontier; ++step) {
      frontier = one_move_from(g, t, frontier, 0) & ~reached;
      reached |= frontier;
      within[from][std::min<int>(step, kSteps - 1)] |= frontier;
      for (Bitboard b = frontier; b;) moves[from][pop_lsb(b)] = step;
    }
    nest(within[from]);
  }
  return moves;
}

// The fewest moves for a piece of kind t to stand where it attacks a target, from its paths,
// as distances and (`within`) as nested sets: a piece on s attacks every square it attacks
// from there, so a target takes the fewest moves of the squares from which it is attacked,
// found ring by ring outwards.
Table piece_attacks(const Geometry& g, PieceType t, const Table& moves, Within& within) {
  std::array<Bitboard, kSquareSpace> attacked{};
  for (Bitboard b = g.board(); b;) {
    const Square s = pop_lsb(b);
    attacked[s] = g.attacks(t, s, 0) & g.board();
  }
  Table attacks = unreachable();
  within.assign(kSquareSpace, Steps{});
  for (Bitboard froms = g.board(); froms;) {
    const Square from = pop_lsb(froms);
    std::array<Bitboard, kSquareSpace> rings{};  // [m]: the squares m moves away
    size_t farthest = 0;
    for (Bitboard b = g.board(); b;) {
      const Square s = pop_lsb(b);
      if (moves[from][s] == kFar) continue;
      rings[moves[from][s]] |= square_bb(s);
      farthest = std::max<size_t>(farthest, moves[from][s]);
    }
    Bitboard seen = 0;
    for (size_t m = 0; m <= farthest; ++m) {
      Bitboard ring_attacks = 0;
      for (Bitboard b = rings[m]; b;) ring_attacks |= attacked[pop_lsb(b)];
      const Bitboard first = ring_attacks & ~seen;
      within[from][std::min<size_t>(m, kSteps - 1)] |= first;
      for (Bitboard b = first; b;) attacks[from][pop_lsb(b)] = uint8_t(m);
      seen |= ring_attacks;
    }
    nest(within[from]);
  }
  return attacks;
}

// The fewest moves of a pawn of colour c from `from` to `to` on an empty board (see the header):
// one per rank, but for the double step from the rank where the pawns start.
uint8_t pawn_path(const Geometry& g, Color c, Square from, Square to) {
  const int forward = (rank_of(to) - rank_of(from)) * (c == Color::White ? 1 : -1);
  const int sideways = std::abs(file_of(to) - file_of(from));
  if (forward < sideways) return kFar;
  if (forward == 0) return 0;
  const bool starts = rank_of(from) == (c == Color::White ? 1 : g.ranks() - 2);
  return uint8_t(std::max({sideways, starts ? forward - 1 : forward, 1}));
}

// The fewest moves of a pawn of colour c to stand on a square (`stand`) and to attack one
// (`attack`): as a pawn short of the last rank, or promoted on it and going on as the new
// piece, whose tables `paths` and `attacks` hold.
struct PawnTables {
  Table stand = unreachable();
  Table attack = unreachable();
  KindTables stand_as;  // as a pawn (the Pawn entry) or promoted to each kind
};

using Row = std::array<uint8_t, kSquareSpace>;

// Each entry of `row` the least of its own and `other`'s.
void take_least(Row& row, const Row& other) {
  for (size_t to = 0; to < row.size(); ++to) row[to] = std::min(row[to], other[to]);
}

PawnTables pawn_tables(const Geometry& g, Color c, const PieceTypeList& promotions, const KindTables& paths,
                       const KindTables& attacks) {
  const Bitboard last_rank = g.rank_bb(c == Color::White ? g.ranks() - 1 : 0);
  PawnTables pawn;
  pawn.stand_as[index(PieceType::Pawn)] = unreachable();
  for (const PieceType t : promotions) pawn.stand_as[index(t)] = unreachable();
  for (Bitboard froms = g.board() & ~last_rank; froms;) {
    const Square from = pop_lsb(froms);
    for (Bitboard stands = g.board(); stands;) {
      const Square s = pop_lsb(stands);
      const uint8_t m = pawn_path(g, c, from, s);
      if (m == kFar) continue;
      if (!has(last_rank, s)) {
        pawn.stand[from][s] = std::min(pawn.stand[from][s], m);
        pawn.stand_as[index(PieceType::Pawn)][from][s] = m;
        for (Bitboard b = g.pawn_attacks(c, s) & g.board(); b;) {
          uint8_t& best = pawn.attack[from][pop_lsb(b)];
          best = std::min(best, m);
        }
        continue;
      }
      // Row by row: a square off the board is kFar in every row, and stays so.
      for (const PieceType t : promotions) {
        Row via_path;
        Row via_attack;
        for (size_t to = 0; to < via_path.size(); ++to) {
          via_path[to] = add(m, paths[index(t)][s][to]);
          via_attack[to] = add(m, attacks[index(t)][s][to]);
        }
        take_least(pawn.stand[from], via_path);
        take_least(pawn.stand_as[index(t)][from], via_path);
        take_least(pawn.attack[from], via_attack);
      }
    }
  }
  return pawn;
}

}  // namespace

bool EndingBound::applies(const Variant& variant, Goal goal) {
  return (goal == Goal::Mate || goal == Goal::Stalemate) && variant.king_rule == KingRule::Royal &&
         !variant.is_multi_move();
}

bool EndingBound::counts_moves(const Variant& variant, Goal goal) {
  return (goal == Goal::Mate || goal == Goal::Stalemate) && variant.king_rule == KingRule::Royal &&
         variant.turn_length == TurnLength::Fixed;
}

bound::DistanceTables::DistanceTables(const Variant& variant, Goal ending)
    : geometry(variant.geometry()),
      goal(ending),
      still_men(ending == Goal::Stalemate && !variant.is_multi_move()),
      id(next_id_++),
      zones(kSquareSpace) {
  const Geometry& g = geometry;
  for (Bitboard b = g.board(); b;) {
    const Square k = pop_lsb(b);
    Zone& zone = zones[k];
    zone.add(k);
    for (Bitboard r = g.leaps(PieceType::King, k) & g.board(); r;) zone.add(pop_lsb(r));
  }
  KindTables paths_of;
  KindTables attacks_of;
  std::vector<PieceType> kinds(variant.pieces.begin(), variant.pieces.end());
  kinds.insert(kinds.end(), variant.promotions.begin(), variant.promotions.end());
  for (const PieceType t : kinds) {
    if (t == PieceType::Pawn || !paths_of[index(t)].empty()) continue;
    paths_of[index(t)] = paths(g, t, stands[0][index(t)]);
    attacks_of[index(t)] = piece_attacks(g, t, paths_of[index(t)], attacks[0][index(t)]);
    stands[1][index(t)] = stands[0][index(t)];
    attacks[1][index(t)] = attacks[0][index(t)];
  }
  // A pawn's tables as nested sets (a square off the board is kFar in every row).
  const auto nested = [&](const Table& table) {
    Within within(kSquareSpace);
    for (Bitboard froms = g.board(); froms;) {
      const Square from = pop_lsb(froms);
      Steps& steps = within[from];
      Bitboard to_bb = 1;
      for (const uint8_t moves : table[from]) {
        if (moves != kFar) steps[std::min<int>(moves, kSteps - 1)] |= to_bb;
        to_bb <<= 1;
      }
      nest(steps);
    }
    return within;
  };
  // Each table's distances as the nested sets read them: kSteps - 1 at most.
  const auto capped = [](Table table) {
    for (auto& row : table) {
      for (uint8_t& moves : row) moves = moves == kFar ? kFar : uint8_t(std::min<int>(moves, kSteps - 1));
    }
    return table;
  };
  for (const PieceType t : kinds) {
    if (t == PieceType::Pawn || !moves_to_stand[0][index(t)].empty()) continue;
    moves_to_stand[0][index(t)] = moves_to_stand[1][index(t)] = capped(paths_of[index(t)]);
    first_steps[index(t)].assign(kSquareSpace, 0);
    for (Bitboard b = g.board(); b;) {
      const Square q = pop_lsb(b);
      first_steps[index(t)][q] = g.attacks(t, q, g.board()) & g.board();
      const int count = std::min(popcount(first_steps[index(t)][q]), kMostFirstSteps);
      for (int c = count; c <= kMostFirstSteps; ++c) few_first_steps[index(t)][size_t(c)] |= square_bb(q);
    }
  }
  if (std::find(kinds.begin(), kinds.end(), PieceType::Pawn) == kinds.end()) return;
  for (const Color c : {Color::White, Color::Black}) {
    const PawnTables pawn = pawn_tables(g, c, variant.promotions, paths_of, attacks_of);
    attacks[index(c)][index(PieceType::Pawn)] = nested(pawn.attack);
    stands[index(c)][index(PieceType::Pawn)] = nested(pawn.stand);
    moves_to_stand[index(c)][index(PieceType::Pawn)] = capped(pawn.stand);
    for (size_t t = 0; t < pawn.stand_as.size(); ++t) {
      if (!pawn.stand_as[t].empty()) pawn_as[index(c)][t] = nested(pawn.stand_as[t]);
    }
  }
  pawn_kinds.push_back(PieceType::Pawn);
  pawn_kinds.insert(pawn_kinds.end(), variant.promotions.begin(), variant.promotions.end());
}

std::atomic<uint64_t> bound::DistanceTables::next_id_{1};

uint8_t bound::DistanceTables::distance(const Within& within, Square from, Square to) {
  if (within.empty()) return kFar;
  for (int m = 0; m < kSteps; ++m) {
    if (has(within[from][m], to)) return uint8_t(m);
  }
  return kFar;
}

uint8_t bound::DistanceTables::moves_to_attack(PieceType t, Color c, Square from, Square target) const {
  return distance(attacks[index(c)][index(t)], from, target);
}

uint8_t bound::DistanceTables::moves_to_reach(PieceType t, Color c, Square from, Square to) const {
  const Moves& moves = moves_to_stand[index(c)][index(t)];
  return moves.empty() ? kFar : moves[from][to];
}

}  // namespace dm::search
