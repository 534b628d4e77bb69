#pragma once
// A solution tree as PGN: the seven tags, [Variant], [FEN], [SetUp "1"], the stipulation in a
// [Stipulation] tag, and the whole tree as movetext with variations. Each key and each try is
// a variation of the first move; every defence a variation of the defender's turn, the
// attacker's duals variations of its answer; threats, refutations and endings other than mate
// are comments. Turns are SAN moves joined by commas (docs/rules.md section 7), so the main line
// replays with read_pgn and play_movetext (rules/movetext.h) and `dmsolve replay`.

#include <string>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

std::string write_pgn(const tree::SolutionTree& tree, const FormatOptions& options);

}  // namespace dm::report
