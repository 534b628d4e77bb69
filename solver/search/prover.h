#pragma once
// The one question the layers above ask the proof search itself: is this node (a position with
// so many attacker turns left) won for the attacker? Each answer is exact (Proven, Disproven),
// or Open when the search was stopped. A Prover is one worker: its own df-pn over the shared
// table, so that several may ask at once.

#include <memory>

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class Dfpn;

class Prover {
 public:
  Prover(const NodeRules& rules, TranspositionTable& tt, SearchControl& control);
  ~Prover();
  Prover(const Prover&) = delete;
  Prover& operator=(const Prover&) = delete;

  // The value of pos with turns_left attacker turns left; pos is searched on and restored.
  NodeValue solve(Position& pos, int turns_left);

 private:
  std::unique_ptr<Dfpn> dfpn_;
};

}  // namespace dm::search
