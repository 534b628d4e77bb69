#pragma once
// The main line of an explored turn (`explore` shows it, the store's `moves` table keeps it):
// the turn, then the main line of its proof (proof_graph.h), the loser's longest resistance,
// read back from the proof file move_proof.h wrote. Only the main-line turn of each node is
// kept while the file is read, so a proof of millions of nodes costs one more read of it.

#include <cstdint>
#include <string>

#include "rules/expected.h"
#include "rules/game.h"

namespace dm::explore {

// UCI turns separated by spaces, the turn first: "e2e3 d7d6,b7b5 f1b5,b5e8 ..."; why not,
// where the file cannot be read or breaks the format. proof_nodes: the file's nodes
// (MoveResult's), which size the reader's arrays once.
Expected<std::string> move_line(const Turn& turn, const std::string& proof_path, uint64_t proof_nodes);

}  // namespace dm::explore
