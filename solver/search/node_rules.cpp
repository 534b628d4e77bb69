#include "solver/search/node_rules.h"

#include "rules/movegen.h"
#include "rules/outcome.h"

namespace dm::search {

NodeRules NodeRules::for_problem(const Stipulation& stipulation, const Position& pos, tablebase::Tablebase* tables) {
  const Color mover = pos.side_to_move();
  return NodeRules(stipulation, stipulation.attacker_starts ? mover : ~mover, tables);
}

std::optional<NodeValue> NodeRules::from_tables(const Position& pos, int turns_left, int* win_turns) const {
  if (!tables_ || stipulation_.goal != Goal::Win || stipulation_.play != Play::Direct) return std::nullopt;
  const std::optional<tablebase::TableValue> v = tables_->probe(pos, stop_tables_);
  if (!v) return std::nullopt;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  const auto attacker_wins = attacker_to_move ? tablebase::TableValue::Kind::Win : tablebase::TableValue::Kind::Loss;
  if (v->kind != attacker_wins || v->winner_turns() > turns_left) return NodeValue::Disproven;
  if (win_turns) *win_turns = v->winner_turns();
  return NodeValue::Proven;
}

bool NodeRules::goal_reached(const Position& pos) const {
  if (stipulation_.goal == Goal::Win) return outcome(pos).score_for(attacker_) == 1;
  return goal_reached_on(pos, stipulation_.attacker_is_victim() ? attacker_ : ~attacker_);
}

bool NodeRules::goal_reached_on(const Position& pos, Color victim) const {
  if (pos.side_to_move() != victim) return false;
  const bool lost = king_lost(pos);
  if (stipulation_.goal == Goal::Mate) return lost || pos.in_check();
  // Left without a move inside its turn after a move it chose: the goal only in direct play,
  // whose defender does so only where nothing better is left (see the top of node_rules.h).
  return !lost && !pos.in_check() && (!pos.mid_turn() || stipulation_.play == Play::Direct);
}

bool NodeRules::stalled_at_start(Position& pos, uint64_t& moves_played) const {
  return stipulation_.goal == Goal::Stalemate && !king_lost(pos) && may_stall(pos) && stalls_in_turn(pos, moves_played);
}

namespace {

// Whether every line of the side to move's turn from pos runs out of moves inside the turn (no
// move at all included), each position it runs out in passing ends_well. pos is restored.
template <class EndsWell>
bool every_line_strands(Position& pos, uint64_t& moves_played, const EndsWell& ends_well) {
  MoveList moves;
  generate_legal(pos, moves);
  if (moves.empty()) return ends_well(pos);
  if (!NodeRules::may_stall(pos)) return false;  // each move ends the turn: the side gets through
  const Color mover = pos.side_to_move();
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    ++moves_played;
    const bool strands =
        pos.side_to_move() == mover && !king_lost(pos) && every_line_strands(pos, moves_played, ends_well);
    pos.undo_move(m);
    if (!strands) return false;
  }
  return true;
}

}  // namespace

bool NodeRules::stalls_in_turn(Position& pos, uint64_t& moves_played) const {
  return every_line_strands(pos, moves_played, [](const Position& end) { return !end.in_check(); });
}

bool NodeRules::won_in_turn(Position& pos, uint64_t& moves_played) const {
  if (pos.mid_turn() || !may_stall(pos)) return false;
  return every_line_strands(pos, moves_played,
                            [&](const Position& end) { return outcome(end).score_for(attacker_) == 1; });
}

bool NodeRules::reached_after_move(Position& pos, Color victim, uint64_t& moves_played) const {
  if (king_lost(pos)) return goal_reached_on(pos, victim);
  if (pos.side_to_move() != victim) return false;
  if (stipulation_.goal == Goal::Stalemate && may_stall(pos)) return stalls_in_turn(pos, moves_played);
  // Cheap refusals first: a mate needs a check, a stalemate none (where the king is royal).
  if (pos.variant().king_rule == KingRule::Royal &&
      pos.in_check() != (stipulation_.goal == Goal::Mate)) {
    return false;
  }
  return !has_legal_move(pos) && goal_reached_on(pos, victim);
}

