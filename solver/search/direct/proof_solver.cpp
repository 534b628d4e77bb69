#include "solver/search/direct/proof_solver.h"

#include <atomic>
#include <optional>

#include "solver/search/core/dfpn.h"
#include "solver/search/core/progress_monitor.h"
#include "solver/search/proof_reader.h"

namespace dm::search {

// win, lose and loseN: the root itself is searched, every worker on it (kept apart by the busy
// marks), until one of them decides it. The proof's first turn (win) is read back afterwards.
void solve_proof(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                 Workers& workers, SearchControl& control, SolveResult& result) {
  const int turns = rules.root_turns();
  Position root = pos;
  NodeValue value = rules.evaluate(root, turns);
  if (value == NodeValue::Open) {
    std::atomic<bool> done{false};
    std::atomic<NodeValue> verdict{NodeValue::Open};
    ProgressMonitor monitor(options, [&] {
      Progress p = root_progress(control, tt, pos.key(), turns);
      p.candidates = 1;
      p.decided = done.load(std::memory_order_relaxed) ? 1 : 0;
      return p;
    });
    workers.for_each(size_t(workers.threads()), [&](size_t) {
      Position own = pos;
      Dfpn dfpn(rules, tt, control, workers.marks());
      const NodeValue found = dfpn.solve(own, turns, &done);
      if (found == NodeValue::Open) return;
      NodeValue open = NodeValue::Open;
      verdict.compare_exchange_strong(open, found);
      done.store(true, std::memory_order_relaxed);
    });
    value = verdict.load();
  }
  if (value == NodeValue::Open) {
    result.status = SolveStatus::Unknown;
    return;
  }
  if (value == NodeValue::Disproven) {
    result.status = SolveStatus::NoSolution;
    return;
  }
  ProofReader reader(rules, tt, control);
  const std::optional<int> need = reader.proven_within(root, turns);
  const bool attacker_to_move = root.side_to_move() == rules.attacker();
  std::optional<Turn> key;
  if (need && attacker_to_move && !rules.goal_reached(root)) key = reader.attacker_turn(root, *need);
  if (!need || (attacker_to_move && !rules.goal_reached(root) && !key)) {
    result.status = SolveStatus::Unknown;  // a limit stopped the reading of the proof
    return;
  }
  result.status = SolveStatus::Solved;
  result.length = *need;
  if (key) result.keys.push_back(*key);
}

}  // namespace dm::search
