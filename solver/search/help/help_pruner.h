#pragma once
// The ending bound's tests at a node of help play, run in one fixed order, and what they leave:
// whether the node may still hold a solution, and which of its moves may. HelpSearch asks it at
// every node before the attacker's last turn has ended; the order is the one that costs least
// (docs/help-bound.md, "The order of the tests"). Where the help targets hold, the searches
// have no bound and only step 3 is made. The steps:
//  1. a stalemate's demands, first where the attacker has more men than its king and one
//     (stalemate_demands.h);
//  2. the attacker's last move: the moves that may still box the king in; or else the count of
//     the moves each side has left (EndingBound::may_end_in_time);
//  3. a game already over (a king lost): no solution, and nothing ruled out;
//  4. a stalemate's demands, here where the attacker has its king and one man at most;
//  5. the attacker's second and third last moves: the moves that may still end the line;
//  6. the defender's moves before its last: those after which the bound may still pass;
//  7. the defender's last move: the squares of the box.
// In variants of turns of several moves only the count of step 2 is made
// (EndingBound::counts_moves); without a bound, only step 3. SeriesSearch asks it at the start
// of each series turn: the count of step 2, for the king the series must box in, before the
// last turn the series mover's moves where it is that king's side (step 6), and on the series'
// last turn the tests of help play's last moves that hold in series play.

#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/node_rules.h"

namespace dm::search {

class HelpPruner {
 public:
  enum class Verdict : uint8_t {
    Search,    // the node may hold a solution: search the moves allowed
    RuledOut,  // the bound rules it out (stored as failed, like a searched node)
    GameOver,  // the game ended before the attacker's last turn: no solution (nothing stored)
  };
  // The moves a node may still try.
  struct Moves {
    EndingBound::AttackerMoves attacker;
    EndingBound::DefenderMoves defender;
    EndingBound::LastDefence last_defence;
    bool allows(const Position& pos, Move m) const {
      return attacker.allows(m) && defender.allows(pos, m) && last_defence.allows(m);
    }
  };

  // bound: nullptr where it does not hold (see ending_bound.h).
  HelpPruner(const NodeRules& rules, const EndingBound* bound) : rules_(rules), bound_(bound) {}

  // The verdict on pos with turns_left attacker turns left (at least one), and where it is
  // Search, the moves it allows.
  Verdict judge(const Position& pos, int turns_left, Moves& moves) const;

  // Series play, at the start of a series turn of `series_mover` with series_left turns left:
  // whether the king to be boxed in may still end so in time. ser-#, ser-=: the other side's
  // king with the series' turns; ser-h#, ser-s# (and their stalemates): the series mover's own
  // with one move of the other side's.
  bool series_may_end(const Position& pos, Color series_mover, int series_left) const;
  // The same, and on the series' last turn the moves it may still try: in ser-# and ser-= that
  // turn is the attacker's last move with no move of the defender's after it, as in help play
  // (step 2); in ser-h# and ser-h= it is the defender's last move before the attacker's one
  // (steps 1 and 7). Before the last turn of ser-h#, ser-h=, ser-s# and ser-s=, the series
  // mover's moves after which the count of the next series turn may pass (step 6 in series form;
  // docs/help-bound.md, "Series play"). Only the count where a turn is several moves, and on the
  // last turn of ser-s#.
  Verdict judge_series(const Position& pos, Color series_mover, int series_left, Moves& moves) const;
  // ser-h#, ser-h=: the attacker's one move after the series, which must end the line (step 2).
  EndingBound::AttackerMoves series_last_moves(const Position& pos) const;

 private:
  // Step 2's count: the moves each side may still make, and whether the king may end boxed in
  // with them.
  bool may_end_in_time(const Position& pos, int turns_left) const;

  const NodeRules& rules_;
  const EndingBound* bound_;
};

}  // namespace dm::search
