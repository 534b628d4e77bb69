#pragma once
// The threads that solve problems: a oneTBB arena of a fixed number of threads, and the busy
// marks (busy_marks.h) that keep its workers apart. A batch makes one and keeps it for every
// problem: a Lichess mate in two is solved in 0.2 ms, less than it takes to start an arena
// and to allocate and clear the marks' 256 KiB.

#include <memory>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "solver/search/busy_marks.h"

namespace dm::search {

class Workers {
 public:
  explicit Workers(int threads);  // 0: every hardware thread

  int threads() const { return threads_; }
  tbb::task_arena& arena() { return arena_; }
  // nullptr with one thread. Every mark is cleared when its worker leaves the node, so they are
  // all clear between two searches.
  BusyMarks* marks() { return marks_.get(); }

 private:
  int threads_;
  tbb::global_control parallelism_;  // lets the arena have as many threads as asked for, even beyond the hardware's
  tbb::task_arena arena_;
  std::unique_ptr<BusyMarks> marks_;
};

}  // namespace dm::search