bool NodeRules::turn_reaches_goal(Position& pos, bool any, uint64_t& moves_played) const {
  const Color mover = pos.side_to_move();
  const Color victim = ~mover;
  const bool only_checks_mate = mates_only_by_check(pos);
  MoveList moves;
  if (only_checks_mate && any) {
    generate_checks(pos, moves);  // the moves that give no check reach no mate
  } else {
    generate_legal(pos, moves);
  }
  const CheckInfo checks = only_checks_mate && !any ? pos.check_info() : CheckInfo{};
  for (const Move m : moves) {
    if (only_checks_mate && !any && !pos.may_give_check(m, checks)) return false;
    StateInfo st;
    pos.do_move(m, st);
    ++moves_played;
    bool reached;
    if (pos.side_to_move() != mover || king_lost(pos)) {
      reached = reached_after_move(pos, victim, moves_played);
    } else if (!has_legal_move(pos)) {
      reached = false;  // no second move (docs/rules.md M6): the goal is never on the mover
    } else {
      reached = turn_reaches_goal(pos, any, moves_played);
    }
    pos.undo_move(m);
    if (reached == any) return any;
  }
  return !any;
}

bool NodeRules::is_leaf(const Position& pos, int turns_left) const {
  if (is_help()) return false;
  if (stipulation_.play == Play::Reflex) return turns_left == 0;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  if (attacker_to_move) return turns_left == 0 || (turns_left == 1 && direct_goal() && plays_out(pos));
  return turns_left == 0 && (direct_goal() || (stipulation_.play == Play::Self && plays_out(pos)));
}

NodeValue NodeRules::evaluate(Position& pos, int turns_left, size_t* legal_count, uint64_t* moves_played,
                              int* win_turns) const {
  if (is_help()) return evaluate_help(pos, turns_left, legal_count);
  if (stipulation_.play == Play::Reflex) return evaluate_reflex(pos, turns_left, legal_count, moves_played);
  if (const std::optional<NodeValue> known = from_tables(pos, turns_left, win_turns)) return *known;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  // Once the attacker has used its turns, direct mate and stalemate are reached now or never:
  // the defender's position decides, and most such leaves need no move count.
  const bool final_defender = !attacker_to_move && turns_left == 0 && direct_goal();
  // A stalemate inside the turn of the goal's victim (M6, L4, P3): the defender's last in direct
  // play (from any of its nodes, every line it chooses must run into it), the attacker's from
  // the start of each of its turns in self play. Elsewhere no victim's turn may end so.
  const bool victim_turn = final_defender || (attacker_to_move && !pos.mid_turn() && stipulation_.play == Play::Self);
  const bool may_stall_now = victim_turn && stipulation_.goal == Goal::Stalemate && !king_lost(pos) && may_stall(pos);
  if (final_defender) {
    if (king_lost(pos)) return goal_reached(pos) ? NodeValue::Proven : NodeValue::Disproven;
    const bool could_be_goal = stipulation_.goal == Goal::Mate ? pos.in_check() : !pos.in_check() || may_stall_now;
    if (!could_be_goal) return NodeValue::Disproven;
  }
  // A leaf needs to know only whether there is a move; an open node's count guides the search.
  bool can_move;
  if (is_leaf(pos, turns_left)) {
    can_move = !king_lost(pos) && has_legal_move(pos);
  } else {
    const size_t count = king_lost(pos) ? 0 : count_legal(pos);
    if (legal_count) *legal_count = count;
    can_move = count > 0;
  }
  if (!can_move) {
    if (!goal_reached(pos)) return NodeValue::Disproven;
    if (win_turns) *win_turns = 0;
    return NodeValue::Proven;
  }
  if (may_stall_now) {
    uint64_t played = 0;
    const bool stalled = stalls_in_turn(pos, played);
    if (moves_played) *moves_played += played;
    if (stalled) return NodeValue::Proven;
    if (final_defender) return NodeValue::Disproven;
  }
  // winN: the attacker starts its turn after the last with no way through it, each line ending
  // in a win for it (L3, L4: the side left without a move wins): won within the length, as where
  // it has no move at all. (Not in win, lose and loseN, whose proofs count the turns played.)
  if (turns_left == 0 && attacker_to_move && stipulation_.goal == Goal::Win && !stipulation_.is_proof()) {
    uint64_t played = 0;
    const bool won = won_in_turn(pos, played);
    if (moves_played) *moves_played += played;
    if (won) {
      if (win_turns) *win_turns = 0;
      return NodeValue::Proven;
    }
  }
  if (turns_left == 0 && (attacker_to_move || final_defender)) return NodeValue::Disproven;
  const bool attacker_last_turn = attacker_to_move && turns_left == 1 && direct_goal() && plays_out(pos);
  const bool defender_last_turn =
      !attacker_to_move && turns_left == 0 && stipulation_.play == Play::Self && plays_out(pos);
  if (attacker_last_turn || defender_last_turn) {
    uint64_t played = 0;
    const bool reached = turn_reaches_goal(pos, attacker_last_turn, played);
    if (moves_played) *moves_played += played;
    return reached ? NodeValue::Proven : NodeValue::Disproven;
  }
  return NodeValue::Open;
}

