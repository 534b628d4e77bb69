#include "solver/search/search_control.h"

#include <algorithm>

namespace dm::search {

SearchControl::SearchControl(const SearchLimits& limits)
    : limits_(limits), start_(std::chrono::steady_clock::now()),
      uncounted_at_start_(limits.uncounted ? limits.uncounted() : 0.0) {}

double SearchControl::elapsed_seconds() const {
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // The uncounted clock may count a moment twice (Tablebase::BusyClock), never less: what is left
  // is never below 0.
  return limits_.uncounted ? std::max(0.0, wall - (limits_.uncounted() - uncounted_at_start_)) : wall;
}

void SearchControl::add_nodes(uint64_t count) {
  const uint64_t total = nodes_.fetch_add(count, std::memory_order_relaxed) + count;
  const bool interrupted = limits_.interrupt && limits_.interrupt->load(std::memory_order_relaxed);
  if (interrupted || (limits_.nodes && total >= limits_.nodes) ||
      (limits_.seconds > 0 && elapsed_seconds() >= limits_.seconds)) {
    stop_.store(true, std::memory_order_relaxed);
  }
}

}  // namespace dm::search
