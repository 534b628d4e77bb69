#pragma once
// The pool of a one-process explore: one worker, the explore's own threads and table (a
// JobRunner). submit() takes a job; next() runs it on the calling thread, within what is left
// of the run's limits (its seconds and nodes, counted from the pool's making, and Ctrl-C), and
// reports the search's progress for a display. A job those limits stop comes back not
// complete, and the explorer stops there without recording it (explorer.h).

#include <functional>
#include <optional>

#include "solver/explore/job_pool.h"
#include "solver/explore/job_runner.h"
#include "solver/search/search_control.h"

namespace dm::explore {

class LocalPool final : public JobPool {
 public:
  // variant: the explored position's, in which the jobs' positions are read.
  LocalPool(JobRunner& runner, const Variant& variant, const search::SearchLimits& limits,
            std::function<void(const search::Progress&)> on_search = {});

  size_t idle_workers() const override { return job_ ? 0 : 1; }
  void submit(const PoolJob& job) override { job_ = job; }
  std::optional<PoolResult> next(const std::atomic<bool>* interrupt) override;
  void stop() override { job_.reset(); }

 private:
  // What the run's limits leave for the next job; nullopt when they leave nothing.
  std::optional<search::SearchLimits> limits_left() const;

  JobRunner& runner_;
  const Variant& variant_;
  search::SearchLimits limits_;
  search::SearchControl clock_;  // the run's seconds
  std::function<void(const search::Progress&)> on_search_;
  uint64_t nodes_ = 0;  // searched by the jobs run so far
  std::optional<PoolJob> job_;
};

}  // namespace dm::explore