NodeValue NodeRules::evaluate_help(Position& pos, int turns_left, size_t* legal_count) const {
  if (turns_left == 0) {
    // The attacker's last turn has just ended: the goal is reached here or the line fails.
    if (king_lost(pos)) return goal_reached(pos) ? NodeValue::Proven : NodeValue::Disproven;
    if (pos.side_to_move() == attacker_) return NodeValue::Disproven;
    // Or the defender cannot get through the turn it starts (M6, L4, P3).
    if (stipulation_.goal == Goal::Stalemate && may_stall(pos)) {
      uint64_t played = 0;
      return stalls_in_turn(pos, played) ? NodeValue::Proven : NodeValue::Disproven;
    }
    const bool could_be_goal = stipulation_.goal == Goal::Mate ? pos.in_check() : !pos.in_check();
    if (!could_be_goal) return NodeValue::Disproven;
    return !has_legal_move(pos) && goal_reached(pos) ? NodeValue::Proven : NodeValue::Disproven;
  }
  const size_t count = king_lost(pos) ? 0 : count_legal(pos);
  if (legal_count) *legal_count = count;
  // A game that ends before the attacker's last turn is no solution.
  return count == 0 ? NodeValue::Disproven : NodeValue::Open;
}

NodeValue NodeRules::evaluate_reflex(Position& pos, int turns_left, size_t* legal_count, uint64_t* moves_played) const {
  const size_t count = king_lost(pos) ? 0 : count_legal(pos);
  if (count == 0) return goal_reached(pos) ? NodeValue::Proven : NodeValue::Disproven;
  if (legal_count) *legal_count = count;
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  // An attacker that cannot get through the turn it starts (M6, L4, P3): the goal, as in self play.
  if (attacker_to_move && !pos.mid_turn()) {
    uint64_t played = 0;
    const bool stalled = stalled_at_start(pos, played);
    if (moves_played) *moves_played += played;
    if (stalled) return NodeValue::Proven;
  }
  // Whoever can reach the goal in its turn must: the defender so ends the play as the attacker
  // wants, the attacker ends it the wrong way (on the defender). Both are read at a turn's start.
  // (An attacker with no turn left has failed whatever it could do.)
  if (!pos.mid_turn() && (turns_left > 0 || !attacker_to_move)) {
    uint64_t played = 0;
    const bool must_finish = turn_reaches_goal(pos, true, played);
    if (moves_played) *moves_played += played;
    if (must_finish) return attacker_to_move ? NodeValue::Disproven : NodeValue::Proven;
  }
  return turns_left == 0 ? NodeValue::Disproven : NodeValue::Open;
}

}  // namespace dm::search
