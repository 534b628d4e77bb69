#pragma once
// A verify verdict in words, as `verify` prints it and `serve` shows it: the summary ("cooked,
// dual") and one item per finding ("cooked: 1.Qc7 is a key too"), tolerated dual, and the tree
// check's disagreement.

#include "solver/puzzle/show_options.h"
#include "solver/puzzle/verdict.h"
#include "solver/report/html_format.h"
#include "solver/tree/tree_check.h"

namespace dm::app {

report::VerdictText verdict_items(const puzzle::Verdict& verdict, const tree::CheckResult& check);

// A problem's show options as a verdict needs them: every help solution counts (a cook hides
// behind a maxsolutions, the full-length solutions behind a stoponshortsolutions).
puzzle::ShowOptions judged_show(puzzle::ShowOptions show);

// A re-check that disagrees fails the problem whatever the verdict.
puzzle::Standing standing_of(const puzzle::Verdict& verdict, const tree::CheckResult& check);

}  // namespace dm::app
