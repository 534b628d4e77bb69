#pragma once
// What a solve is given and what it gives back: the options (threads, limits, endgame tables,
// the table kept or cleared), the progress snapshots a display reads, and the result (status,
// keys or solution lines, nodes, time). solver.h's solve() takes and returns them.

#include <functional>
#include <vector>

#include "rules/position.h"
#include "solver/search/problem_terms.h"
#include "solver/search/proof_number.h"
#include "solver/search/search_control.h"
#include "solver/search/workers.h"
#include "solver/tablebase/tablebase.h"

namespace dm::search {

// A snapshot for a progress display, taken about once a second.
struct Progress {
  uint64_t nodes = 0;
  double seconds = 0.0;
  ProofNumber root_pn = 1;  // the root's numbers over its undecided candidates
  ProofNumber root_dn = 1;
  size_t candidates = 0;  // the key candidates; in help and series play, the tasks
  size_t decided = 0;
};

struct SolveOptions {
  int threads = 0;  // 0: every hardware thread
  // The threads to solve with, kept by the caller across the problems of a batch; nullptr:
  // the solve starts its own, `threads` of them.
  Workers* workers = nullptr;
  SearchLimits limits;
  // Endgame tables for the variant's own win (node_rules.h), kept by the caller; nullptr: none.
  tablebase::Tablebase* tables = nullptr;
  // Help and series play: stop after the first length that has solutions, when it is shorter
  // than the stipulated one (Popeye's option stoponshortsolutions). Off: every length is solved.
  bool stop_on_short_solutions = false;
  // win, lose and loseN: search on what the table already holds instead of clearing it. The
  // caller keeps the table's entries meaning the same: the same rules and attacker (or a salt
  // per attacker: TranspositionTable::set_salt), and a table cleared first with
  // clear_growing_early().
  bool keep_table = false;
  // h# and h=: the final pictures (help_targets.h), where they hold. Off: the ending bound alone,
  // as where they say nothing (the bound's own tests, comparisons).
  bool help_targets = true;
  std::function<void(const Progress&)> on_progress;  // called from a monitor thread
  double progress_interval = 1.0;
};

struct SolveResult {
  SolveStatus status = SolveStatus::Unknown;
  int length = 0;               // attacker turns of the shortest solution (the stipulated where
                                // none; proofs: the turns the proof found needs)
  std::vector<Turn> keys;       // direct and self play; win: the proof's first turn
  std::vector<Line> solutions;  // help and series play
  uint64_t nodes = 0;
  double seconds = 0.0;
  int threads = 0;  // the threads that searched
};

}  // namespace dm::search
