// Fuzz target for the proof file doors (docs/proof-format.md), which read a file, plain or zstd:
// proof::check_proof, and proof::ProofGraph::read, which show-proof and explore's main lines
// use. The input is written to a temporary file of this process (under $TMPDIR, else /tmp),
// overwritten for every input and removed at exit. Whatever the bytes, the checker gives a
// verdict or says why it has none, and accepts no proof without nodes; the graph is read or
// refused with a reason, and a graph read has a main line that ends at an end node.

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_graph.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static dm::fuzz::InputFile file("proof");
  const auto result = dm::proof::check_proof(file.write(data, size));
  dm::fuzz::require(!result.accepted() || result.nodes > 0, "a proof without nodes is accepted");
  dm::fuzz::require(result.accepted() || !result.why.empty(), "a proof refused without a reason");
  const auto graph = dm::proof::ProofGraph::read(file.write(data, size));
  if (!graph) {
    dm::fuzz::require(!graph.error().empty(), "a proof graph refused without a reason");
    return 0;
  }
  const auto nodes = graph->main_line_nodes();
  dm::fuzz::require(!nodes.empty() && graph->kind(nodes.back()) == dm::proof::NodeKind::End,
                    "a main line that does not end at an end node");
  dm::fuzz::require(graph->main_line().size() + 1 == nodes.size(), "a main line's turns and nodes disagree");
  return 0;
}
