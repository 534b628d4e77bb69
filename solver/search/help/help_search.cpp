#include "solver/search/help/help_search.h"

#include <cassert>

#include "rules/movegen.h"
#include "solver/search/help/targets/leave_on_return.h"

namespace dm::search {

Line split_turns(const std::vector<PlayedMove>& moves) {
  Line line;
  for (size_t i = 0; i < moves.size(); ++i) {
    if (i == 0 || moves[i].mover != moves[i - 1].mover) line.emplace_back();
    line.back().push_back(moves[i].move);
  }
  return line;
}

HelpSearch::HelpSearch(const NodeRules& rules, TranspositionTable& tt, SearchControl& control,
                       const EndingBound* ending_bound)
    : rules_(rules), tt_(tt), control_(control), pruner_(rules, ending_bound), nodes_(control) {}

void HelpSearch::share_help_targets(const HelpTargets* targets) {
  if (targets && targets->holds()) {
    walk_.emplace(*targets);
  } else {
    walk_.reset();
  }
}

void HelpSearch::moves_left(const Position& pos, int turns_left, int& attacker_left, int& defender_left) const {
  // Each turn at most moves_per_turn moves (the targets hold for fixed turns only).
  const int per_turn = pos.variant().moves_per_turn;
  attacker_left = turns_left * per_turn;
  defender_left = (pos.side_to_move() == rules_.attacker() ? turns_left - 1 : turns_left) * per_turn;
}

void HelpSearch::solve(Position& pos, int turns_left, const std::vector<PlayedMove>& prefix,
                       std::vector<Line>& solutions) {
  solutions_ = &solutions;
  path_ = prefix;
  if (walk_) walk_->start(prefix);
  search(pos, turns_left, 0, false);
}

void HelpSearch::solve_task(const Position& root, int root_turns, const std::vector<PlayedMove>& task,
                            std::vector<Line>& solutions) {
  Position pos = root;
  std::vector<StateInfo> states(task.size());
  int turns_left = root_turns;
  // The walk filters the pictures at each node of the task's moves, as the search would.
  if (walk_) walk_->start({});
  size_t entered = 0;
  for (size_t k = 0; k < task.size(); ++k) {
    if (walk_) {
      int attacker_left = 0;
      int defender_left = 0;
      moves_left(pos, turns_left, attacker_left, defender_left);
      entered += walk_->enter(attacker_left, defender_left);
      walk_->moved(task[k].move);
    }
    pos.do_move(task[k].move, states[k]);
    turns_left = rules_.child_turns(task[k].mover, pos, turns_left);
  }
  solutions_ = &solutions;
  path_ = task;
  search(pos, turns_left, 0, false);
  for (; entered > 0; --entered) walk_->leave();
}

bool HelpSearch::split(Position& pos, int turns_left, int moves, size_t max_tasks,
                       std::vector<std::vector<PlayedMove>>& tasks, std::vector<Line>& solutions) {
  solutions_ = &solutions;
  tasks_ = &tasks;
  split_moves_ = size_t(moves);
  max_tasks_ = max_tasks;
  path_.clear();
  if (walk_) walk_->start(path_);
  search(pos, turns_left, 0, false);
  tasks_ = nullptr;
  return tasks.size() <= max_tasks;
}

HelpSearch::Child HelpSearch::child_of(Position& pos, Move m, Color mover, int turns_left) const {
  // Where every turn is one move, every move ends its turn.
  if (!pos.variant().is_multi_move()) {
    return {m, mover == rules_.attacker() ? turns_left - 1 : turns_left, pos.key_after(m)};
  }
  StateInfo st;
  pos.do_move(m, st);
  const Child child{m, rules_.child_turns(mover, pos, turns_left), pos.key()};
  pos.undo_move(m);
  return child;
}

bool HelpSearch::ruled_out(uint64_t key, int turns_left) {
  tt_.store_no_exact_solution(key, turns_left, 0);  // no node searched below
  return false;
}

void HelpSearch::record() {
  solutions_->push_back(split_turns(path_));
  control_.add_solution();
}

bool HelpSearch::search(Position& pos, int turns_left, int ply, bool table_asked) {
  if (tasks_ && path_.size() == split_moves_) {
    tasks_->push_back(path_);
    return false;
  }
  // The attacker's last turn has ended: the goal is reached here or the line fails. Nothing is
  // stored for these leaves, so the table is not asked.
  if (turns_left == 0) {
    if (rules_.evaluate(pos, turns_left) != NodeValue::Proven) return false;
    record();
    return true;
  }
  // A position searched before with as many turns left: most nodes of long problems are such
  // transpositions. Asked first, they skip the bound's tests; the parent asks for most (see
  // the loop below).
  const uint64_t key = pos.key();
  if (!table_asked && tt_.has_no_exact_solution(key, turns_left)) return false;
  // The help targets first, the cheaper test: some picture may still be reached (kept for the
  // nodes below).
  if (walk_) {
    int attacker_left = 0;
    int defender_left = 0;
    moves_left(pos, turns_left, attacker_left, defender_left);
    if (!walk_->enter(attacker_left, defender_left)) return ruled_out(key, turns_left);
  }
  const targets::LeaveOnReturn<HelpTargets::Walk> leave_walk(walk_ ? &*walk_ : nullptr);
  // The ending bound's tests (help_pruner.h): the node ruled out, or the moves it may still try.
  HelpPruner::Moves allowed;
  switch (pruner_.judge(pos, turns_left, allowed)) {
    case HelpPruner::Verdict::RuledOut: return ruled_out(key, turns_left);
    case HelpPruner::Verdict::GameOver: return false;
    case HelpPruner::Verdict::Search: break;
  }
  const Color mover = pos.side_to_move();
  const bool last_attack = turns_left == 1 && mover == rules_.attacker();
  // The attacker's very last move mates only by giving check: the others are not generated.
  const bool only_checks = last_attack && rules_.mates_only_by_check(pos);
  MoveList moves;
  if (only_checks) {
    generate_checks(pos, moves);
  } else {
    generate_legal(pos, moves);
  }

  // Before the attacker's last turn, every child's key and turns (at least one) are found first
  // and its cluster starts loading; then each child is asked of the table, all the loads
  // overlapping, and only those not known to fail are played and searched. Most children of
  // long problems are such transpositions. The attacker's last moves end the line (their
  // children are not in the table) and are played once, below.
  const bool look_ahead = !last_attack;
  const uint64_t nodes_before = nodes_.total();
  if (children_.size() <= size_t(ply)) children_.resize(size_t(ply) + 1);
  std::vector<Child>& children = children_[size_t(ply)];
  children.clear();
  for (const Move m : moves) {
    if (!allowed.allows(pos, m)) continue;
    if (!look_ahead) {
      children.push_back({m, 0, 0});
      continue;
    }
    const Child child = child_of(pos, m, mover, turns_left);
    assert(child.turns > 0);
    nodes_.count();
    tt_.prefetch(child.key);
    children.push_back(child);
  }

  bool found = false;
  const size_t tasks_before = tasks_ ? tasks_->size() : 0;
  for (size_t i = 0; i < children_[size_t(ply)].size(); ++i) {
    const Child c = children_[size_t(ply)][i];  // children_ may grow below: indexed afresh
    if (control_.stopped()) return true;
    if (tasks_ && tasks_->size() > max_tasks_) return true;
    if (look_ahead && tt_.has_no_exact_solution(c.key, c.turns)) continue;
    StateInfo st;
    if (walk_) walk_->moved(c.move);
    pos.do_move(c.move, st);
    if (!look_ahead) nodes_.count();
    path_.push_back({c.move, mover});
    found |= search(pos, rules_.child_turns(mover, pos, turns_left), ply + 1, look_ahead);
    path_.pop_back();
    pos.undo_move(c.move);
    if (walk_) walk_->unmoved();
  }
  const bool tasks_below = tasks_ && tasks_->size() != tasks_before;
  if (!found && !tasks_below && !control_.stopped()) {
    tt_.store_no_exact_solution(key, turns_left, nodes_.total() - nodes_before);
  }
  return found || control_.stopped();
}

}  // namespace dm::search
