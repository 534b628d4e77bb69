// The defender's fill: whether its men may stand on the squares next to k that the attacker
// leaves unguarded, each man one, within the defender's moves; for a stalemate, without a move
// left; and the moves of a man or the king that may bring such a fill nearer.

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

bool EndingBound::counts_stands(const Defence& d) const { return d.as_it_stands && !shared_.still_men; }

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves) const {
  return defence(pos, defender, moves, pos.pieces(defender) & ~square_bb(pos.king_square(defender)));
}

EndingBound::Defence EndingBound::defence(const Position& pos, Color defender, int moves, Bitboard men) const {
  Defence d;
  d.position = &pos;
  d.color = defender;
  d.king = pos.king_square(defender);
  d.men = men;
  d.moves = moves;
  const int step = std::min(moves, kSteps - 1);
  d.holds = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    d.holds |= shared_.stands[index(defender)][index(type_of(pos.piece_on(from)))][from][step];
  }
  d.walk = shared_.stands[index(defender)][index(PieceType::King)][d.king][step];
  return d;
}

bool EndingBound::steps_onto(const Defence& d, PieceType t, Square from, Square to) const {
  if (t != PieceType::Pawn) return has(shared_.geometry.attacks(t, from, 0), to);
  return int(to) == int(from) + pawn_forward(d.color);
}

uint64_t EndingBound::men_key(const Defence& d) {
  const auto& piece_square = zobrist::keys().piece_square;
  uint64_t key = 0;
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    key ^= piece_square[uint8_t(d.position->piece_on(from))][from];
  }
  return key;
}

bool EndingBound::fillable_kept(const Defence& d, uint64_t men_key, Bitboard squares, int moves, Square k,
                                Square interpose) const {
  // The quick answers first, as fillable gives them: they cost no probe.
  if (const std::optional<bool> known = known_fill(d, squares, moves)) return *known;
  FillEntry wanted;
  wanted.bound = shared_.id;
  wanted.men = d.men;
  wanted.men_key = men_key;
  wanted.squares = squares;
  wanted.moves = moves;
  // k counts for a stalemate's men (may_stand_still) and where the king stands on it, counted.
  wanted.king_on_k = counts_stands(d) && k == d.king;
  wanted.k = shared_.still_men || wanted.king_on_k ? k : 0;
  wanted.as_it_stands = d.as_it_stands;
  wanted.interpose = interpose;
  FillEntry& entry =
      kept_entry<FillEntry>(scratch_.fills_, kFillCacheBits - scratch_.halved_,
                            men_key ^ uint64_t(squares) * 0xC2B2AE3D27D4EB4FULL ^ uint64_t(squares >> 64) ^
                                uint64_t(moves & 0xFF) << 8 ^ uint64_t(wanted.k) << 16 ^ uint64_t(interpose) << 24);
  if (entry.same_as(wanted)) return entry.fillable;
  wanted.fillable = fillable(d, squares, moves, k, interpose);
  entry = wanted;
  return wanted.fillable;
}

bool EndingBound::may_stand_still(const Defence& d, PieceType t, Square from, int moves_there, Square q, Square k,
                                  Bitboard squares, int moves) const {
  const Bitboard first = shared_.first_steps[index(t)][q] & ~square_bb(k);
  if (popcount(squares | first) > popcount(d.men)) return false;
  return !d.as_it_stands || moves_there + popcount(first & ~squares & ~(d.men & ~square_bb(from))) <= moves;
}

uint8_t EndingBound::still_pawn_moves(const Defence& d, Square from, Square q, Square k, Bitboard squares,
                                      int moves) const {
  const int step = std::min(moves, kSteps - 1);
  const uint8_t as_pawn = distance(shared_.pawn_as[index(d.color)][index(PieceType::Pawn)], from, q);
  if (as_pawn <= step) return as_pawn;
  uint8_t fewest = kFar;
  for (size_t x = 1; x < shared_.pawn_kinds.size(); ++x) {
    const PieceType t = shared_.pawn_kinds[x];
    const uint8_t as = distance(shared_.pawn_as[index(d.color)][index(t)], from, q);
    if (as <= step && as < fewest && may_stand_still(d, t, from, as, q, k, squares, moves)) fewest = as;
  }
  return fewest;
}

