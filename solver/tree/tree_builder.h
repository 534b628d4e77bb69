#pragma once
// Builds the annotated solution tree of one problem (solution_tree.h): it solves the problem
// with search::solve for the keys (direct and self play) or the solutions (help play), then
// annotates them: each key's own shortest length, its threats, every defender turn grouped by
// the attacker's shortest answer (other answers of that length are duals), recursively down
// to the final move; the tries with their refutations; the set play.
//
// Every sub-question ("does this attacker turn force the goal within k turns from here?") is
// decided exactly by df-pn over the shared table, so the annotations are never guesses and
// the table caches the sub-results between them. The solve and the annotation share the same
// workers (annotator.h). Everything is sorted by UCI, so the tree does not depend on the
// thread count. A build stopped by a limit returns what it has with status Unknown.

#include <cstdint>
#include <functional>

#include "rules/position.h"
#include "solver/search/search_control.h"
#include "solver/search/solver.h"
#include "solver/problem/stipulation.h"
#include "solver/search/tt.h"
#include "solver/tree/solution_tree.h"

namespace dm::tree {

struct TreeOptions {
  int threads = 0;              // for the solve and the annotation; 0: every hardware thread
  search::Workers* workers = nullptr;  // the same, kept across a batch (then threads is unused)
  search::SearchLimits limits;  // for the whole build: solve and annotation together
  tablebase::Tablebase* tables = nullptr;  // endgame tables for the solve (search::SolveOptions)
  // Tries (direct and self play): first attacker turns that are not keys and fail to at most
  // max_refutations defences (Popeye's Try convention: 1). Off by default, as in Popeye.
  bool tries = false;
  int max_refutations = 1;
  // The budget of the try search (0: none). Tries cut short by it are left out, and
  // SolutionTree::tries_complete says so; the rest of the tree is unaffected.
  uint64_t try_nodes = 2'000'000;
  double try_seconds = 0.0;
  // Set play: help play begun by the attacker passing its first turn (h#N, h=N), and the
  // defender's turns with their answers where the attacker passed (#N, s#N, r#N; N >= 2). Off by
  // default, as in Popeye (option setplay).
  bool set_play = false;
  // Popeye's option postkeyplay (#N, s#N, r#N): the position is the one after the key, which
  // is not looked for; the tree shows the play after it (SolutionTree::post_key).
  bool post_key_play = false;
  // Threats below keys and tries (direct and self play); off: the variations alone (Popeye's
  // option nothreat).
  bool threats = true;
  // Help and series play: stop after the first length that has solutions where it is shorter
  // than the stipulated one (search::SolveOptions; Popeye's stoponshortsolutions).
  bool stop_on_short_solutions = false;
  // Help play: only the first max_solutions solutions, shortest first and each length in UCI
  // order, are kept (0: all), and SolutionTree::solutions_complete says when some were left out
  // (Popeye's maxsolutions; the search still finds them all).
  int max_solutions = 0;
  // win, lose and loseN: where to write the proof (docs/proof-format.md; zstd when it ends in
  // .zst). Empty: a temporary file, for the re-check (ProofSummary::temporary).
  std::string proof_file;
  // Called about once a second from a monitor thread while the solver searches (the keys or
  // help solutions, and the set play), with the root's figures.
  std::function<void(const search::Progress&)> on_progress;
};

// Solves pos under stipulation and annotates the solution; tt is cleared first and shared by
// every sub-search.
SolutionTree build_tree(const Position& pos, const problem::Stipulation& stipulation, const TreeOptions& options,
                        search::TranspositionTable& tt);

}  // namespace dm::tree
