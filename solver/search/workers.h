#pragma once
// The threads that solve problems: a oneTBB arena of a fixed number of threads, and the busy
// marks (busy_marks.h) that keep its workers apart. A batch makes one and keeps it for every
// problem: a Lichess mate in two is solved in 0.2 ms, less than it takes to start an arena
// and to allocate and clear the marks' 256 KiB.
//
// One thread is the calling thread alone: no arena, no marks, and no global_control, which
// would cap the whole process at one thread. So a batch can solve small problems on single
// threads inside its own arena's tasks (app/tree_batch.h).

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "solver/search/core/busy_marks.h"

namespace dm::search {

class Workers {
 public:
  explicit Workers(int threads);  // 0: every hardware thread

  int threads() const { return threads_; }
  // body(i) for every i below count: each a task of the arena, or one after another on the
  // calling thread when there is one thread.
  void for_each(size_t count, const std::function<void(size_t)>& body);
  // nullptr with one thread. Every mark is cleared when its worker leaves the node, so they are
  // all clear between two searches.
  BusyMarks* marks() { return marks_.get(); }

 private:
  struct Arena {
    explicit Arena(int threads);
    tbb::global_control parallelism;  // lets the arena have as many threads as asked for, even beyond the hardware's
    tbb::task_arena arena;
  };

  // Starts every worker thread of the arena now, while the memory is free: oneTBB starts them
  // when first needed, and a thread the system refuses then (an address-space limit that the
  // tables have filled) ends the program inside oneTBB, where no caller can catch it.
  void start_threads();

  int threads_;
  std::optional<Arena> arena_;  // with more than one thread
  std::unique_ptr<BusyMarks> marks_;
};

}  // namespace dm::search
