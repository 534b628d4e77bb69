#pragma once
// The attacker's placed sets around a king's square k: the widest sets of k's zone its pieces
// may check and guard, each piece from the one square it ends on, within its moves together
// (docs/help-bound.md, "Counting piece by piece", invariants 3 to 7); for a lone checker, with
// the square to interpose on. The box (EndingBound::may_box_placed) reads them through a cache
// in the worker's scratch, an entry used only where the army, its moves and k are the same.

#include <algorithm>
#include <array>
#include <cstdint>
#include <type_traits>

#include "solver/search/help/bound/bound_terms.h"
#include "solver/search/help/bound/distance_tables.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search::bound_detail {
class SetCosts;
}  // namespace dm::search::bound_detail

namespace dm::search::bound {

class AttackerSets {
 public:
  // The widest sets of the zone (bit 0 k, then the squares next to it in order) the army may
  // check (mate only) and guard. From bit kInterposeShift on, a lone checker's set has the place
  // in the zone of the square next to k on its line (0: none).
  struct PlacedSets {
    static constexpr int kTooMany = -1;  // more than fit: the test is not made
    static constexpr int kInterposeShift = 12;
    std::array<uint16_t, 24> sets{};
    int count = 0;
  };
  // What was found for one army, its moves and k, as kept in the cache (in zeroed memory: all
  // zeros is an empty entry).
  struct Entry {
    uint64_t bound = 0;  // the tables' id (0: empty)
    std::array<Square, kMaxRefined> froms{};
    std::array<PieceType, kMaxRefined> types{};
    uint8_t count = 0;
    uint8_t budget = 0;
    Color attacker = Color::White;
    Square k = 0;
    bool lone = false;  // lone_checker_sets rather than placed_sets
    PlacedSets sets;
    bool same_as(const Entry& o) const {
      return bound == o.bound && count == o.count && budget == o.budget && attacker == o.attacker && k == o.k &&
             lone == o.lone && std::equal(froms.begin(), froms.begin() + count, o.froms.begin()) &&
             std::equal(types.begin(), types.begin() + count, o.types.begin());
    }
  };
  static_assert(std::is_trivially_copyable_v<Entry> && sizeof(Entry) == 88);
  // Entries kept in a worker's scratch at its full size, about 23 MB (2^18 of 88 bytes): fewer
  // made the long help problems find again what they had found (reports/help-bound-figures.md).
  static constexpr int kCacheBits = 18;

  // The sets for one army and its moves, for each k asked, through the cache (a hash picks an
  // entry's place, never tells it).
  class Lookup {
   public:
    // lone: the army is a lone checker (EndingBound::lone_checker).
    Lookup(const AttackerSets& sets, const Army& army, Color attacker, int attacker_moves, bool lone);
    // The sets for k (valid until the next call), of the squares of the tables' zones[k].
    const PlacedSets& sets(Square k);

   private:
    const AttackerSets& owner_;
    const Army& army_;
    Entry wanted_{};
    uint64_t hash_ = 0;
  };

  // cache: 2^cache_bits entries of a worker's scratch; costs: its three tables of set costs.
  AttackerSets(const DistanceTables& tables, ZeroedMemory& cache, int cache_bits, bound_detail::SetCosts* costs)
      : tables_(tables), cache_(cache), cache_bits_(cache_bits), costs_(costs) {}

 private:
  // Each piece from the one square it ends on, within `budget` moves together.
  PlacedSets placed_sets(const Army& army, Color attacker, int budget, Square k, const std::array<Square, 9>& zone,
                         int n) const;
  // For a lone checker: each square the piece checks k from in time, each square its king may
  // then reach (those that guard no square next to k as one), and the square to interpose on. A
  // checker next to k stands guarded by the king, and fills nothing. A set is left out where
  // another guards as much or more with the same square to interpose on, or none.
  PlacedSets lone_checker_sets(const Army& army, Color attacker, int budget, Square k) const;

  const DistanceTables& tables_;
  ZeroedMemory& cache_;
  int cache_bits_;
  bound_detail::SetCosts* costs_;  // three of them
};

}  // namespace dm::search::bound
