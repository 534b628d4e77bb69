#pragma once
// What a stipulation means at one node of the search: whose node it is (OR for the attacker,
// AND for the defender; every node is OR in help play), how many attacker turns are left
// below a move, and whether a node is decided without search.
//
// A node is a position after any single move, so a turn of two moves is two nodes of the same
// side. `turns_left` counts the attacker turns not yet finished: it drops by one when an
// attacker turn ends, which is when the side to move changes away from the attacker. Because
// every cycle of positions contains a whole attacker turn, a (position, turns_left) pair never
// repeats on a path: repetitions cannot make a result depend on the path. Without a length
// (win, lose: turns_left is kUnboundedTurns and never drops) positions do repeat; the search
// handles that (dfpn.h), and here such a node is decided only where the game is over.
//
// With endgame tables (tablebase.h), a position of the variant's own win (win, winN, lose,
// loseN) that the tables hold is decided from them: proven where the attacker wins within the
// turns left, disproven otherwise (a draw, a loss, or a win that needs more turns: the tables'
// distances are exact).
//
// Goals are read where the rules put them: checkmate and stalemate at the start of a turn
// (docs/rules.md M5), a king capture at once, a stalemate for want of a further move inside a turn
// (M6, L4, P3) on the side that cannot move. A side may so be stalemated in a turn it began in
// check: it escapes with its first move and has no second (the chessvariants.com example, White
// Ke6 Qc7, Black Kg8: 1.Qb7,Qf7+ Kh8 =). In direct play such a stalemate of the defender is the
// goal wherever it comes (the defender only runs into it where nothing better is left); in
// self, reflex and help play the goal must leave its victim no way through the turn it starts
// (stalls_in_turn), and a victim that strands itself by choice ends the play without it.
// In the losing variants, where the side left without a move wins, winN counts an attacker
// that starts its turn after the last with no way through it, as one with no move at all.
// docs/goals.md gives the argument. Direct and self play count a goal reached within the length;
// help play counts only a goal reached with the attacker's last turn.

#include <cstddef>
#include <functional>
#include <optional>

#include "rules/position.h"
#include "solver/search/problem_terms.h"
#include "solver/tablebase/tablebase.h"

namespace dm::search {

enum class NodeValue : uint8_t { Open, Proven, Disproven };

class NodeRules {
 public:
  // tables: endgame tables to consult (nullptr: none); they must be of pos's variant.
  NodeRules(const Stipulation& stipulation, Color attacker, tablebase::Tablebase* tables = nullptr)
      : stipulation_(stipulation), attacker_(attacker), tables_(tables) {}

  // The rules of a problem set up in pos: the attacker follows from the side to move.
  static NodeRules for_problem(const Stipulation& stipulation, const Position& pos,
                               tablebase::Tablebase* tables = nullptr);

  // A table that a probe must first make is given up when `stop` says so (the search that asked
  // has stopped): the node is then searched as if there were no table.
  void stop_table_making_when(std::function<bool()> stop) { stop_tables_ = std::move(stop); }

  const Stipulation& stipulation() const { return stipulation_; }
  Color attacker() const { return attacker_; }
  bool is_help() const { return stipulation_.play == Play::Help; }
  // The attacker turns left at the root position.
  int root_turns() const { return stipulation_.turns; }

  bool is_or_node(const Position& pos) const { return is_help() || pos.side_to_move() == attacker_; }

  // turns_left below a move from a node whose side to move was `mover` (kUnboundedTurns stays).
  int child_turns(Color mover, const Position& child, int turns_left) const {
    const bool attacker_turn_ends = mover == attacker_ && child.side_to_move() != attacker_;
    return attacker_turn_ends && turns_left != kUnboundedTurns ? turns_left - 1 : turns_left;
  }
  // Whether the move from a node of `mover` to `child` ends an attacker turn: what a proof found
  // below the child needs one turn more for.
  bool ends_attacker_turn(Color mover, const Position& child) const {
    return mover == attacker_ && child.side_to_move() != attacker_;
  }

  // The node's value when known without search. Counts the legal moves only where it must;
  // when it does, *legal_count receives the count (otherwise it is left unchanged). The last
  // turn that decides (the attacker's last turn in direct mate and stalemate, the defender's
  // last in self play) is played out here, so that the search never stores its positions.
  // pos is restored before returning; *moves_played (when given) grows by the moves it played.
  // A node proven without a length (a finished game, or a win the tables know) sets
  // *win_turns (when given) to the attacker turns the win takes from pos.
  NodeValue evaluate(Position& pos, int turns_left, size_t* legal_count = nullptr,
                     uint64_t* moves_played = nullptr, int* win_turns = nullptr) const;

