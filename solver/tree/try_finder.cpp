#include "solver/tree/try_finder.h"

#include <set>

#include "solver/tree/tree_turns.h"

namespace dm::tree {

using search::RootTurn;

TryFinder::TryFinder(DirectAnnotator& annotator, int max_refutations)
    : annotator_(annotator),
      rules_(annotator.context().rules),
      control_(annotator.context().control),
      max_refutations_(max_refutations) {}

std::optional<Try> TryFinder::try_of(RootTurn& t, int length) {
  Try result;
  const Ending ending = ending_of(t.after, rules_.stipulation(), rules_.attacker());
  if (game_over(t.after)) {
    if (ending != Ending::Stalemate) return std::nullopt;
    result.play.turn = t.moves;
    result.play.length = length;
    result.play.ending = ending;
    result.stalemates = true;
    return result;
  }
  if (!few_refutations(t.after, length - 1)) return std::nullopt;
  std::vector<RootTurn> kept;
  for (const RootTurn& d : distinct_turns(t.after)) {
    if (control_.stopped()) return std::nullopt;
    if (defence_fails(d.after, length - 1)) {
      kept.push_back(d);
      continue;
    }
    if (int(result.refutations.size()) == max_refutations_) return std::nullopt;
    result.refutations.push_back({d.moves, refutation_ending(d)});
  }
  if (result.refutations.empty()) return std::nullopt;  // a key after all (only when open)
  result.play.turn = t.moves;
  result.play.length = length;
  result.play.ending = ending;
  result.play.threats = annotator_.threats(t.after, length - 1);
  result.play.defences = annotator_.defences(kept, length - 1);
  if (control_.stopped()) return std::nullopt;
  return result;
}

bool TryFinder::few_refutations(Position& after, int turns_left) {
  std::set<TurnIdentity> refuting;
  search::for_each_turn(after, [&](const Turn& d, Position& after_d) {
    if (!defence_fails(after_d, turns_left)) refuting.insert(identity_of(d, after_d));
    return int(refuting.size()) <= max_refutations_ && !control_.stopped();
  });
  return int(refuting.size()) <= max_refutations_ && !control_.stopped();
}

bool TryFinder::defence_fails(const Position& after_d, int turns_left) {
  if (game_over(after_d)) return rules_.goal_reached(after_d);
  return turns_left > 0 && annotator_.shortest(after_d, turns_left) > 0;
}

Ending TryFinder::refutation_ending(const RootTurn& d) const {
  if (ending_of(d.after, rules_.stipulation(), rules_.attacker()) == Ending::Stalemate) return Ending::Stalemate;
  if (game_over(d.after)) return Ending::None;
  for (const RootTurn& t : search::enumerate_root_turns(d.after)) {
    if (ending_of(t.after, rules_.stipulation(), rules_.attacker()) != Ending::Stalemate) return Ending::None;
  }
  return Ending::Stalemate;
}

}  // namespace dm::tree
