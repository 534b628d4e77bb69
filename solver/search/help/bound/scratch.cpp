// A worker's scratch (EndingBound::Scratch): the caches, sized to a budget, and the buffers.

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdlib>
#include <optional>
#include <vector>

#include "rules/zobrist.h"
#include "solver/search/help/bound/bound_detail.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "solver/search/resources/zeroed_memory.h"

namespace dm::search {

using namespace bound_detail;  // NOLINT(google-build-using-namespace): the bound's own helpers

// The buffers' own size: placed_sets' three tables of set costs.
constexpr size_t kBufferBytes = 3 * (size_t(1) << SetCosts::kBits);

int EndingBound::Scratch::halvings(size_t bytes) {
  constexpr int kMostHalvings = 8;  // the placed sets' cache at 88 KiB
  const auto caches = [](int halved) {
    return (sizeof(HemEntry) << (kHemCacheBits - halved)) + (sizeof(PlacedEntry) << (kPlacedCacheBits - halved)) +
           (sizeof(FillEntry) << (kFillCacheBits - halved));
  };
  int halved = 0;
  while (halved < kMostHalvings && caches(halved) + kBufferBytes > bytes) ++halved;
  return halved;
}

EndingBound::Scratch::Scratch(size_t bytes)
    : halved_(halvings(bytes)),
      hems_(sizeof(HemEntry) << (kHemCacheBits - halved_)),
      placed_(sizeof(PlacedEntry) << (kPlacedCacheBits - halved_)),
      fills_(sizeof(FillEntry) << (kFillCacheBits - halved_)),
      buffers_(std::make_unique<Buffers>()) {}

EndingBound::Scratch::~Scratch() = default;

size_t EndingBound::Scratch::bytes() const {
  size_t bytes = hems_.bytes() + placed_.bytes() + fills_.bytes() + sizeof(Buffers);
  for (const SetCosts& costs : buffers_->set_costs) bytes += costs.bytes();
  return bytes + buffers_->fills.capacity() * sizeof(Fill);
}

}  // namespace dm::search
