#pragma once
// Proof and disproof numbers: 32-bit counts where kInfinite means "solved the other way" and
// every other sum saturates just below it, so that no unsolved value ever reads as solved.

#include <algorithm>
#include <cstdint>

namespace dm::search {

using ProofNumber = uint32_t;
constexpr ProofNumber kInfinite = UINT32_MAX;
constexpr ProofNumber kLargest = kInfinite - 1;  // the largest unsolved value

constexpr ProofNumber saturating_add(ProofNumber a, ProofNumber b) {
  if (a == kInfinite || b == kInfinite) return kInfinite;
  return ProofNumber(std::min<uint64_t>(uint64_t(a) + b, kLargest));
}

}  // namespace dm::search
