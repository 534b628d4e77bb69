#pragma once
// The threads that solve problems: a oneTBB arena of a fixed number of threads, and the busy
// marks (busy_marks.h) that keep its workers apart. A batch makes one and keeps it for every
// problem: a small mate in two is solved in less time than it takes to start an arena and to
// allocate and clear the marks' 256 KiB.
//
// The workers also own each thread's scratch (scratch<T>()): what a search keeps per thread
// beside the table, such as the help-play bound's caches. It is kept with the workers, so for
// every problem of a batch, and scratch_bytes() says how much it is.
//
// One thread is the calling thread alone: no arena, no marks, and no global_control, which
// would cap the whole process at one thread. So a batch can solve small problems on single
// threads inside its own arena's tasks (app/tree_batch.h).

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <typeindex>
#include <vector>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include "solver/search/core/busy_marks.h"

namespace dm::search {

class Workers {
 public:
  // threads: 0 for every hardware thread. scratch_bytes: what each thread's scratch may take
  // (scratch<T>() makes T(scratch_bytes)); 0: as much as T takes at most (T()).
  explicit Workers(int threads, size_t scratch_bytes = 0);

  // The threads a Workers(threads) has.
  static int count(int threads);

  int threads() const { return threads_; }
  // body(i) for every i below count: each a task of the arena, or one after another on the
  // calling thread when there is one thread.
  void for_each(size_t count, const std::function<void(size_t)>& body);
  // nullptr with one thread. Every mark is cleared when its worker leaves the node, so they are
  // all clear between two searches.
  BusyMarks* marks() { return marks_.get(); }

  // The calling thread's scratch of type T (made on first use; T::bytes() says what it holds),
  // kept until the workers end. Only the thread itself uses it.
  template <class T>
  T& scratch();
  // The bytes of every thread's scratch, as their bytes() say now. Not while a search runs.
  size_t scratch_bytes() const;

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

  // One thread's scratch of one type, its type erased.
  struct Scratch {
    std::type_index type;
    std::shared_ptr<void> object;
    std::function<size_t()> bytes;
  };

  int threads_;
  size_t scratch_bytes_;
  std::optional<Arena> arena_;  // with more than one thread
  std::unique_ptr<BusyMarks> marks_;
  tbb::enumerable_thread_specific<std::vector<Scratch>> scratch_;  // per thread, per type
};

template <class T>
T& Workers::scratch() {
  std::vector<Scratch>& own = scratch_.local();
  for (Scratch& s : own) {
    if (s.type == std::type_index(typeid(T))) return *static_cast<T*>(s.object.get());
  }
  auto object = scratch_bytes_ ? std::make_shared<T>(scratch_bytes_) : std::make_shared<T>();
  T& made = *object;
  own.push_back({std::type_index(typeid(T)), std::move(object), [&made] { return made.bytes(); }});
  return made;
}

}  // namespace dm::search
