#pragma once
// The proof file of an explored turn that wins or loses (`explore --proof-dir`): the proven top
// tree written as a proof (docs/proof-format.md) rooted at the position the turn reaches, its
// jobs' own proof files copied in where they decided a leaf. Where the winner moves, the first
// proven child's turn; where the loser moves, every turn (the tree has a child for each).

#include <optional>
#include <string>

#include "solver/explore/job_store.h"
#include "solver/explore/top_tree.h"

namespace dm::explore {

// Writes the proof of tree (proven) to path; the error message on failure.
std::optional<std::string> write_move_proof(const TopTree& tree, const JobStore& store, const std::string& path);

}  // namespace dm::explore
