#include "solver/tree/tree_builder.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include "rules/movegen.h"
#include "solver/search/dfpn.h"
#include "solver/search/node_rules.h"
#include "solver/tree/tree_turns.h"

namespace dm::tree {

namespace {

using search::NodeValue;
using search::RootTurn;

bool game_over(const Position& pos) { return king_lost(pos) || !has_legal_move(pos); }

// Whether two answers show the same play (so that their defences may share one group).
bool same_play(const AttackNode& a, const AttackNode& b);

bool same_groups(const std::vector<DefenceGroup>& a, const std::vector<DefenceGroup>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].turns != b[i].turns || a[i].ending != b[i].ending || a[i].answer.size() != b[i].answer.size())
      return false;
    if (!a[i].answer.empty() && !same_play(a[i].answer[0], b[i].answer[0])) return false;
  }
  return true;
}

bool same_play(const AttackNode& a, const AttackNode& b) {
  return a.turn == b.turn && a.ending == b.ending && a.length == b.length && a.duals == b.duals && a.threats.empty() &&
         b.threats.empty() && same_groups(a.defences, b.defences);
}

// The remaining limits of a build that has used `nodes` and `seconds` of `limits`; nullopt
// when nothing is left.
std::optional<search::SearchLimits> remaining(const search::SearchLimits& limits, uint64_t nodes, double seconds) {
  search::SearchLimits left = limits;
  if (limits.nodes) {
    if (nodes >= limits.nodes) return std::nullopt;
    left.nodes = limits.nodes - nodes;
  }
  if (limits.seconds > 0.0) {
    if (seconds >= limits.seconds) return std::nullopt;
    left.seconds = limits.seconds - seconds;
  }
  return left;
}

// Annotates direct and self play: every sub-question is one exact df-pn search over the table.
class DirectAnnotator {
 public:
  DirectAnnotator(const search::NodeRules& rules, search::TranspositionTable& tt, search::SearchControl& control)
      : rules_(rules), control_(control), dfpn_(rules, tt, control) {}

  // Whether some value was left open by a stopped search.
  bool incomplete() const { return incomplete_; }

  // Whether the attacker turn that led to `after` (from a position with `turns` attacker turns
  // left) forces the goal within them. `after` is searched on and restored.
  bool works(Position& after, int turns) {
    const NodeValue v = dfpn_.solve(after, rules_.child_turns(rules_.attacker(), after, turns));
    incomplete_ |= v == NodeValue::Open;
    return v == NodeValue::Proven;
  }

  // The fewest turns, at most max_turns, with which the attacker (to move in pos) forces the
  // goal; 0 when none do.
  int shortest(const Position& pos, int max_turns) {
    Position copy = pos;
    for (int k = 1; k <= max_turns; ++k) {
      const NodeValue v = dfpn_.solve(copy, k);
      incomplete_ |= v == NodeValue::Open;
      if (v == NodeValue::Proven) return k;
    }
    return 0;
  }

  // The fewest turns with which the attacker turn t works, at most max_turns; 0 when none.
  int own_length(const RootTurn& t, int max_turns) {
    Position after = t.after;
    for (int k = 1; k <= max_turns; ++k) {
      if (works(after, k)) return k;
    }
    return 0;
  }

  // The attacker turn t, known to work with `length` turns and no fewer, and all that follows.
  AttackNode play(const RootTurn& t, int length, bool with_threats) {
    AttackNode node;
    node.turn = t.moves;
    node.length = length;
    node.ending = ending_of(t.after, rules_.stipulation(), rules_.attacker());
    if (game_over(t.after) || control_.stopped()) return node;
    if (with_threats) node.threats = threats(t.after, length - 1);
    node.defences = defences(distinct_turns(t.after), length - 1);
    return node;
  }

  // The defender turns below an attacker turn, each with its answer, grouped by equal play.
  std::vector<DefenceGroup> defences(const std::vector<RootTurn>& turns, int turns_left) {
    std::vector<DefenceGroup> groups;
    for (const RootTurn& d : turns) {
      if (control_.stopped()) break;
      DefenceGroup g;
      g.turns.push_back(d.moves);
      g.ending = ending_of(d.after, rules_.stipulation(), rules_.attacker());
      if (g.ending == Ending::None && turns_left > 0) {
        if (auto a = answer(d.after, turns_left)) g.answer.push_back(std::move(*a));
      }
      add_to_groups(groups, std::move(g));
    }
    return groups;
  }

