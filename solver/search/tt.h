#pragma once
// The transposition table shared by every search thread: an array of clusters of at most
// --hash MB, which starts small and doubles as the search fills it.
//
// A small problem (most #2 and #3) never fills 2 MiB; giving it the whole --hash at once cost
// it the zeroing of every page its scattered probes touched (tens of milliseconds for a
// table of 128 MiB, more than the search), and its memory. So the table starts at
// kInitialBytes and grows, up to its limit, each time the clusters in use have had to drop an
// entry for a new one as many times as a fraction of their number (kGrowthEvictions). In help
// play, a dropped entry with no node searched below it (a position the bound ruled out) does
// not count: most entries of a long help problem are such, and growing for them cost more in
// pages zeroed than it saved in tests made again. A
// cluster's index is its key's high bits scaled to the number of clusters, so on doubling the
// entries of cluster i go to 2i or 2i + 1 (any growth sends them to clusters at i or above),
// and the grower moves them in place from the top down, holding every cluster's lock. A thread
// that found its cluster by the old number reads or writes a cluster that now holds other
// keys: a miss, or an entry stored where no probe looks, never a wrong answer (entries keep
// their whole key).
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

#include "solver/search/core/tt_entry.h"
#include "solver/search/resources/zeroed_memory.h"

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

  // The table's first size (or its limit, where that is less): one huge page.
  static constexpr size_t kInitialBytes = size_t(2) << 20;
  // The table doubles when the clusters in use have dropped an entry for a new one this many
  // times per (clusters in use / kGrowthEvictions).
  static constexpr size_t kGrowthEvictions = 64;

  // A table of at most megabytes MiB (at least one cluster).
  explicit TranspositionTable(size_t megabytes);

  // Forgets every entry; the table keeps the size it has grown to.
  void clear();
  // Forgets every entry, and from now on grows the table at the first entry it drops, for the
  // searches that must not lose entries early: the proofs without a length (win, lose), whose
  // df-pn loses its way when entries are dropped early (an antichess `lose` that takes 4.5 s with
  // 64 MiB from the start was still open after 60 s with a table that had grown slowly from 2 MiB
  // to 64 MiB). The entries stay in the clusters at the front of the table, so a short proof
  // touches only the pages it needs. Only while no search runs; clear() ends the mode.
  void clear_growing_early();
  // Keeps the results of searches with different meanings apart in one table: every key is
  // read and written xor'd with the salt. The explore's jobs prove wins for either side, and a
  // job keeps what earlier jobs for the same side found (explore/job_runner.h). Only while no
  // search runs; 0, the default, changes nothing.
  void set_salt(uint64_t salt) { salt_ = salt; }
  // The most memory the table may use (--hash): what memory budgets derived from it count on.
  size_t size_bytes() const { return max_cluster_count_ * sizeof(Cluster); }
  // The memory it uses now.
  size_t used_bytes() const { return cluster_count_.load(std::memory_order_relaxed) * sizeof(Cluster); }

  // Starts loading key's cluster into the cache, both its lines, so that a later probe does not
  // wait for it.
  void prefetch(uint64_t key) const {
    const char* cluster = reinterpret_cast<const char*>(&cluster_of(key ^ salt_));
    __builtin_prefetch(cluster);
    __builtin_prefetch(cluster + sizeof(Cluster) / 2);
  }

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
  // cluster holds only solved entries and the new result is unsolved. `evicted` is set when
  // the slot held another position, and then `evicted_amount` (where given) to its amount.
  static TtEntry* slot_for(Cluster& c, uint64_t key, bool solved_result, bool& evicted,
                           uint32_t* evicted_amount = nullptr);

  // store() and store_no_exact_solution() with the cluster locked; `evicted` as slot_for's.
  void store_locked(uint64_t key, int turns, ProofNumber pn, ProofNumber dn, uint64_t amount, bool& evicted);
  void store_no_exact_solution_locked(uint64_t key, int turns, uint64_t amount, bool& evicted);
  // Counts an entry dropped for a new one, and grows the table when there have been enough.
  // Called with no cluster locked.
  void note_eviction();
  // Doubles the clusters in use (up to the limit), moving every entry to its new cluster.
  void grow();
  // Puts an entry moved by grow() into cluster c (locked, or not yet in use): into a free slot,
  // else in place of the entry with the least work below it, solved entries kept first.
  void reinsert(Cluster& c, const TtEntry& e) const;

  size_t max_cluster_count_;
  std::atomic<size_t> cluster_count_;  // in use: the index scales to it
  ZeroedMemory memory_;
  Cluster* clusters_;
  uint32_t generation_ = 0;  // changed only by clear(), while no search runs
  std::atomic<size_t> evictions_{0};  // since the last growth
  std::atomic<bool> growing_{false};  // a thread is growing the table
  bool grow_early_ = false;
  uint64_t salt_ = 0;  // clear_growing_early(): grow at the first dropped entry
};

}  // namespace dm::search
