#pragma once
// Which of some positions are nodes of a proof file: what a solution tree's re-check asks of
// the proof behind it (tree/tree_check.h), once check_proof() has accepted the file, so that
// every node in it is a position the winner wins. Like the checker, it reads the file once
// and knows nothing of the search.

#include <set>
#include <string>

#include "rules/expected.h"

namespace dm::proof {

// The positions of `fens` (four-field canonical FENs, as Position::fen() writes them) that are
// the position of some node of the proof file at path.
Expected<std::set<std::string>> positions_in_proof(const std::string& path, const std::set<std::string>& fens);

}  // namespace dm::proof
