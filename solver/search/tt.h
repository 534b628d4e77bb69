#pragma once
// The transposition table shared by every search thread: a fixed array of clusters whose size
// is set once (--hash MB) and never grows.
//
// Each cluster is two cache lines: a spin lock and five entries. Every read copies an entry out
// under the lock and every write goes in under it, so no thread ever sees a torn entry. When a
// cluster is full, a new position takes the place of the entry with the least work below it,
// preferring unsolved entries; an unsolved result never displaces a solved one (it is dropped
// instead), so proofs and disproofs survive as long as there is room for them. That replacement
// is the table's garbage collection: the table never needs more memory than it was given.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "solver/search/tt_entry.h"
#include "solver/search/zeroed_memory.h"

namespace dm::search {

// What the table knows about a position with a given number of attacker turns left.
struct TtProbe {
  bool found = false;  // pn/dn come from the table (solved, or unsolved at the same turns)
  ProofNumber pn = 1;
  ProofNumber dn = 1;
  int need = 0;  // a proof: the fewest turns left it is known to hold with (proven_from)
};

class TranspositionTable {
 public:
  static constexpr int kClusterEntries = 5;

  // A table of at most megabytes MiB (at least one cluster).
  explicit TranspositionTable(size_t megabytes);

  void clear();
  size_t size_bytes() const { return cluster_count_ * sizeof(Cluster); }

  // Starts loading key's cluster into the cache, so that a later probe does not wait for it.
  void prefetch(uint64_t key) const { __builtin_prefetch(&cluster_of(key)); }

  // Direct and self play: the monotone bounds first, then the unsolved numbers at `turns`.
  TtProbe probe(uint64_t key, int turns) const;
  // Stores a result at `turns`: pn == 0 is a proof, dn == 0 a disproof.
  void store(uint64_t key, int turns, ProofNumber pn, ProofNumber dn, uint64_t amount);

  // Help play: whether the position is known to have no solution with exactly `turns` left.
  bool has_no_exact_solution(uint64_t key, int turns) const;
  void store_no_exact_solution(uint64_t key, int turns, uint64_t amount);

  // Entries in use, per thousand, over a sample of clusters.
  int permille_used() const;

 private:
  // All-zero bytes are an unlocked cluster of empty entries of generation 0, so the clusters
  // need no constructor: they live in ZeroedMemory, whose pages cost time and memory only once
  // the search writes to them (constructing every cluster of a 1 GiB table took a second).
  struct alignas(64) Cluster {
    mutable uint32_t lock;  // 1 while a thread holds the cluster; used through std::atomic_ref
    uint32_t generation;    // the table's generation when the entries were last written
    TtEntry entries[kClusterEntries];
  };
  static_assert(sizeof(Cluster) == 128, "a cluster is two cache lines");
  static_assert(std::is_trivially_copyable_v<Cluster> && std::is_trivially_destructible_v<Cluster>,
                "clusters are implicit-lifetime objects, made of zeroed memory without a constructor");

  // Locks a cluster for the lifetime of the guard.
  class Guard {
   public:
    explicit Guard(const Cluster& c);
    ~Guard();
    Guard(const Guard&) = delete;
    Guard& operator=(const Guard&) = delete;

   private:
    std::atomic_ref<uint32_t> lock_;
  };

  Cluster& cluster_of(uint64_t key) const;
  // Whether a locked cluster's entries belong to this generation (otherwise they read as empty).
  bool current(const Cluster& c) const { return c.generation == generation_; }
  // Empties a locked cluster of an older generation before a write.
  void renew(Cluster& c) const;
  // The entry for key in a locked cluster, claiming a slot when needed; nullptr when the
  // cluster holds only solved entries and the new result is unsolved.
  static TtEntry* slot_for(Cluster& c, uint64_t key, bool solved_result);

  size_t cluster_count_;
  ZeroedMemory memory_;
  Cluster* clusters_;
  uint32_t generation_ = 0;  // changed only by clear(), while no search runs
};

}  // namespace dm::search
