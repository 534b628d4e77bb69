#pragma once
// Series play (ser-#N, ser-=N, ser-h#N, ser-h=N, ser-s#N, ser-s=N; stipulation.h): every line
// in which the series mover plays its N turns in a row, the other side passing between them,
// and the goal follows.
//
// As in help play every node is an OR node and every solution is wanted, so this is a
// depth-first enumeration; what makes it fast is the table. A series reaches the same position
// by many orders of the same moves, and a (position, series turns left) found to hold no
// solution is stored as such and never searched again. Between two series turns the other side
// passes a whole turn (may_pass says when it can). Where it holds, the ending bound
// (ending_bound.h) cuts the series in which the king to be mated can no longer end boxed in:
// the other side's king with the series mover's turns left (ser-#), or the series mover's own
// with its turns left and one move of the other side's (ser-h#, ser-s#); before the series' last
// turn of ser-h# and ser-s# it leaves only the moves after which that count may pass; and on the
// last turn only the moves help play's last move would try (docs/help-bound.md). In ser-h#,
// the series targets (targets/series_targets.h) then cut the series in which the series
// mover's men can no longer stand as some final picture of the other side's mating move needs.
// In ser-#, ser-= and ser-h#, help play's pictures (targets/help_targets.h) are asked first.
//
// The end of the series is read by NodeRules under the stipulation of its last step from the
// position before the last series turn: #1 (=1) for ser-#, h#1 (h=1) for ser-h#, s#1 (s=1) for
// ser-s#. A solution line holds the series mover's turns and, in ser-h# and ser-s#, the other
// side's last turn (in ser-s#, one line for each forced turn).

#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/help_pruner.h"
#include "solver/search/help/targets/help_targets.h"
#include "solver/search/help/targets/series_targets.h"
#include "solver/search/help/targets/stalemate_targets.h"
#include "solver/search/node_rules.h"
#include "solver/search/problem_terms.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class SeriesSearch {
 public:
  // rules: the problem's (a series stipulation); its attacker gives the series mover.
  // ending_bound: the bound that prunes series after which the king to be mated (stalemated)
  // can no longer end boxed in (nullptr where it does not hold, see ending_bound.h).
  SeriesSearch(const NodeRules& rules, TranspositionTable& tt, SearchControl& control,
               const EndingBound* ending_bound);
  SeriesSearch(const SeriesSearch&) = delete;
  SeriesSearch& operator=(const SeriesSearch&) = delete;

  // Appends every solution below pos to `solutions`: pos is the series mover's to move with
  // series_left turns of its series to play (the coming one included), reached from the problem
  // position by the series turns `prefix` (each a turn of the series mover).
  void solve(Position& pos, int series_left, const Line& prefix, std::vector<Line>& solutions);

  // ser-h=: the stalemate targets listed once for the problem's position and shared by the
  // solve's searches (stalemate_targets.h). Without them, a search from the problem's position
  // lists its own.
  void share_stalemate_targets(const StalemateTargets* targets) { stalemate_ = targets; }
  // ser-#, ser-= and ser-h#: the final pictures of help play (help_targets.h), listed once for
  // the problem's position with the side that mates and each side's moves: ser-# and ser-= the
  // series mover's N and none of the other side's, ser-h# the other side's one after the
  // series mover's N. A series turn is searched only while some picture may still be reached.
  void share_help_targets(const HelpTargets* targets) { pictures_ = targets; }

  // The series mover of a problem under rules.
  static Color series_mover(const NodeRules& rules);

 private:
  // pos: the series mover to move, within a turn or at its start, series_left turns to play.
  bool search(Position& pos, int series_left);
  // After a series turn that is not the last: the other side passes its whole turn.
  bool pass_and_search(Position& pos, int series_left);
  // After the last series turn: the goal, and the other side's turns that end the line.
  bool finish(Position& pos);
  // Every way for the side to move to play its turn from pos; calls ended(pos) after each.
  // mating: the turn must mate, so where only checks can, only they are played; allowed: the
  // first moves of the turn the bound leaves (help_pruner.h).
  template <class Ended>
  bool each_turn_end(Position& pos, Turn& turn, bool mating, const HelpPruner::Moves& allowed, const Ended& ended);
  void record(const Turn& last);

  const NodeRules& rules_;
  HelpPruner pruner_;
  std::optional<SeriesTargets> targets_;  // where they hold (series_targets.h)
  std::optional<StalemateTargets> own_stalemate_;
  const StalemateTargets* stalemate_ = nullptr;  // where they hold (stalemate_targets.h)
  std::optional<StalemateTargets::Walk> walk_;   // the units followed toward them
  const HelpTargets* pictures_ = nullptr;        // where they hold (help_targets.h)
  std::optional<HelpTargets::Walk> picture_walk_;
  NodeRules last_step_;  // the rules of the step after the series' last turn
  TranspositionTable& tt_;
  SearchControl& control_;
  Color mover_;
  Line path_;   // the series turns played so far
  Turn turn_;   // the series turn under way
  std::vector<Line>* solutions_ = nullptr;
  NodeCounter nodes_;
  const EndingBound* ending_bound_;
};

// Whether the side to move in `after`, a position after a series turn that is not the last,
// may pass its turn: its king stands unattacked (no check, no king en prise where kings are
// captured). A stalemate does not end the series, also where it is the goal (ser-=): the other
// side does not move in a series, and as in Popeye only the position after the last series
// turn is read for the goal. A mate needs a check, so none comes before the last turn.
bool may_pass(const Position& after);

}  // namespace dm::search
