#include "solver/search/tt.h"

#include <algorithm>
#include <iterator>
#include <thread>

namespace dm::search {

namespace {

uint32_t saturate(uint64_t amount) { return uint32_t(std::min<uint64_t>(amount, UINT32_MAX)); }

// Help and series play: an entry's bits hold 32 lengths (0 to kMaxExactTurns), so the lengths
// from 32 on are kept in entries of their own, one for each 32, under the position's key mixed
// with the bank's number: a position's bank key meets another's key no more often than two keys
// meet.
constexpr int kExactBank = TtEntry::kMaxExactTurns + 1;
uint64_t exact_key(uint64_t key, int turns) { return key ^ (uint64_t(turns / kExactBank) * 0x9E3779B97F4A7C15ull); }
uint32_t exact_bit(int turns) { return uint32_t(1) << (turns % kExactBank); }

// The cluster of a key among `count`: its high 32 bits scaled to the count (fewer than 2^32
// clusters). Scaled so, an index i among n clusters becomes 2i or 2i + 1 among 2n.
size_t index_of(uint64_t key, size_t count) { return size_t(((key >> 32) * uint64_t(count)) >> 32); }

void lock(uint32_t& word) {
  std::atomic_ref<uint32_t> lock(word);
  while (lock.exchange(1, std::memory_order_acquire)) {
    while (lock.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
}

void unlock(uint32_t& word) { std::atomic_ref<uint32_t>(word).store(0, std::memory_order_release); }

}  // namespace

TranspositionTable::TranspositionTable(size_t megabytes)
    : max_cluster_count_(std::max<size_t>(1, (megabytes << 20) / sizeof(Cluster))),
      cluster_count_(std::min(max_cluster_count_, kInitialBytes / sizeof(Cluster))),
      memory_(max_cluster_count_ * sizeof(Cluster)),
      clusters_(static_cast<Cluster*>(memory_.data())) {}

void TranspositionTable::clear() {
  ++generation_;
  grow_early_ = false;
}

void TranspositionTable::clear_growing_early() {
  ++generation_;
  grow_early_ = true;
  evictions_.store(0, std::memory_order_relaxed);
}

void TranspositionTable::renew(Cluster& c) const {
  if (current(c)) return;
  for (TtEntry& e : c.entries) e = TtEntry{};
  c.generation = generation_;
}

TranspositionTable::Guard::Guard(const Cluster& c) : lock_(c.lock) { lock(c.lock); }

TranspositionTable::Guard::~Guard() { lock_.store(0, std::memory_order_release); }

TranspositionTable::Cluster& TranspositionTable::cluster_of(uint64_t key) const {
  return clusters_[index_of(key, cluster_count_.load(std::memory_order_acquire))];
}

void TranspositionTable::note_eviction() {
  const size_t count = cluster_count_.load(std::memory_order_relaxed);
  if (count == max_cluster_count_) return;
  const size_t enough = grow_early_ ? 1 : std::max<size_t>(1, count / kGrowthEvictions);
  if (evictions_.fetch_add(1, std::memory_order_relaxed) + 1 < enough) return;
  if (growing_.exchange(true, std::memory_order_acquire)) return;  // another thread grows it
  if (cluster_count_.load(std::memory_order_relaxed) == count) grow();
  growing_.store(false, std::memory_order_release);
}

void TranspositionTable::grow() {
  const size_t old_count = cluster_count_.load(std::memory_order_relaxed);
  const size_t new_count = std::min(2 * old_count, max_cluster_count_);
  // Every cluster in use is locked; those above old_count are not reached by any index yet.
  for (size_t i = 0; i < old_count; ++i) lock(clusters_[i].lock);
  // From the top down: an entry of cluster i goes to a cluster at i or above, which has given
  // up its own entries already.
  for (size_t i = old_count; i-- > 0;) {
    Cluster& c = clusters_[i];
    const bool live = current(c);
    TtEntry moved[kClusterEntries];
    std::copy(std::begin(c.entries), std::end(c.entries), moved);
    renew(c);
    for (TtEntry& e : c.entries) e = TtEntry{};
    if (!live) continue;
    for (const TtEntry& e : moved) {
      if (!e.used()) continue;
      Cluster& target = clusters_[index_of(e.key, new_count)];
      renew(target);
      reinsert(target, e);
    }
  }
  evictions_.store(0, std::memory_order_relaxed);
  cluster_count_.store(new_count, std::memory_order_release);
  for (size_t i = 0; i < old_count; ++i) unlock(clusters_[i].lock);
}

void TranspositionTable::reinsert(Cluster& c, const TtEntry& e) const {
  bool evicted = false;
  TtEntry* slot = slot_for(c, e.key, e.solved(), evicted);
  if (slot) *slot = e;
}

TtProbe TranspositionTable::probe(uint64_t key, int turns) const {
  key ^= salt_;
  const Cluster& c = cluster_of(key);
  Guard guard(c);
  if (!current(c)) return {};
  for (const TtEntry& e : c.entries) {
    if (!e.used() || e.key != key) continue;
    if (e.proven_from != TtEntry::kNoBound && turns >= e.proven_from) return {true, 0, kInfinite, e.proven_from};
    if (turns < e.disproven_to) return {true, kInfinite, 0};
    if (e.turns == turns && !(e.flags & TtEntry::kExact)) return {true, e.pn, e.dn};
    return {};
  }
  return {};
}

TtEntry* TranspositionTable::slot_for(Cluster& c, uint64_t key, bool solved_result, bool& evicted,
                                      uint32_t* evicted_amount) {
  TtEntry* victim = nullptr;
  for (TtEntry& e : c.entries) {
    if (!e.used() || e.key == key) return &e;
    // Unsolved entries go first; among equals, the one with the least work below it.
    if (!victim || (victim->solved() && !e.solved()) ||
        (victim->solved() == e.solved() && e.amount < victim->amount)) {
      victim = &e;
    }
  }
  evicted = true;
  if (evicted_amount) *evicted_amount = victim->amount;
  if (victim->solved() && !solved_result) return nullptr;
  *victim = TtEntry{};
  return victim;
}

void TranspositionTable::store(uint64_t key, int turns, ProofNumber pn, ProofNumber dn, uint64_t amount) {
  key ^= salt_;
  bool evicted = false;
  store_locked(key, turns, pn, dn, amount, evicted);
  if (evicted) note_eviction();
}

void TranspositionTable::store_locked(uint64_t key, int turns, ProofNumber pn, ProofNumber dn, uint64_t amount,
                                      bool& evicted) {
  Cluster& c = cluster_of(key);
  Guard guard(c);
  renew(c);
  const bool solved = pn == 0 || dn == 0;
  TtEntry* e = slot_for(c, key, solved, evicted);
  if (!e) return;
  if (e->key != key || !e->used()) {
    *e = TtEntry{};
    e->key = key;
    e->flags = TtEntry::kUsed;
  }
  e->amount = std::max(e->amount, saturate(amount));
  if (pn == 0) {
    e->proven_from = uint8_t(std::min<int>(e->proven_from, turns));
  } else if (dn == 0) {
    e->disproven_to = uint8_t(std::max<int>(e->disproven_to, turns + 1));
  } else {
    e->turns = uint8_t(turns);
    e->pn = pn;
    e->dn = dn;
    e->flags = uint8_t(e->flags & ~TtEntry::kExact);
  }
}

bool TranspositionTable::has_no_exact_solution(uint64_t key, int turns) const {
  key = exact_key(key, turns) ^ salt_;
  const Cluster& c = cluster_of(key);
  Guard guard(c);
  if (!current(c)) return false;
  for (const TtEntry& e : c.entries) {
    if (e.used() && e.key == key) return (e.flags & TtEntry::kExact) && (e.no_solution_turns & exact_bit(turns));
  }
  return false;
}

void TranspositionTable::store_no_exact_solution(uint64_t key, int turns, uint64_t amount) {
  key = exact_key(key, turns) ^ salt_;
  bool evicted = false;
  store_no_exact_solution_locked(key, turns, amount, evicted);
  if (evicted) note_eviction();
}

void TranspositionTable::store_no_exact_solution_locked(uint64_t key, int turns, uint64_t amount, bool& evicted) {
  Cluster& c = cluster_of(key);
  Guard guard(c);
  renew(c);
  // An entry with no node searched below it (one the help bound ruled out) costs a test to work
  // out again, not a search: dropping it is no reason to grow.
  uint32_t evicted_amount = 0;
  TtEntry* e = slot_for(c, key, true, evicted, &evicted_amount);
  evicted = evicted && evicted_amount > 0;
  if (e->key != key || !(e->flags & TtEntry::kExact)) {
    *e = TtEntry{};
    e->key = key;
    e->flags = TtEntry::kUsed | TtEntry::kExact;
    e->no_solution_turns = 0;
  }
  e->no_solution_turns |= exact_bit(turns);
  e->amount = saturate(uint64_t(e->amount) + amount);
}

int TranspositionTable::permille_used() const {
  const size_t sample = std::min<size_t>(cluster_count_.load(std::memory_order_relaxed), 1000);
  size_t used = 0;
  for (size_t i = 0; i < sample; ++i) {
    const Cluster& c = clusters_[i];
    Guard guard(c);
    if (!current(c)) continue;
    for (const TtEntry& e : c.entries) used += e.used();
  }
  return int(used * 1000 / (sample * kClusterEntries));
}

}  // namespace dm::search
