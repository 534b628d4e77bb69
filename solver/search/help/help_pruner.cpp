#include "solver/search/help/help_pruner.h"

#include "rules/movegen.h"

namespace dm::search {

bool HelpPruner::may_end_in_time(const Position& pos, int turns_left) const {
  // The rest of the mover's turn, then at most the moves of each turn left (one each where every
  // turn is one move).
  const int per_turn = pos.variant().moves_per_turn;
  const bool attacking = pos.side_to_move() == rules_.attacker();
  const int attacker_moves = (attacking ? pos.moves_left() : per_turn) + per_turn * (turns_left - 1);
  // Where a stalemate may come inside the defender's turn after the attacker's last (M6,
  // node_rules.h), the king ends boxed after at most all but one of that turn's moves.
  const bool stall = rules_.stipulation().goal == Goal::Stalemate && NodeRules::stalls_possible(pos.variant());
  const int defender_moves =
      (attacking ? 0 : pos.moves_left()) + per_turn * (turns_left - 1) + (stall ? per_turn - 1 : 0);
  return bound_->may_end_in_time(pos, rules_.attacker(), attacker_moves, defender_moves);
}

HelpPruner::Verdict HelpPruner::judge(const Position& pos, int turns_left, Moves& moves) const {
  const Color attacker = rules_.attacker();
  const Color mover = pos.side_to_move();
  const bool last_attack = turns_left == 1 && mover == attacker;
  // Past the count of the moves left, the tests take a turn as one move.
  const EndingBound* const bound = pos.variant().is_multi_move() ? nullptr : bound_;
  const bool last_defending = bound && turns_left == 1 && !last_attack;
  const bool second_last_attack = bound && turns_left == 2 && mover == attacker;

  // Steps 1 and 4: the demands of a stalemate on the attacker's last move, for the defender's
  // last move and the attacker's second last. They cost less than the count of step 2 where
  // the attacker has men to pin and block with, and more with a king and one man.
  EndingBound::Landings second_last_landings = EndingBound::Landings::every();
  const auto meets_demands = [&] {
    if (last_defending) {
      moves.last_defence = bound->last_defence_by_demands(pos, attacker);
      return !moves.last_defence.none();
    }
    if (second_last_attack) second_last_landings = bound->second_last_landings(pos, attacker);
    return !second_last_landings.none();
  };
  const bool demands_first = popcount(pos.pieces(attacker)) > 2;
  if (demands_first && !meets_demands()) return Verdict::RuledOut;

  // Step 2.
  if (bound && last_attack) {
    moves.attacker = bound->last_moves(pos, attacker);
    if (moves.attacker.empty()) return Verdict::RuledOut;
  } else if (bound_ && !may_end_in_time(pos, turns_left)) {
    return Verdict::RuledOut;
  }

  // Step 3 (what NodeRules says of such a node: a lost king here, or no move to play below).
  if (king_lost(pos)) return Verdict::GameOver;

  // Step 4.
  if (!demands_first && !meets_demands()) return Verdict::RuledOut;

  // Step 5.
  if (second_last_attack || (bound && turns_left == 3 && mover == attacker)) {
    moves.attacker = second_last_attack ? bound->second_last_moves(pos, attacker, second_last_landings)
                                        : bound->third_last_moves(pos, attacker);
    if (moves.attacker.empty()) return Verdict::RuledOut;
  }

  // Step 6.
  if (bound && turns_left >= 2 && mover != attacker) {
    moves.defender = bound->defender_moves(pos, attacker, turns_left, turns_left - 1);
  }

  // Step 7.
  if (last_defending) {
    bound->box_last_defence(pos, attacker, moves.last_defence);
    if (moves.last_defence.none()) return Verdict::RuledOut;
  }
  return Verdict::Search;
}

bool HelpPruner::series_may_end(const Position& pos, Color series_mover, int series_left) const {
  if (!bound_) return true;
  if (rules_.stipulation().play == Play::Series) return bound_->may_end_in_time(pos, series_mover, series_left, 0);
  return bound_->may_end_in_time(pos, ~series_mover, 1, series_left);
}

HelpPruner::Verdict HelpPruner::judge_series(const Position& pos, Color series_mover, int series_left,
                                             Moves& moves) const {
  if (!series_may_end(pos, series_mover, series_left)) return Verdict::RuledOut;
  if (!bound_ || pos.variant().is_multi_move()) return Verdict::Search;
  // ser-h#, ser-h=, ser-s#, ser-s=, before the series' last turn: step 6 in series form, the
  // series mover's moves after which the count of the next series turn may pass.
  if (series_left >= 2) {
    if (rules_.stipulation().play != Play::Series) {
      moves.defender = bound_->series_defender_moves(pos, ~series_mover, series_left - 1);
    }
    return Verdict::Search;
  }
  switch (rules_.stipulation().play) {
    // ser-#, ser-=: the series' last move is the attacker's last, and the defender, which passed
    // before it, has none after it: help play's last move. The count comes first: it also tests
    // the position as it stands and the pieces a stalemate must capture, which last_moves does not.
    case Play::Series:
      moves.attacker = bound_->last_moves(pos, rules_.attacker());
      return moves.attacker.empty() ? Verdict::RuledOut : Verdict::Search;
    // ser-h#, ser-h=: the series' last move is the defender's last, the attacker's one move after
    // it: help play's last defence.
    case Play::SeriesHelp:
      moves.last_defence = bound_->last_defence(pos, rules_.attacker());
      return moves.last_defence.none() ? Verdict::RuledOut : Verdict::Search;
    default: return Verdict::Search;
  }
}

EndingBound::AttackerMoves HelpPruner::series_last_moves(const Position& pos) const {
  if (!bound_ || pos.variant().is_multi_move()) return {};
  return bound_->last_moves(pos, rules_.attacker());
}

}  // namespace dm::search
