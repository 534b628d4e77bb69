#include "solver/search/solver.h"

#include <optional>

#include "solver/search/direct/direct_solver.h"
#include "solver/search/direct/proof_solver.h"
#include "solver/search/help/help_solver.h"
#include "solver/search/node_rules.h"

namespace dm::search {

SolveResult solve(const Position& pos, const Stipulation& stipulation, const SolveOptions& options,
                  TranspositionTable& tt) {
  if (stipulation.is_proof()) {
    if (!options.keep_table) tt.clear_growing_early();
  } else {
    tt.clear();
  }
  std::optional<Workers> own_workers;
  Workers& workers = options.workers ? *options.workers : own_workers.emplace(options.threads);
  SearchControl control(options.limits);
  NodeRules rules = NodeRules::for_problem(stipulation, pos, options.tables);
  rules.stop_table_making_when([&control] { return control.poll(); });
  SolveResult result;
  if (rules.is_help()) {
    solve_help(pos, rules, options, tt, workers, control, result);
  } else if (stipulation.is_series()) {
    solve_series(pos, rules, options, tt, workers, control, result);
  } else if (stipulation.is_proof()) {
    solve_proof(pos, rules, options, tt, workers, control, result);
  } else {
    solve_direct(pos, rules, options, tt, workers, control, result);
  }
  result.nodes = control.nodes();
  result.seconds = control.elapsed_seconds();
  result.threads = workers.threads();
  return result;
}

}  // namespace dm::search
