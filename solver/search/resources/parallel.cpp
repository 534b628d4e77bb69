#include "solver/search/resources/parallel.h"

#include <atomic>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>

namespace dm::search {

void parallel_for_each(size_t count, const std::function<void(size_t)>& body) {
  std::atomic<size_t> hand_off{0};
  hand_off.store(0, std::memory_order_release);  // the caller's writes, to the workers
  tbb::parallel_for(
      tbb::blocked_range<size_t>(0, count, 1),
      [&](const tbb::blocked_range<size_t>& range) {
        (void)hand_off.load(std::memory_order_acquire);
        for (size_t i = range.begin(); i != range.end(); ++i) body(i);
        hand_off.fetch_add(1, std::memory_order_release);  // the worker's writes, to the caller
      },
      tbb::simple_partitioner());
  (void)hand_off.load(std::memory_order_acquire);
}

}  // namespace dm::search
