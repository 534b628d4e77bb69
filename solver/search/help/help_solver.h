#pragma once
// Help and series play: every length from one attacker (series) turn up to the stipulated one
// is solved in turn, as Popeye does, so that the short solutions show (shortest first). The
// first moves split the enumeration of all lines of one length into tasks for the workers
// (help play: the first two or four moves, help_search.h; series play: the first two series
// turns, series_search.h). The table's entries ("no solution with so many turns left") hold for
// every length, so that the shorter searches' entries serve the longer ones.

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::search {

// Fill result's status, solution lines (shortest first) and length.
void solve_help(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                Workers& workers, SearchControl& control, SolveResult& result);
void solve_series(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                  Workers& workers, SearchControl& control, SolveResult& result);

}  // namespace dm::search
