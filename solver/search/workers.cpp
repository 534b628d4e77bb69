#include "solver/search/workers.h"

#include "solver/search/parallel.h"

namespace dm::search {

namespace {

int thread_count(int threads) { return threads > 0 ? threads : tbb::this_task_arena::max_concurrency(); }

}  // namespace

Workers::Arena::Arena(int threads)
    : parallelism(tbb::global_control::max_allowed_parallelism, size_t(threads)), arena(threads) {}

Workers::Workers(int threads) : threads_(thread_count(threads)) {
  if (threads_ > 1) {
    arena_.emplace(threads_);
    marks_ = std::make_unique<BusyMarks>();
  }
}

void Workers::for_each(size_t count, const std::function<void(size_t)>& body) {
  if (!arena_) {
    for (size_t i = 0; i < count; ++i) body(i);
    return;
  }
  arena_->arena.execute([&] { parallel_for_each(count, body); });
}

}  // namespace dm::search
