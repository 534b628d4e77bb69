#pragma once
// A stalemate's hem: whether each of the defender's pieces (not pawns) may end hemmed in by its
// own men, the pawns and the king within the defender's moves, alone or together with the
// others (docs/help-bound.md, invariants 9 to 11). A piece that cannot must be captured
// (EndingBound::take_off_the_captured), and a man's move that lets none be hemmed in is not
// tried. The answers depend on the defender's side alone: they are kept in the worker's
// scratch (EndingBound::Scratch), an entry used only where the side is the same.

#include <array>
#include <cstdint>
#include <type_traits>

#include "solver/search/help/bound/bound_terms.h"
#include "solver/search/help/bound/distance_tables.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search::bound {

class StalemateHem {
 public:
  // The most pieces whose sets are tried together, and the most placings tried for a set.
  static constexpr int kMostHemmedTogether = 4;
  static constexpr int kMostHemTries = 4096;

  // One entry of the cache (in zeroed memory: all zeros is an empty entry); `together` as bits
  // of the pieces in the order of their squares.
  struct Entry {
    Bitboard men = 0;       // where the defender's men stand (the pieces and the pawns)
    Bitboard unhemmed = 0;  // the answer's `alone`
    uint64_t bound = 0;     // the tables' id (0: empty)
    uint64_t men_key = 0;   // men_key(d)
    int moves = 0;
    Square king = 0;
    Color color = Color::White;
    uint8_t together = 0;
    uint8_t fewest = 0;
    bool same_as(const Entry& o) const {
      return bound == o.bound && men_key == o.men_key && men == o.men && king == o.king && moves == o.moves &&
             color == o.color;
    }
  };
  static_assert(std::is_trivially_copyable_v<Entry> && sizeof(Entry) == 64);
  // Entries kept in a worker's scratch at its full size, 1 MB.
  static constexpr int kCacheBits = 14;

  // cache: 2^cache_bits entries of a worker's scratch.
  StalemateHem(const DistanceTables& tables, ZeroedMemory& cache, int cache_bits)
      : tables_(tables), cache_(cache), cache_bits_(cache_bits) {}

  // Of `pieces` (the defender's, not pawns; pins aside, see take_off_the_captured): those hemmed
  // in neither where they stand nor where they go within d's moves, each taken alone (`alone`);
  // those in no set of them that may all end hemmed in together (may_end_hemmed_together), past
  // kMostHemmedTogether pieces `alone` (`together`, which holds `alone`); and the fewest
  // pieces such a set leaves out (`fewest`). Kept in the cache, an entry used only where the
  // men, their fingerprint (men_key), the king and the moves are the same.
  struct Unhemmed {
    Bitboard alone = 0;
    Bitboard together = 0;
    int fewest = 0;
  };
  Unhemmed unhemmed(const Defence& d, Bitboard pieces) const;

  // The squares next to one of `men` for a piece of kind t: those one of them is a first step of
  // (a piece's first steps go both ways, as every move of the variants' pieces does).
  Bitboard beside(PieceType t, Bitboard men) const;
  // The moves of the other men (`others`, d's men but the piece hemmed in) to hold every square
  // of `first` none of them holds now, the king's walk holding one where it holds any.
  static int hem_moves(const Defence& d, Bitboard first, Bitboard others) {
    return popcount(first & ~others) - ((first & d.walk) ? 1 : 0);
  }
  // The squares where another man of the defender's, landing, may let one of `pieces` (the
  // defender's, not pawns) end hemmed in within d's moves, as unhemmed counts it: the first steps
  // no other man holds of each square s the piece may go to where, one of them held, its moves
  // there and the hem's are within d's moves. (A first step of s is one exactly where s is one of
  // it, as every move of the variants' pieces goes both ways: the man lands next to s.)
  Bitboard hem_squares(const Defence& d, Bitboard pieces) const;
  // The squares from which a piece of the defender's of kind t (not a pawn) may end hemmed in
  // within d's moves, the men of `others` standing where they stand (as unhemmed counts it): each
  // square within as many moves of a square s as the hem of s leaves.
  Bitboard hemmed_from(const Defence& d, PieceType t, Bitboard others) const;
  // The squares the defender's king may move to for its walk (d's moves from there) to hold a
  // square that may let one of `pieces` end hemmed in: a first step (held by a man or not) of a
  // square s the piece may go to, none of whose first steps the walk holds now, where, one of
  // them held, its moves there and the hem's are within d's moves (unhemmed counts the walk as
  // holding one first step of s where it holds any).
  Bitboard walk_hems(const Defence& d, Bitboard pieces) const;

 private:
  // Calls visit(first, others, moves) for each square s each of `pieces` may go to within d's
  // moves where, one more first step held, the piece may end hemmed in within them: s's first
  // steps, the other men, and unhemmed's count (the moves to s, plus the first steps no other
  // man holds, less one where the king's walk holds any).
  template <class Visit>
  void for_each_hem(const Defence& d, Bitboard pieces, Visit&& visit) const;
  // Whether the pieces of `set` (bits of `froms`' places) may all end hemmed in within d's moves:
  // each piece ends on a square of its own, and each square one of them moves to first from
  // there that none of them ends on is held by a pawn of the defender's or its king, each on one
  // square; all their moves, counted on an empty board, are within d's. (Looser than the game:
  // the other men's squares, the attacker's pieces and what the pawns and the king must do
  // themselves are not counted.) True where more than kMostHemTries placings are tried.
  bool may_end_hemmed_together(const Defence& d, const std::array<Square, kMostHemmedTogether>& froms,
                               unsigned set) const;

  const DistanceTables& tables_;
  ZeroedMemory& cache_;
  int cache_bits_;
};

}  // namespace dm::search::bound
