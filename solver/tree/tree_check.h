#pragma once
// An independent re-check of a built solution tree, with none of the code that built it: no
// df-pn, no table. It plays every turn of the tree with its own full-width turn enumeration
// and reads every goal from the rules engine's outcome().
//
// Positive claims are always checked: each key's tree is a proof tree (every legal defender
// turn appears, each answer is legal, each line ends in the goal within the length, each
// threat reaches the goal). When the problem is small enough for the plain full-width search
// (its size, counted under a node budget, fits), the negative claims are checked too against
// the oracle (solver/oracle/brute_force.h): the key set, the shortest length, the tries'
// refutations and the help solutions. A tree whose build was stopped (status Unknown) is incomplete by design and is
// not checked (Partial, with a message saying so). A proof's tree (win, lose, loseN) is
// checked by its proof file, with the independent proof checker (proof/proof_check.h), and its
// first turns against the file's nodes.

#include <cstdint>
#include <string>

#include "solver/tree/solution_tree.h"

namespace dm::tree {

enum class CheckVerdict : uint8_t {
  Full,          // every claim re-checked and confirmed
  Partial,       // the positive claims confirmed; too large for the full-width comparison
  Disagreement,  // a claim is false: `message` names it
};

struct CheckResult {
  CheckVerdict verdict = CheckVerdict::Full;
  std::string message;  // the first disagreement found, or why the check was partial

  bool ok() const { return verdict != CheckVerdict::Disagreement; }
};

struct CheckOptions {
  // The most turns the full-width comparison may visit (estimated by a capped count of the
  // game tree first); above it only the positive claims are checked.
  uint64_t brute_force_nodes = 500'000;
};

CheckResult check_tree(const SolutionTree& tree, const CheckOptions& options = {});

}  // namespace dm::tree