std::optional<bool> EndingBound::known_fill(const Defence& d, Bitboard squares, int moves) {
  if (!squares) return true;
  if (moves < 0 || popcount(squares & ~d.men) > moves || (squares & ~d.holds)) return false;
  return std::nullopt;
}

bool EndingBound::fillable(const Defence& d, Bitboard squares, int moves, Square k, Square interpose) const {
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

uint8_t EndingBound::moves_around(PieceType t, Square from, Square to, Bitboard blocked, int limit) const {
  const Geometry& g = shared_.geometry;
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

bool EndingBound::may_pass(const Moves& moves_of, Square from, Square to, int moves, Bitboard blocked) const {
  if (moves == 1) return (shared_.geometry.between(from, to) & blocked) != 0;
  for (Bitboard b = blocked; b;) {
    const Square on_the_way = pop_lsb(b);
    if (moves_of[from][on_the_way] + moves_of[on_the_way][to] <= moves + 1) return true;
  }
  return false;
}

bool EndingBound::fill_around(const Defence& d, Bitboard squares, int moves, Square k, Square interpose,
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
    if (!(shared_.stands[index(d.color)][index(t)][from][step] & to_fill)) continue;
    const Moves& moves_of = shared_.moves_to_stand[index(d.color)][index(t)];
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
    if (shared_.still_men && t != PieceType::Pawn) {
      for (int j = 0; j < n; ++j) {
        if (own[j] != kNone && !may_stand_still(d, t, from, own[j], square_of[size_t(j)], k, squares, moves)) {
          own[j] = kNone;
        }
      }
    }
    if (shared_.still_men && t == PieceType::Pawn) {
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

EndingBound::NearestMen EndingBound::nearest_men(const Defence& d) const {
  NearestMen near;
  const int step = std::min(d.moves, kSteps - 1);
  for (Bitboard b = d.men; b;) {
    const Square from = pop_lsb(b);
    const Steps& reach = shared_.stands[index(d.color)][index(type_of(d.position->piece_on(from)))][from];
    Bitboard seen = 0;
    for (int m = 0; m <= step; ++m) {
      for (Bitboard ring = reach[size_t(m)] & ~seen; ring;) {
        NearestMen::Entry& e = near.squares[size_t(pop_lsb(ring))];
        if (m < e.first) {
          e.second = e.first;
          e.first = uint8_t(m);
          e.man = from;
        } else if (m < e.second) {
          e.second = uint8_t(m);
        }
      }
      seen |= reach[size_t(m)];
    }
  }
  return near;
}

const std::vector<EndingBound::Fill>& EndingBound::fills_to_make(const Defence& d, const NearestMen& near,
                                                                 const Army& a, Color attacker,
                                                                 int attacker_moves) const {
  std::vector<Fill>& fills = scratch_.buffers_->fills;
  fills.clear();
  const auto add = [&](Bitboard squares, Bitboard candidates, int budget) {
    Fill fill{squares, candidates, budget, 0, 0, 0};
    for (Bitboard f = squares; f;) {
      const Square q = pop_lsb(f);
      const NearestMen::Entry& e = near.squares[size_t(q)];
      if (e.first == kFar) {
        fill.unreached |= square_bb(q);
      } else {
        fill.nearest_moves += e.first;
        fill.nearest_men |= square_bb(e.man);
      }
    }
    if (popcount(fill.unreached) <= 1) fills.push_back(fill);
  };
  PlacedLookup lookup(*this, a, attacker, attacker_moves, false);
  // The squares the king may end on: within its walk, and for a mate where the attacker may
  // check (which no move of the defender's changes).
  for (Bitboard b = shared_.goal == Goal::Mate ? d.walk & a.roaming.checks : d.walk; b;) {
    const Square k = pop_lsb(b);
    const int budget = d.moves - king_walk(d.king, k);
    const Bitboard around = shared_.geometry.leaps(PieceType::King, k) & shared_.geometry.board();
    const Zone& zone = shared_.zones[k];
    const PlacedSets& sets = lookup.sets(k);
    if (sets.count == PlacedSets::kTooMany) {
      add(around & ~a.roaming.guards, around, budget);
      continue;
    }
    for (int x = 0; x < sets.count; ++x) {
      const Bitboard unguarded = zone.unguarded(sets.sets[size_t(x)]);
      add(unguarded, unguarded, budget);
    }
  }
  return fills;
}

Bitboard EndingBound::nearer_squares(const Defence& d, const NearestMen& near, const std::vector<Fill>& fills,
                                     Square from) const {
  const PieceType type = type_of(d.position->piece_on(from));
  const auto& stands_of = shared_.stands[index(d.color)];
  const Within& stands = stands_of[index(type)];
  const Moves& moves_to_stand = shared_.moves_to_stand[index(d.color)][index(type)];
  // A pawn's moves that capture nothing: forward on its file, one move away (two squares from
  // where it starts), where it may promote.
  const bool pawn = type == PieceType::Pawn;
  const Bitboard pushes = pawn ? stands[from][1] & shared_.geometry.file_bb(file_of(from)) & ~square_bb(from) : 0;
  const Bitboard last_rank = shared_.geometry.rank_bb(d.color == Color::White ? shared_.geometry.ranks() - 1 : 0);
  // Whether the pawn pushed to `to` (promoted there to some kind, on the last rank) stands on q
  // within `moves` moves.
  const auto lands_within = [&](Square to, Square q, int moves) {
    if (!has(last_rank, to)) return has(stands[to][size_t(moves)], q);
    for (const PieceType kind : shared_.pawn_kinds) {
      if (kind != PieceType::Pawn && has(stands_of[index(kind)][to][size_t(moves)], q)) return true;
    }
    return false;
  };
  Bitboard nearer = 0;
  for (const Fill& fill : fills) {
    if (!fill.candidates) return ~Bitboard(0);  // none to fill: never so where passing fails
    // What the other men need at least to fill those squares, and the squares none of them
    // reaches (this piece must fill such a square, and can fill one only): the nearest men's,
    // but where this piece is the nearest, the next nearest's.
    int others = fill.nearest_moves;
    Bitboard unreached = fill.unreached;
    if (has(fill.nearest_men, from)) {
      for (Bitboard f = fill.squares & ~fill.unreached; f;) {
        const Square q = pop_lsb(f);
        const NearestMen::Entry& e = near.squares[size_t(q)];
        if (e.man != from) continue;
        others -= e.first;
        if (e.second == kFar) {
          unreached |= square_bb(q);
        } else {
          others += e.second;
        }
      }
      if (popcount(unreached) > 1) continue;
    }
    for (Bitboard f = unreached ? unreached : fill.candidates; f;) {
      const Square q = pop_lsb(f);
      const int own = has(fill.squares, q) && !unreached ? near.squares[size_t(q)].but(from) : 0;
      const int reach = std::min(int(moves_to_stand[from][q]) - 1, std::min(fill.budget - (others - own), kSteps - 1));
      if (reach < 0) continue;
      if (!pawn) {
        nearer |= stands[q][size_t(reach)];
        continue;
      }
      for (Bitboard p = pushes & ~nearer; p;) {
        const Square to = pop_lsb(p);
        if (lands_within(to, q, reach)) nearer |= square_bb(to);
      }
    }
  }
  return nearer;
}

Bitboard EndingBound::king_approaches(const Defence& d, const Army& a, Color attacker, int attacker_moves) const {
  const Bitboard next = shared_.geometry.leaps(PieceType::King, d.king) & shared_.geometry.board();
  const Within& walks = shared_.stands[index(d.color)][index(PieceType::King)];
  Bitboard approaches = 0;
  for (Bitboard b = boxing_squares(d, a.roaming, d.walk, false); b;) {
    const Square k = pop_lsb(b);
    const int walk = king_walk(d.king, k);
    if (walk == 0) continue;
    const Bitboard nearer = next & walks[k][size_t(walk - 1)];
    if ((nearer & ~approaches) && may_box_placed(d, a, attacker, attacker_moves, square_bb(k))) approaches |= nearer;
  }
  return approaches;
}

}  // namespace dm::search
