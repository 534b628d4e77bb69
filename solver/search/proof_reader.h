#pragma once
// Reads a proof back out of the table, move by move: which attacker move a proven node plays,
// and within how many turns a node is proven. The proof files and the solution trees of win,
// lose and loseN follow it down from the root.
//
// A proof's nodes are stored at the turns they need (dfpn.h), and a node proven within t turns
// has an attacker move whose child is proven within the child's turns, and defender moves whose
// children all are; following those numbers down never returns to a position. Where the table
// has lost an entry (replaced by others), the node is searched again within its turns, which
// succeeds for every node of a proof unless a limit stops the search. A winner's node whose
// own entry is still there but whose proving child is not is searched again from its children
// (Dfpn::solve_below): the numbers lead to a proving move, where trying the moves in turn would
// first disprove the losing ones, at any cost. So a table too small for the whole proof costs
// re-searches of the nodes it dropped, not a collapse.

#include <optional>

#include "rules/position.h"
#include "solver/search/problem_terms.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class ProofReader {
 public:
  ProofReader(const NodeRules& rules, TranspositionTable& tt, SearchControl& control)
      : rules_(rules), tt_(tt), control_(control) {}

  const NodeRules& rules() const { return rules_; }
  // Whether a limit or an interrupt has stopped the reading: looked at for every node a proof
  // writes, since the nodes the endgame tables decide are read without any search that would
  // look (a proof through a 4-man ending can take minutes to write).
  bool stopped() { return control_.poll(); }

  // The fewest turns left within which pos is known proven, at most `within` (with which it
  // must be provable): from the table, else from a search within them. nullopt when a limit
  // stopped that search.
  std::optional<int> proven_within(Position& pos, int within);

  // The attacker's whole turn that the proof plays from pos (attacker to move, proven within
  // `turns`): every move of it leads to a node proven within its own turns. nullopt when a
  // limit stopped a search.
  std::optional<Turn> attacker_turn(Position& pos, int turns);

 private:
  // The attacker move from pos (proven within turns) whose child is proven within its turns:
  // of those already known proven, the one whose proof needs the fewest turns.
  std::optional<Move> attacker_move(Position& pos, int turns);
  // Of the moves from pos that the table or the rules show proven within their turns, the one
  // whose proof needs the fewest; nullopt when none is known.
  std::optional<Move> quickest_proven_move(Position& pos, int turns) const;

  const NodeRules& rules_;
  TranspositionTable& tt_;
  SearchControl& control_;
};

}  // namespace dm::search
