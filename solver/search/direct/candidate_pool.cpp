#include "solver/search/direct/candidate_pool.h"

#include <mutex>
#include <optional>

#include "solver/search/core/dfpn.h"

namespace dm::search {

namespace {

// The shared state of one decide(): which candidate has how many workers, and which are done.
class Board {
 public:
  Board(const std::vector<Candidate>& candidates, std::vector<std::atomic<NodeValue>>& verdicts,
        bool stop_at_first_proof)
      : candidates_(candidates),
        verdicts_(verdicts),
        stop_at_first_proof_(stop_at_first_proof),
        workers_(candidates.size(), 0),
        done_(new std::atomic<bool>[candidates.size()]) {
    for (size_t i = 0; i < candidates.size(); ++i) done_[i].store(false, std::memory_order_relaxed);
  }

  // The candidate a worker should search next (none when every candidate is done): the next
  // one not started, else the open one with the fewest workers.
  std::optional<size_t> take() {
    std::lock_guard lock(mutex_);
    if (next_ < candidates_.size()) {
      ++workers_[next_];
      return next_++;
    }
    std::optional<size_t> best;
    for (size_t i = 0; i < candidates_.size(); ++i) {
      if (done_[i].load(std::memory_order_relaxed)) continue;
      if (!best || workers_[i] < workers_[*best]) best = i;
    }
    if (best) ++workers_[*best];
    return best;
  }

  const std::atomic<bool>& done(size_t i) const { return done_[i]; }

  // A worker leaves candidate i with the value it found (Open: stopped or cancelled).
  void finish(size_t i, NodeValue value) {
    std::lock_guard lock(mutex_);
    --workers_[i];
    if (value == NodeValue::Open) return;
    if (verdicts_[i].load(std::memory_order_relaxed) == NodeValue::Open) {
      verdicts_[i].store(value, std::memory_order_relaxed);
    }
    done_[i].store(true, std::memory_order_relaxed);
    if (value == NodeValue::Proven && stop_at_first_proof_) {
      for (size_t j = 0; j < candidates_.size(); ++j) done_[j].store(true, std::memory_order_relaxed);
      next_ = candidates_.size();
    }
  }

 private:
  const std::vector<Candidate>& candidates_;
  std::vector<std::atomic<NodeValue>>& verdicts_;
  const bool stop_at_first_proof_;
  std::mutex mutex_;
  size_t next_ = 0;
  std::vector<int> workers_;
  std::unique_ptr<std::atomic<bool>[]> done_;
};

}  // namespace

CandidatePool::CandidatePool(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, Workers& workers)
    : rules_(rules), tt_(tt), control_(control), workers_(workers) {}

void CandidatePool::decide(const std::vector<Candidate>& candidates, std::vector<std::atomic<NodeValue>>& verdicts,
                           bool stop_at_first_proof) {
  Board board(candidates, verdicts, stop_at_first_proof);
  const auto work = [&] {
    while (!control_.stopped()) {
      const std::optional<size_t> i = board.take();
      if (!i) break;
      Position pos = *candidates[*i].after;
      Dfpn dfpn(rules_, tt_, control_, workers_.marks());
      board.finish(*i, dfpn.solve(pos, candidates[*i].turns, &board.done(*i)));
    }
  };
  // One task per thread; should two run on the same thread, the second finds nothing left.
  workers_.for_each(size_t(workers_.threads()), [&](size_t) { work(); });
}

}  // namespace dm::search
