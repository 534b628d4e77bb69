// A worker's scratch (EndingBound::Scratch): the caches, sized to a budget, and the buffers; and
// the bound's constructors, which lend the caches to the bound's collaborators.

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
    return (sizeof(bound::StalemateHem::Entry) << (bound::StalemateHem::kCacheBits - halved)) +
           (sizeof(bound::AttackerSets::Entry) << (bound::AttackerSets::kCacheBits - halved)) +
           (sizeof(bound::DefenderFill::Entry) << (bound::DefenderFill::kCacheBits - halved));
  };
  int halved = 0;
  while (halved < kMostHalvings && caches(halved) + kBufferBytes > bytes) ++halved;
  return halved;
}

EndingBound::Scratch::Scratch(size_t bytes)
    : halved_(halvings(bytes)),
      hems_(sizeof(bound::StalemateHem::Entry) << (bound::StalemateHem::kCacheBits - halved_)),
      placed_(sizeof(bound::AttackerSets::Entry) << (bound::AttackerSets::kCacheBits - halved_)),
      fills_(sizeof(bound::DefenderFill::Entry) << (bound::DefenderFill::kCacheBits - halved_)),
      buffers_(std::make_unique<Buffers>()) {}

EndingBound::Scratch::~Scratch() = default;

EndingBound::EndingBound(const Shared& shared, Scratch& scratch)
    : shared_(shared),
      scratch_(scratch),
      hem_(shared_, scratch_.hems_, bound::StalemateHem::kCacheBits - scratch_.halved_),
      fill_(shared_, scratch_.fills_, bound::DefenderFill::kCacheBits - scratch_.halved_),
      sets_(shared_, scratch_.placed_, bound::AttackerSets::kCacheBits - scratch_.halved_,
            scratch_.buffers_->set_costs.data()) {}

EndingBound::EndingBound(const Variant& variant, Goal goal)
    : own_shared_(std::make_unique<Shared>(variant, goal)),
      own_scratch_(std::make_unique<Scratch>()),
      shared_(*own_shared_),
      scratch_(*own_scratch_),
      hem_(shared_, scratch_.hems_, bound::StalemateHem::kCacheBits - scratch_.halved_),
      fill_(shared_, scratch_.fills_, bound::DefenderFill::kCacheBits - scratch_.halved_),
      sets_(shared_, scratch_.placed_, bound::AttackerSets::kCacheBits - scratch_.halved_,
            scratch_.buffers_->set_costs.data()) {}

EndingBound::~EndingBound() = default;

size_t EndingBound::Scratch::bytes() const {
  size_t bytes = hems_.bytes() + placed_.bytes() + fills_.bytes() + sizeof(Buffers);
  for (const SetCosts& costs : buffers_->set_costs) bytes += costs.bytes();
  return bytes + buffers_->fills.capacity() * sizeof(Fill);
}

}  // namespace dm::search
