#pragma once
// Annotates direct and self play (tree_builder.h): a key's or try's threats, its defender
// turns grouped by the attacker's shortest answer, and the duals of each answer, down to the
// final move. Every sub-question ("does this attacker turn force the goal within k turns?") is
// one exact df-pn search over the shared table, so no annotation is a guess.
//
// The sibling questions of one node (every defender turn below a key, every threat candidate,
// every attacker turn tried as an answer) are independent, so an annotator asks them on the
// workers at once, each task with an annotator of its own (its own df-pn) over the same table.
// Only questions of two attacker turns or more are worth a task; mates in one are asked in
// turn. The results are gathered in the order of the turns, and each is exact, so the tree is
// the same for every thread count.

#include <atomic>
#include <functional>
#include <optional>
#include <vector>

#include "solver/search/node_rules.h"
#include "solver/search/prover.h"
#include "solver/search/root_turns.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"
#include "solver/tree/solution_tree.h"

namespace dm::tree {

// What every annotator of one build shares.
struct AnnotationContext {
  const search::NodeRules& rules;
  search::TranspositionTable& tt;
  search::SearchControl& control;
  search::Workers& workers;  // with one thread, one question after another on the calling thread
  std::atomic<bool> incomplete{false};  // some value was left open by a stopped search
  bool threats = true;  // keys and tries show their threats (TreeOptions::threats)
};

class DirectAnnotator {
 public:
  explicit DirectAnnotator(AnnotationContext& context);

  AnnotationContext& context() { return context_; }

  // Whether the attacker turn that led to `after` (from a position with `turns` attacker turns
  // left) forces the goal within them. `after` is searched on and restored.
  bool works(Position& after, int turns);

  // The fewest turns, from min_turns to max_turns, with which the attacker (to move in pos)
  // forces the goal; 0 when none do.
  int shortest(const Position& pos, int max_turns, int min_turns = 1);

  // The fewest turns with which the attacker turn t works, at most max_turns; 0 when none.
  int own_length(const search::RootTurn& t, int max_turns);

  // The attacker turn t, known to work with `length` turns and no fewer, and all that follows.
  AttackNode play(const search::RootTurn& t, int length, bool with_threats);

  // The defender turns below an attacker turn, each with its answer, grouped by equal play.
  // Stops at the first turn a stopped search left unanswered.
  std::vector<DefenceGroup> defences(const std::vector<search::RootTurn>& turns, int turns_left);

  // The attacker turns from the position where the defender passed a whole turn after `after`
  // that force the goal within turns_left, shortest first; none when the context shows no threats.
  std::vector<AttackNode> threats(const Position& after, int turns_left);

  // body(i, annotator) for every i below count: on the workers, each with an annotator of its
  // own, when each asks questions of at least two attacker turns (`turns`); else in turn with
  // this one.
  void for_each(size_t count, int turns, const std::function<void(size_t, DirectAnnotator&)>& body);

 private:
  // The attacker's shortest answer in pos (attacker to move) with its duals; nullopt when
  // there is none within turns_left (only when a search was stopped).
  std::optional<AttackNode> answer(const Position& pos, int turns_left);
  // The attacker turns from pos (attacker to move) that force the goal within `turns`, in the
  // order of their UCI; two turns to the same position with the same moves are both kept.
  std::vector<search::RootTurn> working_turns(const Position& pos, int turns);

  AnnotationContext& context_;
  search::Prover prover_;
};

}  // namespace dm::tree
