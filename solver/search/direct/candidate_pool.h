#pragma once
// The workers of a direct or self-play solve: decides a list of key candidates (positions
// after a first turn, each with its turns left), each exactly, sharing the threads among them.
//
// Each worker takes the next candidate nobody has started; when none is left, it joins the
// open candidate with the fewest workers, so that no thread idles while one candidate is
// still undecided. Workers on the same candidate run df-pn from its position over the shared
// table and are kept apart by busy marks (see busy_marks.h); the first to decide it records
// the verdict and the others stop. Every verdict is an exact proof or disproof, so the
// verdicts do not depend on the thread count or on which worker decides.

#include <atomic>
#include <cstddef>
#include <vector>

#include "rules/position.h"
#include "solver/search/node_rules.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::search {

struct Candidate {
  const Position* after;  // the position after the candidate's first turn
  int turns;              // attacker turns left there
};

class CandidatePool {
 public:
  CandidatePool(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, Workers& workers);

  // Decides every candidate; verdicts (one per candidate, Open on entry) receive each value as
  // soon as it is known; a candidate a limit stopped stays Open. With stop_at_first_proof the
  // search ends once one candidate is proven, and the undecided ones stay Open.
  void decide(const std::vector<Candidate>& candidates, std::vector<std::atomic<NodeValue>>& verdicts,
              bool stop_at_first_proof);

 private:
  const NodeRules& rules_;
  TranspositionTable& tt_;
  SearchControl& control_;
  Workers& workers_;
};

}  // namespace dm::search
