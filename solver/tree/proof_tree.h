#pragma once
// The solution tree of a proven win, lose or loseN (tree_builder.h): the proof is written to a
// proof file (proof/proof_extractor.h), and its first turns become the tree, as a problemist
// reads a refutation: for win, the key with every defence grouped by the winning answer; for
// lose and loseN, every turn of the side to move grouped the same way. Turns that play the
// same moves in another order and reach the same position are shown once, as elsewhere in the
// tree. The answers show only their own turn: what follows is in the file.

#include <string>

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"
#include "solver/tree/solution_tree.h"

namespace dm::tree {

// Writes the proof of pos, proven within `turns` turns left, to `file` (a temporary file when
// empty) and fills the tree's keys or defences, length and proof; tree.proof_error says why no
// file could be written. False when a limit stopped the search that reads the proof.
bool add_proof(SolutionTree& tree, const Position& pos, const search::NodeRules& rules, int turns,
               search::TranspositionTable& tt, search::SearchControl& control, const std::string& file);

}  // namespace dm::tree
