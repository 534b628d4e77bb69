#include "solver/search/workers.h"

namespace dm::search {

namespace {

int thread_count(int threads) { return threads > 0 ? threads : tbb::this_task_arena::max_concurrency(); }

}  // namespace

Workers::Workers(int threads)
    : threads_(thread_count(threads)),
      parallelism_(tbb::global_control::max_allowed_parallelism, size_t(threads_)),
      arena_(threads_),
      marks_(threads_ > 1 ? std::make_unique<BusyMarks>() : nullptr) {}

}  // namespace dm::search
