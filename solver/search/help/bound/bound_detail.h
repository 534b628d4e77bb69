#pragma once
// The ending bound's own helpers, shared by its files (solver/search/help/bound/*.cpp) and by no
// one else: distances that saturate at kFar, the caches' entry lookup, the sets of what the
// attacker's pieces do around a square (SetCosts), and the member templates that walk the
// attacker's reaches and the defender's hems.

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search::bound_detail {

constexpr uint8_t kFar = EndingBound::kUnreachable;

// The entry `hash` picks in a cache of 2^bits entries (a worker's scratch keeps one for each kind
// of entry). The cache is zeroed memory (an entry of zeros is empty) whose pages are touched only
// when a probe first lands on them: a short problem pays for the pages it uses, not for all of
// it. The hash picks the place only: the entry tells whether it holds what is wanted.
template <class Entry>
Entry& kept_entry(ZeroedMemory& memory, int bits, uint64_t hash) {
  return static_cast<Entry*>(memory.data())[size_t((hash * 0x9E3779B97F4A7C15ULL) >> (64 - bits))];
}

inline uint8_t add(uint8_t a, uint8_t b) { return a == kFar || b == kFar ? kFar : uint8_t(std::min(a + b, kFar - 1)); }

// The squares a piece of kind t (not a pawn) on one of `squares` moves to, `occupied` standing
// in its way, on the board.
inline Bitboard one_move_from(const Geometry& g, PieceType t, Bitboard squares, Bitboard occupied) {
  Bitboard next = 0;
  for (Bitboard b = squares; b;) next |= g.attacks(t, pop_lsb(b), occupied);
  return next & g.board();
}

// Sets of what the attacker's pieces do around a king's square, each with the fewest moves that
// reach it: bit j (0 to 8) for the zone's square j attacked (0: the king's own, then the eight
// next to it), bit 8 + j (j from 1) for a piece standing on square j. A list of those reached
// and a table, which each clear() leaves all unreached again.
class SetCosts {
 public:
  static constexpr int kBits = 17;
  static constexpr uint8_t kNone = UINT8_MAX;
  SetCosts() : least_(size_t(1) << kBits, kNone) {}
  int count() const { return int(sets_.size()); }
  size_t bytes() const { return least_.size() + sets_.capacity() * sizeof(unsigned); }
  unsigned set(int x) const { return sets_[size_t(x)]; }
  int least(unsigned set) const { return least_[set]; }
  void offer(unsigned set, int moves) {
    if (least_[set] == kNone) sets_.push_back(set);
    least_[set] = std::min(least_[set], uint8_t(moves));
  }
  void clear() {
    for (const unsigned set : sets_) least_[set] = kNone;
    sets_.clear();
  }
  // Drops each set that another makes needless: one that attacks all it attacks, stands on no
  // square it does not, and is reached in as few moves. The sets left come fewest moves first.
  void drop_needless() {
    std::sort(sets_.begin(), sets_.end(), [&](unsigned x, unsigned y) { return least_[x] < least_[y]; });
    size_t kept = 0;
    for (size_t x = 0; x < sets_.size(); ++x) {
      const unsigned set = sets_[x];
      bool needless = false;
      for (size_t y = 0; y < kept && !needless; ++y) {
        const unsigned other = sets_[y];
        needless = (set & kAttacked & ~other) == 0 && (other & ~kAttacked & ~set) == 0;
      }
      if (needless) {
        least_[set] = kNone;
      } else {
        sets_[kept++] = set;
      }
    }
    sets_.resize(kept);
  }
  static constexpr unsigned kAttacked = 0x1FF;  // the bits of the squares attacked

 private:
  std::vector<uint8_t> least_;
  std::vector<unsigned> sets_;  // those reached, as they came
};

// The men among `men` (none of them a king) with a move that captures nothing, or some of them
// more: a piece with an empty square among those it attacks, a pawn with the square in front of
// it empty. The move filters ask their squares only of such moves.
inline Bitboard quiet_movers(const Position& pos, Bitboard men) {
  const Geometry& g = pos.geometry();
  const Bitboard empty = g.board() & ~pos.pieces();
  Bitboard movers = 0;
  for (Bitboard b = men; b;) {
    const Square from = pop_lsb(b);
    const Piece piece = pos.piece_on(from);
    bool moves = false;
    if (type_of(piece) == PieceType::Pawn) {
      const int ahead = int(from) + pawn_forward(color_of(piece));
      moves = ahead >= 0 && ahead < kSquareSpace && has(empty, Square(ahead));
    } else {
      moves = (g.attacks(type_of(piece), from, pos.pieces()) & empty) != 0;
    }
    if (moves) movers |= square_bb(from);
  }
  return movers;
}

inline int king_walk(Square from, Square to) {
  return std::max(std::abs(file_of(to) - file_of(from)), std::abs(rank_of(to) - rank_of(from)));
}

}  // namespace dm::search::bound_detail

namespace dm::search {

// The buffers placed_sets and fills_to_make fill anew at each call.
struct EndingBound::Scratch::Buffers {
  std::array<bound_detail::SetCosts, 3> set_costs;
  std::vector<Fill> fills;
};

template <class Visit>
void EndingBound::two_move_reaches(const Army& a, Color attacker, Visit&& visit) const {
  const auto& attacks = shared_.attacks[index(attacker)];
  for (int i = 0; i < a.count; ++i) {
    for (int j = i; j < a.count; ++j) {
      Reach reach = others(a, attacker, i, j, 0);
      reach.add(a.types[i], attacks[index(a.types[i])][a.froms[i]][i == j ? 2 : 1]);
      if (i != j) reach.add(a.types[j], attacks[index(a.types[j])][a.froms[j]][1]);
      if (!visit(reach)) return;
    }
  }
}

template <class Visit>
void EndingBound::one_move_reaches(const Army& a, Color attacker, int moves, Visit&& visit) const {
  const auto& attacks = shared_.attacks[index(attacker)];
  for (int i = 0; i < a.count; ++i) {
    const Reach free = others(a, attacker, i, i, moves);
    const auto& own = attacks[index(a.types[i])];
    Reach reach = free;
    if (a.types[i] == PieceType::Pawn) {
      // Its moves and promotions all or none: the pawn's moves from where it stands.
      reach.add(PieceType::Pawn, own[a.froms[i]][moves + 1]);
      if (!visit(i, kNoSquare, reach)) return;
      continue;
    }
    for (Bitboard b = shared_.stands[index(attacker)][index(a.types[i])][a.froms[i]][1] & ~square_bb(a.froms[i]); b;) {
      const Square to = pop_lsb(b);
      reach = free;
      reach.add(a.types[i], own[to][moves]);
      if (!visit(i, to, reach)) return;
    }
  }
}

}  // namespace dm::search
