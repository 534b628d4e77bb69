#pragma once
// A proof file shown to a reader (`dmsolve show-proof`): its header, size and length, its main
// line (proof_graph.h) in SAN, and its first turns as a tree: each turn of the winner with every
// answer of the loser below it, one indent deeper, in SAN with move numbers counted from 1 at
// the root. The tree stops after `depth` turns with a count of the nodes below that it leaves
// out; a position reached a second time is shown once and referred to afterwards, so the
// output stays bounded whatever the proof's size. As text, or as one self-contained HTML page
// (no script, no external resource) of nested <details> that fold open turn by turn, each with
// a small diagram of the position after its turn, the main line highlighted and open.

#include <string>

#include "solver/proof/proof_graph.h"

namespace dm::report {

struct ProofViewOptions {
  std::string file;  // the proof's name, shown in the heading
  int depth = 4;     // turns of the tree shown (0: no tree)
};

// The graph must be read whole (Keep::Everything) from a proof that check_proof() accepted:
// its turns are replayed from the root position.
std::string proof_text(const proof::ProofGraph& graph, const ProofViewOptions& options);
std::string proof_html(const proof::ProofGraph& graph, const ProofViewOptions& options);

}  // namespace dm::report
