#include "solver/search/tt.h"

#include <algorithm>
#include <thread>

namespace dm::search {

namespace {

uint32_t saturate(uint64_t amount) { return uint32_t(std::min<uint64_t>(amount, UINT32_MAX)); }

}  // namespace

TranspositionTable::TranspositionTable(size_t megabytes)
    : cluster_count_(std::max<size_t>(1, (megabytes << 20) / sizeof(Cluster))),
      memory_(cluster_count_ * sizeof(Cluster)),
      clusters_(static_cast<Cluster*>(memory_.data())) {}

void TranspositionTable::clear() { ++generation_; }

void TranspositionTable::renew(Cluster& c) const {
  if (current(c)) return;
  for (TtEntry& e : c.entries) e = TtEntry{};
  c.generation = generation_;
}

TranspositionTable::Guard::Guard(const Cluster& c) : lock_(c.lock) {
  while (lock_.exchange(1, std::memory_order_acquire)) {
    while (lock_.load(std::memory_order_relaxed)) std::this_thread::yield();
  }
}

TranspositionTable::Guard::~Guard() { lock_.store(0, std::memory_order_release); }

TranspositionTable::Cluster& TranspositionTable::cluster_of(uint64_t key) const {
  // The high 32 bits scaled to the cluster count (fewer than 2^32 clusters).
  const auto index = size_t(((key >> 32) * uint64_t(cluster_count_)) >> 32);
  return clusters_[index];
}

TtProbe TranspositionTable::probe(uint64_t key, int turns) const {
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

TtEntry* TranspositionTable::slot_for(Cluster& c, uint64_t key, bool solved_result) {
  TtEntry* victim = nullptr;
  for (TtEntry& e : c.entries) {
    if (!e.used() || e.key == key) return &e;
    // Unsolved entries go first; among equals, the one with the least work below it.
    if (!victim || (victim->solved() && !e.solved()) ||
        (victim->solved() == e.solved() && e.amount < victim->amount)) {
      victim = &e;
    }
  }
  if (victim->solved() && !solved_result) return nullptr;
  *victim = TtEntry{};
  return victim;
}

void TranspositionTable::store(uint64_t key, int turns, ProofNumber pn, ProofNumber dn, uint64_t amount) {
  Cluster& c = cluster_of(key);
  Guard guard(c);
  renew(c);
  const bool solved = pn == 0 || dn == 0;
  TtEntry* e = slot_for(c, key, solved);
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
  if (turns > TtEntry::kMaxExactTurns) return false;
  const Cluster& c = cluster_of(key);
  Guard guard(c);
  if (!current(c)) return false;
  for (const TtEntry& e : c.entries) {
    if (e.used() && e.key == key) return (e.flags & TtEntry::kExact) && (e.no_solution_turns >> turns & 1);
  }
  return false;
}

void TranspositionTable::store_no_exact_solution(uint64_t key, int turns, uint64_t amount) {
  if (turns > TtEntry::kMaxExactTurns) return;
  Cluster& c = cluster_of(key);
  Guard guard(c);
  renew(c);
  TtEntry* e = slot_for(c, key, true);
  if (e->key != key || !(e->flags & TtEntry::kExact)) {
    *e = TtEntry{};
    e->key = key;
    e->flags = TtEntry::kUsed | TtEntry::kExact;
    e->no_solution_turns = 0;
  }
  e->no_solution_turns |= uint32_t(1) << turns;
  e->amount = saturate(uint64_t(e->amount) + amount);
}

int TranspositionTable::permille_used() const {
  const size_t sample = std::min<size_t>(cluster_count_, 1000);
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
