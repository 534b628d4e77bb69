#pragma once
// Help play (h#N, h=N): every line of one length in which the two sides together reach the
// goal (solver.h solves each length up to the stipulated one: the shorter are short solutions).
//
// Help play has only OR nodes and wants every solution, so it is a full-width depth-first
// enumeration; what makes it fast is the table: a (position, turns left) found to have no
// solution is stored as such (an exact-length entry, since help play is not monotone in the
// length) and never searched again through a transposition. A search stopped by a limit
// stores nothing it has not finished. Where it holds, the ending bound prunes the lines in
// which the defender's king can no longer end boxed in, and where each turn is one move, leaves
// out unplayed the moves after which it would; HelpPruner (help_pruner.h) runs its tests at
// each node in their order.
// Before the attacker's last turn, a node finds its children's keys first (without playing the
// moves where every turn is one move) and asks the table about every child before it searches
// any: the children's cache misses overlap, and the transpositions are never played.
// A node the bound rules out is stored as failed too: most are met again, and their tests cost
// more than the probe that finds them. In h# and h=, the targets (help_targets.h) are asked
// first: a node from which no final picture may be reached is ruled out so.

#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/help_pruner.h"
#include "solver/search/help/targets/help_targets.h"
#include "solver/search/node_rules.h"
#include "solver/search/problem_terms.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class HelpSearch {
 public:
  // ending_bound: the bound that prunes lines where the defender's king can no longer end mated
  // or stalemated in time (nullptr where it does not hold, see ending_bound.h).
  HelpSearch(const NodeRules& rules, TranspositionTable& tt, SearchControl& control,
             const EndingBound* ending_bound);
  HelpSearch(const HelpSearch&) = delete;
  HelpSearch& operator=(const HelpSearch&) = delete;

  // h#, h=: the targets listed once for the problem's position and shared by the solve's
  // searches (help_targets.h); every search of the solve then starts from that position.
  void share_help_targets(const HelpTargets* targets);

  // Appends to `solutions` every solution below pos, each beginning with `prefix`, the moves
  // that led to pos from the problem position.
  void solve(Position& pos, int turns_left, const std::vector<PlayedMove>& prefix, std::vector<Line>& solutions);

  // The tasks of a parallel solve: the lines of `moves` moves from pos that the search goes on
  // from, with its pruning and its table, each appended to `tasks` as the moves to its position;
  // the solutions of fewer moves go to `solutions`. A node is stored as failed only where no
  // task was left below it. False, with the tasks incomplete, once there are more than
  // max_tasks of them.
  bool split(Position& pos, int turns_left, int moves, size_t max_tasks, std::vector<std::vector<PlayedMove>>& tasks,
             std::vector<Line>& solutions);

  // Appends to `solutions` every solution below one of split's tasks of the search from `root`
  // with `root_turns` attacker turns: the task's moves are played from root, then solve().
  void solve_task(const Position& root, int root_turns, const std::vector<PlayedMove>& task,
                  std::vector<Line>& solutions);

 private:
  // A move to search from a node, with its child's attacker turns left and key where they
  // were looked at before the move is searched.
  struct Child {
    Move move;
    int turns;
    uint64_t key;
  };

  // ply: the depth below the position solve() was given (0 there); table_asked: whether the
  // caller has already found that the table does not rule pos out.
  bool search(Position& pos, int turns_left, int ply, bool table_asked);
  // The child of move m, its turns and key, without playing m where every turn is one move
  // (elsewhere m is played and taken back); pos is as it was on return.
  Child child_of(Position& pos, Move m, Color mover, int turns_left) const;
  void record();
  // Each side's moves left at a node of pos with turns_left attacker turns left.
  void moves_left(const Position& pos, int turns_left, int& attacker_left, int& defender_left) const;
  // A node the ending bound rules out, stored as failed like a searched one: its tests cost more
  // than the probe that finds it again through a transposition. False, what the search returns.
  bool ruled_out(uint64_t key, int turns_left);

  const NodeRules& rules_;
  TranspositionTable& tt_;
  SearchControl& control_;
  HelpPruner pruner_;
  std::optional<HelpTargets::Walk> walk_;  // the units followed toward the targets
  std::vector<PlayedMove> path_;
  std::vector<std::vector<Child>> children_;  // per ply, reused
  std::vector<Line>* solutions_ = nullptr;
  // While splitting: where the lines of split_moves_ moves go instead of being searched.
  std::vector<std::vector<PlayedMove>>* tasks_ = nullptr;
  size_t split_moves_ = 0;
  size_t max_tasks_ = 0;
  NodeCounter nodes_;
};

// Splits a sequence of moves into turns by their movers.
Line split_turns(const std::vector<PlayedMove>& moves);

}  // namespace dm::search
