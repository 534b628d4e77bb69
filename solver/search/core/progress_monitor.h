#pragma once
// The progress of a solve for a display: a monitor thread that calls SolveOptions::on_progress
// about once per interval with a snapshot the solver takes, until the monitor is destroyed.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "solver/search/search_control.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"

namespace dm::search {

// Calls the progress callback about once per interval until stopped.
class ProgressMonitor {
 public:
  ProgressMonitor(const SolveOptions& options, std::function<Progress()> snapshot)
      : options_(options), snapshot_(std::move(snapshot)) {
    if (options_.on_progress) thread_ = std::thread([this] { run(); });
  }
  ~ProgressMonitor() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  ProgressMonitor(const ProgressMonitor&) = delete;
  ProgressMonitor& operator=(const ProgressMonitor&) = delete;

 private:
  void run() {
    std::unique_lock lock(mutex_);
    const auto interval = std::chrono::duration<double>(options_.progress_interval);
    while (!wake_.wait_for(lock, interval, [this] { return done_; })) options_.on_progress(snapshot_());
  }

  const SolveOptions& options_;
  std::function<Progress()> snapshot_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// The search's figures with the root's numbers as the table holds them: the progress of a
// search of the root position alone.
Progress root_progress(const SearchControl& control, const TranspositionTable& tt, uint64_t root_key, int turns);

// The search's figures with the count of its tasks and of those decided: the progress of a
// search split into tasks (help and series play).
Progress task_progress(const SearchControl& control, size_t tasks, size_t decided);

}  // namespace dm::search