  // Whether evaluate() always decides pos with turns_left (direct and self play): the
  // attacker's last turn, the defender's position after it, and the defender's last turn in
  // self play. The search keeps no table entry for such a node, so it need not look one up.
  // A turn is played out there only when its rest is short (plays_out); the rest of a longer
  // progressive series is searched move by move, its transpositions merged by the table (P7).
  bool is_leaf(const Position& pos, int turns_left) const;

  // The most moves of a turn's rest that evaluate() plays out: every turn of the two-move
  // variants, the last two moves of a progressive series.
  static constexpr int kPlayedOutMoves = 2;
  static bool plays_out(const Position& pos) { return pos.moves_left() <= kPlayedOutMoves; }

  // Whether a move of the side to move in pos reaches a mate only by giving check: it ends the
  // turn, kings are royal, the goal is mate, and no earlier move of the turn can have checked
  // already (it would have ended the turn, or was illegal; not so in Extra Move, E4). Searches
  // may skip the other moves unplayed.
  bool mates_only_by_check(const Position& pos) const {
    return stipulation_.goal == Goal::Mate && pos.moves_left() == 1 &&
           pos.variant().king_rule == KingRule::Royal && pos.variant().check_in_turn != CheckInTurn::Continues;
  }

  // Whether pos is the defender's in direct play with only the attacker's last turn to come
  // (its replies all lead to leaves).
  bool before_last_turn(const Position& pos, int turns_left) const {
    return pos.side_to_move() != attacker_ && turns_left == 1 && direct_goal();
  }

  // Whether the goal is reached in pos, a position whose side to move has no legal move or has
  // lost its king.
  bool goal_reached(const Position& pos) const;

  // Whether pos, at the start of a turn, is a stalemate that leaves its side to move no way
  // through the turn (M6, L4, P3): it has moves, and every line of them runs out inside the turn.
  // pos is restored; moves_played grows by the moves played.
  bool stalled_at_start(Position& pos, uint64_t& moves_played) const;
  // Whether the side to move in pos, at the start of its turn, has no way through it and every
  // line ends in a win for the attacker (the losing variants, L3 and L4).
  bool won_in_turn(Position& pos, uint64_t& moves_played) const;

  // Whether the side to move in pos may be left with no move inside its turn (M6, L4, P3): more
  // moves of its turn are to come and no pass is then played (Extra Move's optional second
  // move, the no-second-move=pass option).
  static bool may_stall(const Position& pos) { return pos.moves_left() > 1 && stalls_possible(pos.variant()); }
  // Whether a side of this variant may be left with no move inside its turn at all.
  static bool stalls_possible(const Variant& variant) {
    return variant.is_multi_move() && !variant.later_moves.optional &&
           variant.options.no_second_move == NoSecondMoveRule::Stalemate;
  }

 private:
  // Direct mate or stalemate: decided at the end of the attacker's last turn at the latest.
  bool direct_goal() const { return stipulation_.play == Play::Direct && stipulation_.goal != Goal::Win; }
  NodeValue evaluate_help(Position& pos, int turns_left, size_t* legal_count) const;
  // Reflex play: a side to move that can reach the goal in its turn must (stipulation.h).
  NodeValue evaluate_reflex(Position& pos, int turns_left, size_t* legal_count, uint64_t* moves_played) const;
  // Whether pos (victim to move) is the goal reached on victim: mated or stalemated.
  bool goal_reached_on(const Position& pos, Color victim) const;
  // The value the tables give pos, or nullopt where they do not hold it.
  std::optional<NodeValue> from_tables(const Position& pos, int turns_left, int* win_turns) const;
  // Whether some (any) or every (!any) way to play the rest of the side to move's turn reaches
  // the goal (mate or stalemate) on its opponent at the end of the turn.
  bool turn_reaches_goal(Position& pos, bool any, uint64_t& moves_played) const;
  // After a move: the goal is reached on victim in pos, which ends the mover's turn or the game
  // (a stalemate also where the victim runs into it in its turn, see stalls_in_turn).
  bool reached_after_move(Position& pos, Color victim, uint64_t& moves_played) const;
  // Whether every line of the side to move's turn from pos ends with it stalemated, with no move
  // and not in check, before the turn is over (no move at all included). pos is restored;
  // moves_played grows by the moves played.
  bool stalls_in_turn(Position& pos, uint64_t& moves_played) const;

  Stipulation stipulation_;
  Color attacker_;
  tablebase::Tablebase* tables_;
  std::function<bool()> stop_tables_;
};

}  // namespace dm::search
