#include "solver/explore/local_pool.h"

#include <utility>

#include "rules/position.h"

namespace dm::explore {

LocalPool::LocalPool(JobRunner& runner, const Variant& variant, const search::SearchLimits& limits,
                     std::function<void(const search::Progress&)> on_search)
    : runner_(runner), variant_(variant), limits_(limits), clock_(limits), on_search_(std::move(on_search)) {}

std::optional<search::SearchLimits> LocalPool::limits_left() const {
  search::SearchLimits left = limits_;
  if (left.seconds > 0) {
    left.seconds -= clock_.elapsed_seconds();
    if (left.seconds <= 0) return std::nullopt;  // 0 would read as no limit
  }
  if (left.nodes > 0) {
    if (nodes_ >= left.nodes) return std::nullopt;
    left.nodes -= nodes_;
  }
  return left;
}

std::optional<PoolResult> LocalPool::next(const std::atomic<bool>* interrupt) {
  if (!job_ || (interrupt && interrupt->load())) return std::nullopt;
  PoolResult result;
  result.ticket = job_->ticket;
  const PoolJob job = *std::exchange(job_, std::nullopt);
  const std::optional<search::SearchLimits> left = limits_left();
  if (!left) return result;  // not complete: the limits left nothing
  Position pos;
  if (const auto error = pos.set(variant_, job.fen)) {
    result.outcome.error = "a job's position: " + error->to_string();
    return result;
  }
  result.outcome = runner_.run(pos, job.attacker, job.budget, *left, on_search_);
  nodes_ += result.outcome.record.nodes;
  return result;
}

}  // namespace dm::explore
