#pragma once
// Tries (direct and self play): first attacker turns that are not keys and fail to at most a
// few defences (Popeye's Try convention: one), each with its refutations and its play against
// the defences that do not refute it. Most first turns are no tries, so a quick pass that stops
// at the first refutation too many comes before the annotation.

#include <optional>

#include "solver/tree/annotator.h"

namespace dm::tree {

class TryFinder {
 public:
  // The finder asks its questions through `annotator` (and its workers, see annotator.h).
  TryFinder(DirectAnnotator& annotator, int max_refutations);

  // The try of t (a first turn of a problem of `length` turns), or nullopt when t is none or
  // its search was stopped. t.after is searched on and restored.
  std::optional<Try> try_of(search::RootTurn& t, int length);

 private:
  // Whether at most max_refutations distinct defender turns in `after` refute.
  bool few_refutations(Position& after, int turns_left);

  // The defender turn that led to after_d loses: the goal is reached or the attacker forces it
  // within turns_left.
  bool defence_fails(const Position& after_d, int turns_left);

  // Stalemate when the refutation stalemates a side, or leaves the attacker only turns that
  // stalemate.
  Ending refutation_ending(const search::RootTurn& d) const;

  DirectAnnotator& annotator_;
  const search::NodeRules& rules_;
  const search::SearchControl& control_;
  int max_refutations_;
};

}  // namespace dm::tree
