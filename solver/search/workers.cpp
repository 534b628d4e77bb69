#include "solver/search/workers.h"

#include <atomic>
#include <chrono>
#include <thread>

#include "solver/search/resources/parallel.h"

namespace dm::search {

int Workers::count(int threads) { return threads > 0 ? threads : tbb::this_task_arena::max_concurrency(); }

Workers::Arena::Arena(int threads)
    : parallelism(tbb::global_control::max_allowed_parallelism, size_t(threads)), arena(threads) {}

Workers::Workers(int threads, size_t scratch_bytes) : threads_(count(threads)), scratch_bytes_(scratch_bytes) {
  if (threads_ > 1) {
    arena_.emplace(threads_);
    start_threads();
    marks_ = std::make_unique<BusyMarks>();
  }
}

void Workers::start_threads() {
  // Each task waits until every thread of the arena holds one, so oneTBB must start them all;
  // the wait gives up after a second, so a busy machine only makes it a warm-up.
  const int count = threads_;
  std::atomic<int> arrived{0};
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  for_each(size_t(count), [&](size_t) {
    arrived.fetch_add(1);
    while (arrived.load() < count && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
  });
}

size_t Workers::scratch_bytes() const {
  size_t bytes = 0;
  for (const std::vector<Scratch>& own : scratch_) {
    for (const Scratch& s : own) bytes += s.bytes();
  }
  return bytes;
}

void Workers::for_each(size_t count, const std::function<void(size_t)>& body) {
  if (!arena_) {
    for (size_t i = 0; i < count; ++i) body(i);
    return;
  }
  arena_->arena.execute([&] { parallel_for_each(count, body); });
}

}  // namespace dm::search
