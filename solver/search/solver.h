#pragma once
// The problem solver: one position, one stipulation, every solution.
//
// Direct and self play: every first turn of the attacker is a key candidate, decided exactly
// by df-pn over the shared table; a CandidatePool shares the threads of a oneTBB arena among
// the candidates, several workers on one candidate when fewer candidates than threads are
// open. Because each verdict is exact, the keys found do not depend on the thread count or on
// the order in which the candidates finish. The shortest length is then found by trying the
// keys with fewer turns. Help and series play: every length from one attacker (series) turn up
// to the stipulated one is solved in turn, as Popeye does, so that the short solutions show
// (shortest first); the first two moves split the enumeration of all lines of one length
// (series play: the first two series turns, series_search.h).
// Proofs (win, lose, loseN): the root itself is searched by df-pn, every worker on it, and the
// result is whether it is won (Solved) or not (NoSolution); for win, the first turn of the
// proof found is its one key, and `length` the turns within which the proof wins.
//
// A stopped search (limit or interrupt) reports status Unknown with what it has proven: the
// keys proven so far (direct/self) or the solutions found so far (help, series), never a guess.

#include <functional>
#include <vector>

#include "rules/position.h"
#include "solver/search/problem_terms.h"
#include "solver/search/proof_number.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"
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
  std::function<void(const Progress&)> on_progress;  // called from a monitor thread
  double progress_interval = 1.0;
};

struct SolveResult {
  SolveStatus status = SolveStatus::Unknown;
  int length = 0;            // attacker turns of the shortest solution (the stipulated where
                             // none; proofs: the turns the proof found needs)
  std::vector<Turn> keys;    // direct and self play; win: the proof's first turn
  std::vector<Line> solutions;  // help and series play
  uint64_t nodes = 0;
  double seconds = 0.0;
  int threads = 0;  // the threads that searched
};

// Solves pos under stipulation, using tt (cleared first) for its table.
SolveResult solve(const Position& pos, const Stipulation& stipulation, const SolveOptions& options,
                  TranspositionTable& tt);

}  // namespace dm::search
