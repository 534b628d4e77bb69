#include "solver/explore/move_line.h"

#include "solver/proof/proof_graph.h"

namespace dm::explore {

Expected<std::string> move_line(const Turn& turn, const std::string& proof_path, uint64_t proof_nodes) {
  const auto graph = proof::ProofGraph::read(proof_path, proof::ProofGraph::Keep::MainLine, proof_nodes);
  if (!graph) return Expected<std::string>::failure(graph.error());
  std::string line = turn_to_uci(turn);
  for (const std::string& next : graph->main_line()) line += ' ' + next;
  return line;
}

}  // namespace dm::explore
