#pragma once
// What every worker of one solve shares besides the table: the node count, the limits
// (--nodes, --time, --solution-limit), and the stop flag that a limit or an interrupt (Ctrl-C)
// raises. Its clock leaves out the time the limits say not to count (making endgame tables).
// Workers count nodes locally and report them here in batches, which is also when they
// look at the clock; a raised flag makes every search return at once with its result unsolved.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>

namespace dm::search {

struct SearchLimits {
  uint64_t nodes = 0;     // 0: no limit
  double seconds = 0.0;   // 0: no limit
  // Help and series play: stop once this many solutions are found (0: no limit). A random
  // position's help play may have millions, and each takes memory and time to write out.
  uint64_t solutions = 0;
  const std::atomic<bool>* interrupt = nullptr;  // set from outside (a signal handler)
  // A clock of time that `seconds` leaves out (the making of endgame tables, kept for later
  // runs: Tablebase::making_seconds); it only grows. Empty: none.
  std::function<double()> uncounted;
};

class SearchControl {
 public:
  explicit SearchControl(const SearchLimits& limits);

  bool stopped() const { return stop_.load(std::memory_order_relaxed); }
  // Adds a worker's batch of nodes and raises the stop flag when a limit is reached.
  void add_nodes(uint64_t count);
  // Looks at the clock and the interrupt as add_nodes does, for work that counts no nodes
  // (making endgame tables); whether the search is stopped.
  bool poll() { add_nodes(0); return stopped(); }
  // Looks at the clock alone, touching no shared counter (NodeCounter calls it between batches).
  void check_clock() {
    if (limits_.seconds > 0 && elapsed_seconds() >= limits_.seconds) stop_.store(true, std::memory_order_relaxed);
  }
  uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  // One more solution found (help and series play); raises the flag at the solution limit.
  void add_solution() {
    if (limits_.solutions && solutions_.fetch_add(1, std::memory_order_relaxed) + 1 >= limits_.solutions) {
      stop_.store(true, std::memory_order_relaxed);
    }
  }
  // The seconds counted against --time: since the start, less the uncounted time (0 at least).
  double elapsed_seconds() const;
  uint64_t solution_limit() const { return limits_.solutions; }

 private:
  SearchLimits limits_;
  std::chrono::steady_clock::time_point start_;
  double uncounted_at_start_ = 0.0;
  // Apart from each other: every worker reads the flag in each loop of its search, and adds to
  // the count every thousand nodes or so; on one cache line, each addition would evict the
  // flag from every other core.
  alignas(64) std::atomic<uint64_t> nodes_{0};
  alignas(64) std::atomic<bool> stop_{false};
  alignas(64) std::atomic<uint64_t> solutions_{0};  // counted only under a solution limit
};

// One search's count of its nodes, handed to the shared SearchControl in batches, so that the
// shared counter's cache line is touched once per kReportEvery nodes, with a look at the clock
// every kClockEvery nodes in between: a slow stretch within a batch (the kernel faulting in a
// cold table's huge pages made the first thousand nodes take up to half a second) must not
// overrun --time. What is left is reported when the counter goes.
class NodeCounter {
 public:
  explicit NodeCounter(SearchControl& control) : control_(control) {}
  ~NodeCounter() { flush(); }
  NodeCounter(const NodeCounter&) = delete;
  NodeCounter& operator=(const NodeCounter&) = delete;

  // One node searched.
  void count() {
    ++total_;
    if (++unreported_ >= kReportEvery) {
      flush();
    } else if (unreported_ % kClockEvery == 0) {
      control_.check_clock();
    }
  }
  // Nodes searched out of sight (played out by the node rules): reported with the next batch.
  void add(uint64_t nodes) {
    total_ += nodes;
    unreported_ += nodes;
  }
  void flush() {
    if (unreported_) control_.add_nodes(unreported_);
    unreported_ = 0;
  }
  uint64_t total() const { return total_; }

 private:
  static constexpr uint64_t kReportEvery = 1024;
  static constexpr uint64_t kClockEvery = 32;

  SearchControl& control_;
  uint64_t total_ = 0;
  uint64_t unreported_ = 0;
};

}  // namespace dm::search