  // The attacker turns from the position where the defender passed a whole turn after
  // `after` that force the goal within turns_left, shortest first.
  std::vector<AttackNode> threats(const Position& after, int turns_left) {
    std::vector<AttackNode> out;
    if (turns_left < 1 || after.in_check()) return out;
    const std::optional<Position> passed = passed_position(after);
    if (!passed || game_over(*passed)) return out;
    for (const RootTurn& t : distinct_turns(*passed)) {
      if (control_.stopped()) break;
      if (const int k = own_length(t, turns_left)) {
        AttackNode threat;
        threat.turn = t.moves;
        threat.length = k;
        threat.ending = ending_of(t.after, rules_.stipulation(), rules_.attacker());
        out.push_back(std::move(threat));
      }
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const AttackNode& a, const AttackNode& b) { return a.length < b.length; });
    return out;
  }

 private:
  // The attacker's shortest answer in pos (attacker to move) with its duals; nullopt when
  // there is none within turns_left (only when a search was stopped).
  std::optional<AttackNode> answer(const Position& pos, int turns_left) {
    const int k = shortest(pos, turns_left);
    if (k == 0) return std::nullopt;
    // The turns that work, found in place; only they are copied out.
    std::vector<RootTurn> working;
    Position scratch = pos;
    search::for_each_turn(scratch, [&](const Turn& t, Position& after) {
      if (works(after, k)) working.push_back({t, after});
      return !control_.stopped();
    });
    std::sort(working.begin(), working.end(),
              [](const RootTurn& a, const RootTurn& b) { return turn_to_uci(a.moves) < turn_to_uci(b.moves); });
    std::optional<AttackNode> best;
    std::set<TurnIdentity> seen;
    for (const RootTurn& t : working) {
      if (!seen.insert(identity_of(t.moves, t.after)).second) continue;
      if (best) {
        best->duals.push_back(t.moves);
      } else {
        best = play(t, k, false);
      }
    }
    return best;
  }

  static void add_to_groups(std::vector<DefenceGroup>& groups, DefenceGroup g) {
    for (DefenceGroup& existing : groups) {
      const bool same_answer = existing.ending == g.ending && existing.answer.size() == g.answer.size() &&
                               (g.answer.empty() || same_play(existing.answer[0], g.answer[0]));
      if (same_answer) {
        existing.turns.push_back(std::move(g.turns[0]));
        return;
      }
    }
    groups.push_back(std::move(g));
  }

  const search::NodeRules& rules_;
  search::SearchControl& control_;
  search::Dfpn dfpn_;
  bool incomplete_ = false;
};

// Tries: first attacker turns that are not keys and fail to at most max_refutations defences.
class TryFinder {
 public:
  TryFinder(const search::NodeRules& rules, search::TranspositionTable& tt, search::SearchControl& control,
            int max_refutations)
      : rules_(rules), annotator_(rules, tt, control), control_(control), max_refutations_(max_refutations) {}

  bool incomplete() const { return annotator_.incomplete() || control_.stopped(); }

  // The try of t, or nullopt when t is none (or its search was stopped).
  std::optional<Try> try_of(RootTurn& t, int length) {
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

 private:
  // Whether at most max_refutations distinct defender turns in `after` refute: a quick pass
  // that stops at the first one too many (most first turns are no tries).
  bool few_refutations(Position& after, int turns_left) {
    std::set<TurnIdentity> refuting;
    search::for_each_turn(after, [&](const Turn& d, Position& after_d) {
      if (!defence_fails(after_d, turns_left)) refuting.insert(identity_of(d, after_d));
      return int(refuting.size()) <= max_refutations_ && !control_.stopped();
    });
    return int(refuting.size()) <= max_refutations_ && !control_.stopped();
  }

  // The defender turn that led to after_d loses: the goal is reached or the attacker forces it
  // within turns_left.
  bool defence_fails(const Position& after_d, int turns_left) {
    if (game_over(after_d)) return rules_.goal_reached(after_d);
    return turns_left > 0 && annotator_.shortest(after_d, turns_left) > 0;
  }

  // Stalemate when the refutation stalemates a side, or leaves the attacker only turns that
  // stalemate.
  Ending refutation_ending(const RootTurn& d) const {
    if (ending_of(d.after, rules_.stipulation(), rules_.attacker()) == Ending::Stalemate) return Ending::Stalemate;
    if (game_over(d.after)) return Ending::None;
    for (const RootTurn& t : search::enumerate_root_turns(d.after)) {
      if (ending_of(t.after, rules_.stipulation(), rules_.attacker()) != Ending::Stalemate) return Ending::None;
    }
    return Ending::Stalemate;
  }

  const search::NodeRules& rules_;
  DirectAnnotator annotator_;
  search::SearchControl& control_;
  int max_refutations_;
};

class TreeBuilder {
 public:
  TreeBuilder(const Position& pos, const search::Stipulation& stipulation, const TreeOptions& options,
              search::TranspositionTable& tt)
      : pos_(pos), options_(options), tt_(tt), rules_(search::NodeRules::for_problem(stipulation, pos)) {
    tree_.position = pos;
    tree_.stipulation = stipulation;
    tree_.variant = std::string(pos.variant().name);
    tree_.rule_options = pos.variant().describe_options();
  }

