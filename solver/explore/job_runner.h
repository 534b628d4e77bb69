#pragma once
// One job of the explore: does the attacker force its win from a position, within a node
// budget? The solver's proof search (win where the attacker moves, lose where it defends) runs
// on the explore's threads and table; a proven position's proof is read out of the table at
// once (proof/proof_extractor.h) and handed back in memory, for the store to write.
// A job that spends its budget undecided reads its root's proof and disproof numbers back out
// of the table, for the top tree (top_tree.h).
//
// By default a worker keeps its table from one job to the next (keep_table): a leaf whose job
// ran out of budget is asked again with twice the budget and goes on where the last job
// stopped, and a job below an expanded leaf finds what its parent's jobs learned. The two
// sides' results are kept apart by a salt on the keys (TranspositionTable::set_salt). With
// keep_table(false) the table is cleared before each job, and a job is a pure function of the
// position, the attacker and the budget when it runs on one thread, which makes a resumed
// explore grow the same tree as one that never stopped (`explore --fresh-tables`).

#include <cstdint>
#include <functional>
#include <string>

#include "rules/position.h"
#include "solver/explore/job_pool.h"
#include "solver/search/search_control.h"
#include "solver/search/solver.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::explore {

class JobRunner {
 public:
  // tables: endgame tables for the jobs (nullptr: none).
  JobRunner(search::Workers& workers, search::TranspositionTable& tt, tablebase::Tablebase* tables = nullptr)
      : workers_(workers), tt_(tt), tables_(tables) {}

  // Whether a job searches on what the jobs before it left in the table (default) or on an
  // empty one.
  void keep_table(bool keep) { keep_table_ = keep; }

  // Runs the job on pos for the attacker with `budget` nodes (fewer when `limits` leave fewer).
  JobOutcome run(const Position& pos, Color attacker, uint64_t budget, const search::SearchLimits& limits,
                 const std::function<void(const search::Progress&)>& on_progress);

 private:
  search::Workers& workers_;
  search::TranspositionTable& tt_;
  tablebase::Tablebase* tables_;
  bool keep_table_ = true;
  bool searched_ = false;  // a job has run: the table holds jobs' results, never a solve's
};

}  // namespace dm::explore
