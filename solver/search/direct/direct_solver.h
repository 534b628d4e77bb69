#pragma once
// Direct, self and reflex play: every first turn of the attacker is a key candidate, decided
// exactly by df-pn over the shared table, the candidates sharing the threads (candidate_pool.h).
// Each verdict is exact, so the keys found do not depend on the thread count or on the order
// in which the candidates finish. The shortest length is then found by trying the keys with
// fewer turns.

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::search {

// Fills result's status, keys and length.
void solve_direct(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                  Workers& workers, SearchControl& control, SolveResult& result);

}  // namespace dm::search
