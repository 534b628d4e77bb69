#include "solver/tree/annotator.h"

#include <algorithm>
#include <set>

#include "rules/movegen.h"
#include "solver/tree/tree_turns.h"

namespace dm::tree {

namespace {

using search::NodeValue;
using search::RootTurn;

// The fewest attacker turns a question must have to be asked as a task of its own: a mate in
// one is a few microseconds, less than a task costs.
constexpr int kTaskTurns = 2;

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

void add_to_groups(std::vector<DefenceGroup>& groups, DefenceGroup g) {
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

}  // namespace

DirectAnnotator::DirectAnnotator(AnnotationContext& context)
    : context_(context), prover_(context.rules, context.tt, context.control) {}

void DirectAnnotator::for_each(size_t count, int turns, const std::function<void(size_t, DirectAnnotator&)>& body) {
  if (context_.workers.threads() == 1 || turns < kTaskTurns || count < 2) {
    for (size_t i = 0; i < count; ++i) body(i, *this);
    return;
  }
  context_.workers.for_each(count, [&](size_t i) {
    DirectAnnotator own(context_);
    body(i, own);
  });
}

bool DirectAnnotator::works(Position& after, int turns) {
  const search::NodeRules& rules = context_.rules;
  const NodeValue v = prover_.solve(after, rules.child_turns(rules.attacker(), after, turns));
  if (v == NodeValue::Open) context_.incomplete.store(true, std::memory_order_relaxed);
  return v == NodeValue::Proven;
}

int DirectAnnotator::shortest(const Position& pos, int max_turns, int min_turns) {
  Position copy = pos;
  for (int k = min_turns; k <= max_turns; ++k) {
    const NodeValue v = prover_.solve(copy, k);
    if (v == NodeValue::Open) context_.incomplete.store(true, std::memory_order_relaxed);
    if (v == NodeValue::Proven) return k;
  }
  return 0;
}

int DirectAnnotator::own_length(const RootTurn& t, int max_turns) {
  Position after = t.after;
  for (int k = 1; k <= max_turns; ++k) {
    if (works(after, k)) return k;
  }
  return 0;
}

AttackNode DirectAnnotator::play(const RootTurn& t, int length, bool with_threats) {
  const search::NodeRules& rules = context_.rules;
  AttackNode node;
  node.turn = t.moves;
  node.length = length;
  node.ending = ending_of(t.after, rules.stipulation(), rules.attacker());
  if (node.ending != Ending::None || context_.control.stopped()) return node;  // the game is over
  if (with_threats) node.threats = threats(t.after, length - 1);
  node.defences = defences(defender_turns(t.after, rules.stipulation()), length - 1);
  return node;
}

std::vector<DefenceGroup> DirectAnnotator::defences(const std::vector<RootTurn>& turns, int turns_left) {
  const search::NodeRules& rules = context_.rules;
  std::vector<DefenceGroup> answered(turns.size());
  std::vector<char> done(turns.size(), 0);
  for_each(turns.size(), turns_left, [&](size_t i, DirectAnnotator& annotator) {
    if (context_.control.stopped()) return;
    const RootTurn& d = turns[i];
    DefenceGroup& g = answered[i];
    g.turns.push_back(d.moves);
    g.ending = ending_of(d.after, rules.stipulation(), rules.attacker());
    if (g.ending == Ending::None && turns_left > 0) {
      if (auto a = annotator.answer(d.after, turns_left)) g.answer.push_back(std::move(*a));
    }
    done[i] = 1;
  });
  std::vector<DefenceGroup> groups;
  for (size_t i = 0; i < turns.size() && done[i]; ++i) add_to_groups(groups, std::move(answered[i]));
  return groups;
}

std::vector<AttackNode> DirectAnnotator::threats(const Position& after, int turns_left) {
  std::vector<AttackNode> out;
  if (!context_.threats || turns_left < 1 || after.in_check()) return out;
  const std::optional<Position> passed = passed_position(after);
  if (!passed || game_over(*passed)) return out;
  const search::NodeRules& rules = context_.rules;
  if (rules.stipulation().play == problem::Play::Reflex) {
    // An attacker that could reach the goal at once would have to: then it threatens nothing.
    Position root = *passed;
    if (rules.evaluate(root, turns_left) == NodeValue::Disproven) return out;
  }
  std::vector<RootTurn> turns;
  std::vector<int> lengths;
  if (turns_left < kTaskTurns) {
    // Threats in one turn: only the turns that work are copied, one of each distinct turn.
    std::set<TurnIdentity> seen;
    for (RootTurn& t : working_turns(*passed, turns_left)) {
      if (seen.insert(identity_of(t.moves, t.after)).second) turns.push_back(std::move(t));
    }
    lengths.assign(turns.size(), turns_left);
  } else {
    turns = distinct_turns(*passed);
    lengths.assign(turns.size(), 0);
    for_each(turns.size(), turns_left, [&](size_t i, DirectAnnotator& annotator) {
      if (!context_.control.stopped()) lengths[i] = annotator.own_length(turns[i], turns_left);
    });
  }
  for (size_t i = 0; i < turns.size(); ++i) {
    if (!lengths[i]) continue;
    // The threat line whole: a threat of more than one turn with the defences against it and
    // the answers, as a key's variations (a threat has no threat of its own).
    out.push_back(play(turns[i], lengths[i], false));
  }
  std::stable_sort(out.begin(), out.end(), [](const AttackNode& a, const AttackNode& b) { return a.length < b.length; });
  return out;
}

std::vector<RootTurn> DirectAnnotator::working_turns(const Position& pos, int turns) {
  std::vector<RootTurn> working;
  if (turns < kTaskTurns) {
    // Mates in one, the most frequent questions: tried in place, and only those that work copied.
    Position scratch = pos;
    const search::NodeRules& rules = context_.rules;
    if (rules.stipulation().play == problem::Play::Direct && rules.mates_only_by_check(scratch)) {
      // A turn of one move that mates gives check: the other moves are not played.
      MoveList checks;
      generate_checks(scratch, checks);
      working.reserve(checks.size());  // a position is copied, not moved: no copies on growing
      for (const Move m : checks) {
        StateInfo st;
        scratch.do_move(m, st);
        if (works(scratch, turns)) working.emplace_back(Turn{m}, scratch);
        scratch.undo_move(m);
        if (context_.control.stopped()) break;
      }
    } else {
      search::for_each_turn(scratch, [&](const Turn& t, Position& after) {
        if (works(after, turns)) working.emplace_back(t, after);
        return !context_.control.stopped();
      });
    }
  } else {
    std::vector<RootTurn> all = search::enumerate_root_turns(pos);
    std::vector<char> works_too(all.size(), 0);
    for_each(all.size(), turns, [&](size_t i, DirectAnnotator& annotator) {
      if (!context_.control.stopped()) works_too[i] = annotator.works(all[i].after, turns);
    });
    for (size_t i = 0; i < all.size(); ++i) {
      if (works_too[i]) working.push_back(std::move(all[i]));
    }
  }
  return sorted_by_uci(std::move(working));
}

std::optional<AttackNode> DirectAnnotator::answer(const Position& pos, int turns_left) {
  // Most answers are final moves: their list answers "how short?" too.
  int k = 1;
  std::vector<RootTurn> working = working_turns(pos, k);
  if (working.empty()) {
    k = shortest(pos, turns_left, 2);
    if (k == 0) return std::nullopt;
    working = working_turns(pos, k);
  }
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

}  // namespace dm::tree
