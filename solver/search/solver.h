#pragma once
// The problem solver: one position, one stipulation, every solution. solve() picks the search
// the stipulation needs:
// - direct, self and reflex play: direct/direct_solver.h (every key, exactly);
// - help play and series play: help/help_solver.h (every line, each length in turn);
// - win, lose and loseN: direct/proof_solver.h (the root proven or not).
// A stopped search (limit or interrupt) reports status Unknown with what it has proven: the
// keys proven so far (direct/self) or the solutions found so far (help, series), never a guess.
//
// The search's interface to the layers above is the headers of solver/search/ itself (this one,
// solve_options.h, prover.h, proof_reader.h, node_rules.h, root_turns.h, tt.h, workers.h,
// search_control.h); its folders are its inside: core/ (df-pn and its table entries),
// direct/, help/ and resources/ (threads and memory). .ci/style.sh holds the line.

#include "rules/position.h"
#include "solver/search/problem_terms.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"

namespace dm::search {

// Solves pos under stipulation, using tt (cleared first) for its table.
SolveResult solve(const Position& pos, const Stipulation& stipulation, const SolveOptions& options,
                  TranspositionTable& tt);

}  // namespace dm::search
