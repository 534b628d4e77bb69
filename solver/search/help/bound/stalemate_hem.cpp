// A stalemate's hem (StalemateHem): which of the defender's pieces may end hemmed in by their
// own men, the king and the pawns.

#include "solver/search/help/bound/stalemate_hem.h"

#include <algorithm>
#include <array>
#include <bit>
#include <vector>

#include "solver/search/help/bound/bound_detail.h"

namespace dm::search::bound {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

template <class Visit>
void StalemateHem::for_each_hem(const Defence& d, Bitboard pieces, Visit&& visit) const {
  const int step = std::min(d.moves, kSteps - 1);
  for (Bitboard b = pieces; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    const std::vector<Bitboard>& first_steps = tables_.first_steps[index(t)];
    const Bitboard others = d.men & ~square_bb(from);
    const Bitboard beside_others = beside(t, others);
    const Steps& reach = tables_.stands[index(d.color)][index(t)][from];
    for (int m = 0; m <= step; ++m) {
      // Where no other man stands on a first step, the count is within d's moves and two only
      // where the first steps are at most d's moves less m and two.
      const Bitboard few = tables_.few_first_steps[index(t)][size_t(std::min(d.moves - m + 2, kMostFirstSteps))];
      for (Bitboard ring = reach[size_t(m)] & ~(m ? reach[size_t(m - 1)] : 0) & (beside_others | few); ring;) {
        const Bitboard first = first_steps[pop_lsb(ring)];
        const int moves = m + hem_moves(d, first, others);
        if (moves - 1 <= d.moves) visit(first, others, moves);
      }
    }
  }
}

StalemateHem::Unhemmed StalemateHem::unhemmed(const Defence& d, Bitboard pieces) const {
  Entry wanted;
  wanted.bound = tables_.id;
  wanted.men = d.men;
  wanted.king = d.king;
  wanted.moves = d.moves;
  wanted.color = d.color;
  wanted.men_key = men_key(d);
  Entry& entry = kept_entry<Entry>(cache_, cache_bits_,
                                   wanted.men_key ^ uint64_t(d.men) ^ uint64_t(d.men >> 64) * 0xC2B2AE3D27D4EB4FULL ^
                                       (uint64_t(d.king) << 8 | uint64_t(d.moves & 0xFF)));
  // Past kMostHemmedTogether pieces, `together` is `alone`.
  const auto answer = [&](const Entry& e) {
    Unhemmed u{e.unhemmed, e.unhemmed, e.fewest};
    if (popcount(pieces) > kMostHemmedTogether) return u;
    int place = 0;
    for (Bitboard b = pieces; b; ++place) {
      const Square from = pop_lsb(b);
      if (e.together >> place & 1) u.together |= square_bb(from);
    }
    return u;
  };
  if (entry.same_as(wanted)) return answer(entry);
  for (Bitboard b = pieces; b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(d.position->piece_on(from));
    const std::vector<Bitboard>& first_steps = tables_.first_steps[index(t)];
    const Bitboard others = d.men & ~square_bb(from);
    bool hemmed = hem_moves(d, first_steps[from], others) <= d.moves;
    // A square m moves away where no other man stands on a first step is hemmed in only where
    // it has at most d.moves - m + 1 of them: the others are not tried.
    const Bitboard beside_others = beside(t, others);
    const Steps& reach = tables_.stands[index(d.color)][index(t)][from];
    for (int m = 1; m <= std::min(d.moves, kSteps - 1) && !hemmed; ++m) {
      const Bitboard few = tables_.few_first_steps[index(t)][size_t(std::min(d.moves - m + 1, kMostFirstSteps))];
      for (Bitboard ring = reach[size_t(m)] & ~reach[size_t(m - 1)] & (beside_others | few); ring && !hemmed;) {
        hemmed = m + hem_moves(d, first_steps[pop_lsb(ring)], others) <= d.moves;
      }
    }
    if (!hemmed) wanted.unhemmed |= square_bb(from);
  }
  // Together: each set of the pieces that may each be hemmed in alone, but a set that adds no
  // piece to those found and is no larger than the largest.
  std::array<Square, kMostHemmedTogether> froms{};
  const int n = popcount(pieces);
  unsigned alone = 0;
  int place = 0;
  for (Bitboard b = pieces; b && n <= kMostHemmedTogether; ++place) {
    const Square from = pop_lsb(b);
    froms[size_t(place)] = from;
    if (has(wanted.unhemmed, from)) alone |= 1U << place;
  }
  if (n > kMostHemmedTogether) {
    wanted.fewest = uint8_t(popcount(wanted.unhemmed));
  } else {
    const unsigned all = (1U << n) - 1;
    unsigned in_some = 0;
    int most = 0;
    for (unsigned set = all & ~alone; set; set = (set - 1) & all & ~alone) {
      if (std::popcount(set) <= most && (set & ~in_some) == 0) continue;
      if (!may_end_hemmed_together(d, froms, set)) continue;
      in_some |= set;
      most = std::max(most, std::popcount(set));
    }
    wanted.together = uint8_t(all & ~in_some);
    wanted.fewest = uint8_t(n - most);
  }
  entry = wanted;
  return answer(entry);
}

bool StalemateHem::may_end_hemmed_together(const Defence& d, const std::array<Square, kMostHemmedTogether>& froms,
                                           unsigned set) const {
  const Position& pos = *d.position;
  const Bitboard pawns = d.men & pos.pieces(PieceType::Pawn);
  constexpr int kMostPawns = 16;
  if (popcount(pawns) > kMostPawns) return true;
  std::array<Square, kMostPawns> pawn_froms{};
  int pawn_count = 0;
  const int step = std::min(d.moves, kSteps - 1);
  // Where the pawns and the king may hold a square; the squares held now cost nothing.
  Bitboard holdable = d.walk;
  for (Bitboard b = pawns; b;) {
    const Square from = pop_lsb(b);
    pawn_froms[size_t(pawn_count++)] = from;
    holdable |= tables_.stands[index(d.color)][index(PieceType::Pawn)][from][size_t(step)];
  }
  const Bitboard held = pawns | square_bb(d.king);
  const int holders = pawn_count + 1;
  std::array<Square, kMostHemmedTogether> pieces{};
  std::array<PieceType, kMostHemmedTogether> types{};
  int count = 0;
  for (int place = 0; place < kMostHemmedTogether; ++place) {
    if (!(set >> place & 1)) continue;
    pieces[size_t(count)] = froms[size_t(place)];
    types[size_t(count++)] = type_of(pos.piece_on(froms[size_t(place)]));
  }
  // Each piece's squares: within d's moves, with no more first steps than the others may hold,
  // nor more the pawns and the king cannot hold than the other pieces.
  struct Place {
    Square square;
    uint8_t moves;
  };
  std::array<std::array<Place, kSquareSpace>, kMostHemmedTogether> places{};
  std::array<int, kMostHemmedTogether> place_count{};
  for (int i = 0; i < count && i < kMostHemmedTogether; ++i) {
    const PieceType t = types[size_t(i)];
    const std::vector<Bitboard>& first_steps = tables_.first_steps[index(t)];
    const Bitboard few = tables_.few_first_steps[index(t)][size_t(std::min(holders + count - 1, kMostFirstSteps))];
    for (Bitboard b = tables_.stands[index(d.color)][index(t)][pieces[size_t(i)]][size_t(step)] & few; b;) {
      const Square s = pop_lsb(b);
      if (popcount(first_steps[s] & ~holdable) > count - 1) continue;
      places[size_t(i)][size_t(place_count[size_t(i)]++)] = {s,
                                                             tables_.moves_to_reach(t, d.color, pieces[size_t(i)], s)};
    }
    if (place_count[size_t(i)] == 0) return false;
    std::sort(places[size_t(i)].begin(), places[size_t(i)].begin() + place_count[size_t(i)],
              [](const Place& a, const Place& b) { return a.moves < b.moves; });
  }
  // The fewest moves of the pieces from i on together, each on its nearest square.
  std::array<int, kMostHemmedTogether + 1> fewest_after{};
  for (int i = std::min(count, kMostHemmedTogether) - 1; i >= 0; --i) {
    fewest_after[size_t(i)] = fewest_after[size_t(i) + 1] + places[size_t(i)][0].moves;
  }
  // The fewest moves of the pawns and the king, each to one square, to hold `squares`.
  const auto hold_moves = [&](Bitboard squares, int budget) {
    std::array<Square, kMostPawns + 1> wanted{};
    int w = 0;
    for (Bitboard b = squares; b && w <= kMostPawns;) wanted[size_t(w++)] = pop_lsb(b);
    int best = budget + 1;
    const auto assign = [&](auto&& self, int i, unsigned used, bool king_used, int moves) -> void {
      if (moves >= best) return;
      if (i >= w) {
        best = moves;
        return;
      }
      const Square q = wanted[size_t(i)];
      for (int p = 0; p < pawn_count; ++p) {
        if (used >> p & 1) continue;
        const uint8_t m = tables_.moves_to_reach(PieceType::Pawn, d.color, pawn_froms[size_t(p)], q);
        if (m != kFar) self(self, i + 1, used | 1U << p, king_used, moves + m);
      }
      if (!king_used && has(d.walk, q)) self(self, i + 1, used, true, moves + king_walk(d.king, q));
    };
    assign(assign, 0, 0, false, 0);
    return best;
  };
  int tries = 0;
  // Places piece i and those after it, the pieces before ending on `ends` and moving to first
  // the squares of `firsts`, in `moves` moves. A square to hold that none holds now takes a
  // move, or a piece after i ending there.
  const auto place = [&](auto&& self, int i, Bitboard ends, Bitboard firsts, int moves) -> bool {
    if (++tries > kMostHemTries) return true;
    const Bitboard open = firsts & ~ends;
    const int left = count - i;
    if (popcount(open) - left > holders || popcount(open & ~holdable) > left ||
        moves + popcount(open & ~held) - left > d.moves) {
      return false;
    }
    if (i >= count || i >= kMostHemmedTogether) return moves + hold_moves(open, d.moves - moves) <= d.moves;
    const std::vector<Bitboard>& first_steps = tables_.first_steps[index(types[size_t(i)])];
    // The places in order of their moves: past the first too far with the others' fewest, all are.
    for (int x = 0; x < place_count[size_t(i)]; ++x) {
      const Place& p = places[size_t(i)][size_t(x)];
      if (moves + p.moves + fewest_after[size_t(i) + 1] > d.moves) break;
      if (has(ends, p.square)) continue;
      if (self(self, i + 1, ends | square_bb(p.square), firsts | first_steps[p.square], moves + p.moves)) return true;
    }
    return false;
  };
  return place(place, 0, 0, 0, 0);
}

Bitboard StalemateHem::beside(PieceType t, Bitboard men) const {
  const std::vector<Bitboard>& first_steps = tables_.first_steps[index(t)];
  Bitboard squares = 0;
  for (Bitboard b = men; b;) squares |= first_steps[pop_lsb(b)];
  return squares;
}

Bitboard StalemateHem::hem_squares(const Defence& d, Bitboard pieces) const {
  Bitboard squares = 0;
  for_each_hem(d, pieces, [&](Bitboard first, Bitboard others, int) { squares |= first & ~others; });
  return squares;
}

Bitboard StalemateHem::walk_hems(const Defence& d, Bitboard pieces) const {
  // The squares the king's walk must newly reach: the first steps of a square where a piece may
  // end hemmed in with one fewer to hold, none of them in the walk now (any of them counts,
  // held by another man or not).
  Bitboard wanted = 0;
  for_each_hem(d, pieces, [&](Bitboard first, Bitboard, int) {
    if (!(first & d.walk)) wanted |= first;
  });
  // The king's squares from which its walk reaches one of them: within its moves of one.
  const int step = std::min(d.moves, kSteps - 1);
  const Within& walks = tables_.stands[index(d.color)][index(PieceType::King)];
  Bitboard squares = 0;
  for (Bitboard b = wanted; b;) squares |= walks[pop_lsb(b)][size_t(step)];
  return squares;
}

Bitboard StalemateHem::hemmed_from(const Defence& d, PieceType t, Bitboard others) const {
  const std::vector<Bitboard>& first_steps = tables_.first_steps[index(t)];
  const Within& stands = tables_.stands[index(d.color)][index(t)];
  // Only a square next to another man, or with at most d's moves and one first steps, may be
  // hemmed in within d's moves (see for_each_hem).
  const Bitboard few = tables_.few_first_steps[index(t)][size_t(std::min(d.moves + 1, kMostFirstSteps))];
  Bitboard squares = 0;
  for (Bitboard b = tables_.geometry.board() & (beside(t, others) | few); b;) {
    const Square s = pop_lsb(b);
    const int moves_there = d.moves - hem_moves(d, first_steps[s], others);
    if (moves_there >= 0) squares |= stands[s][size_t(std::min(moves_there, kSteps - 1))];
  }
  return squares;
}

}  // namespace dm::search::bound
