#pragma once
// In-progress marks that keep the workers of one parallel df-pn apart (Kaneko 2010, "Parallel
// depth first proof number search"; Pawlewicz and Hayward's SPDFPN): a worker entering a node
// marks it busy and clears the mark when it leaves, and a worker choosing among children adds
// a virtual penalty to the busy ones, so that several workers on the same search spread over
// different subtrees instead of repeating each other's work.
//
// A mark is a counter in a fixed array indexed by the low bits of the key (the table uses the
// high ones). Two positions may share a counter: that only changes which child a worker
// picks, never a result, since every proof and disproof is exact whatever the search order.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "solver/search/proof_number.h"

namespace dm::search {

class BusyMarks {
 public:
  static constexpr size_t kSlots = size_t(1) << 16;

  BusyMarks() : slots_(new std::atomic<uint32_t>[kSlots]) {
    for (size_t i = 0; i < kSlots; ++i) slots_[i].store(0, std::memory_order_relaxed);
  }

  void enter(uint64_t key) { slot(key).fetch_add(1, std::memory_order_relaxed); }
  void leave(uint64_t key) { slot(key).fetch_sub(1, std::memory_order_relaxed); }

  // A child's number as a worker choosing among children sees it: multiplied by one more than
  // the number of workers inside the child.
  ProofNumber virtual_number(uint64_t key, ProofNumber number) const {
    const uint32_t busy = slot(key).load(std::memory_order_relaxed);
    if (busy == 0 || number == 0 || number >= kLargest) return number;
    return ProofNumber(std::min<uint64_t>(uint64_t(number) * (busy + 1) + busy, kLargest));
  }

 private:
  std::atomic<uint32_t>& slot(uint64_t key) const { return slots_[key & (kSlots - 1)]; }

  std::unique_ptr<std::atomic<uint32_t>[]> slots_;
};

}  // namespace dm::search