  SolutionTree build() {
    const search::SolveResult result = search::solve(pos_, tree_.stipulation, solve_options(options_.limits), tt_);
    tree_.status = result.status;
    tree_.length = result.length;
    tree_.solutions = result.solutions;
    nodes_ = result.nodes;
    seconds_ = result.seconds;
    tree_.solve_nodes = result.nodes;
    tree_.solve_seconds = result.seconds;
    tree_.threads = result.threads;
    if (rules_.is_help()) {
      if (options_.set_play && !tree_.stipulation.attacker_starts) add_set_play();
    } else {
      annotate(result);
    }
    tree_.nodes = nodes_;
    tree_.seconds = seconds_;
    return std::move(tree_);
  }

 private:
  void annotate(const search::SolveResult& result) {
    const auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!limits) {
      stop();
      return;
    }
    search::SearchControl control(*limits);
    DirectAnnotator annotator(rules_, tt_, control);
    std::vector<Turn> keys = result.keys;
    std::sort(keys.begin(), keys.end(), [](const Turn& a, const Turn& b) { return turn_to_uci(a) < turn_to_uci(b); });
    const std::vector<RootTurn> candidates = search::enumerate_root_turns(pos_);
    std::vector<RootTurn> non_keys;
    for (const RootTurn& t : candidates) {
      if (std::find(keys.begin(), keys.end(), t.moves) == keys.end()) non_keys.push_back(t);
    }
    for (const Turn& key : keys) {
      const auto t =
          std::find_if(candidates.begin(), candidates.end(), [&](const RootTurn& c) { return c.moves == key; });
      const int length = annotator.own_length(*t, tree_.stipulation.turns);
      if (length == 0) break;  // stopped
      tree_.keys.push_back(annotator.play(*t, length, true));
    }
    account(control);
    if (annotator.incomplete() || control.stopped()) {
      stop();
      return;
    }
    if (options_.tries && result.status != search::SolveStatus::Unknown) add_tries(non_keys);
  }

  void add_tries(std::vector<RootTurn> candidates) {
    auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!limits) {
      tree_.tries_complete = false;
      return;
    }
    if (options_.try_nodes && (!limits->nodes || options_.try_nodes < limits->nodes))
      limits->nodes = options_.try_nodes;
    if (options_.try_seconds > 0.0 && (limits->seconds <= 0.0 || options_.try_seconds < limits->seconds)) {
      limits->seconds = options_.try_seconds;
    }
    std::sort(candidates.begin(), candidates.end(),
              [](const RootTurn& a, const RootTurn& b) { return turn_to_uci(a.moves) < turn_to_uci(b.moves); });
    search::SearchControl control(*limits);
    TryFinder finder(rules_, tt_, control, options_.max_refutations);
    for (RootTurn& t : candidates) {
      if (control.stopped()) break;
      if (auto found = finder.try_of(t, tree_.stipulation.turns)) tree_.tries.push_back(std::move(*found));
    }
    tree_.tries_complete = !finder.incomplete();
    account(control);
  }

  // Set play: the help play that works when the side to move passes its first turn.
  void add_set_play() {
    const std::optional<Position> passed = passed_position(pos_);
    const auto limits = remaining(options_.limits, nodes_, seconds_);
    if (!passed || !limits) return;
    search::Stipulation set = tree_.stipulation;
    set.attacker_starts = true;
    const search::SolveResult result = search::solve(*passed, set, solve_options(*limits), tt_);
    tree_.set_play = result.solutions;
    nodes_ += result.nodes;
    seconds_ += result.seconds;
    if (result.status == search::SolveStatus::Unknown) stop();
  }

  // What search::solve needs of the tree's options, with these limits.
  search::SolveOptions solve_options(const search::SearchLimits& limits) const {
    search::SolveOptions solve;
    solve.threads = options_.threads;
    solve.workers = options_.workers;
    solve.limits = limits;
    solve.on_progress = options_.on_progress;
    return solve;
  }

  void account(const search::SearchControl& control) {
    nodes_ += control.nodes();
    seconds_ += control.elapsed_seconds();
  }

  void stop() { tree_.status = search::SolveStatus::Unknown; }

  const Position& pos_;
  const TreeOptions& options_;
  search::TranspositionTable& tt_;
  search::NodeRules rules_;
  SolutionTree tree_;
  uint64_t nodes_ = 0;
  double seconds_ = 0.0;
};

}  // namespace

SolutionTree build_tree(const Position& pos, const search::Stipulation& stipulation, const TreeOptions& options,
                        search::TranspositionTable& tt) {
  return TreeBuilder(pos, stipulation, options, tt).build();
}

}  // namespace dm::tree
