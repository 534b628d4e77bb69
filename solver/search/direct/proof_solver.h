#pragma once
// Proofs without a length (win, lose) and loseN: the root itself is searched by df-pn, every
// worker on it, and the result is whether it is won (Solved) or not (NoSolution); for win, the
// first turn of the proof found is its one key, and `length` the turns within which it wins.

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::search {

// Fills result's status, key and length.
void solve_proof(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                 Workers& workers, SearchControl& control, SolveResult& result);

}  // namespace dm::search
