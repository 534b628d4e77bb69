#include "solver/search/brute_force.h"

#include <functional>

#include "rules/movegen.h"
#include "rules/outcome.h"

namespace dm::search::brute_force {

namespace {

// Calls visit(turn, position after it) for every turn of the side to move; a turn ends when
// the side to move changes or when the game is over.
void for_each_turn(Position& pos, const std::function<void(const Turn&, Position&)>& visit) {
  const Color mover = pos.side_to_move();
  Turn turn;
  std::function<void()> extend = [&] {
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      turn.push_back(m);
      if (pos.side_to_move() != mover || outcome(pos).is_over()) {
        visit(turn, pos);
      } else {
        extend();
      }
      turn.pop_back();
      pos.undo_move(m);
    }
  };
  extend();
}

class Oracle {
 public:
  Oracle(const Stipulation& stipulation, Color attacker) : stipulation_(stipulation), attacker_(attacker) {}

  bool over(const Position& pos) const { return outcome(pos).is_over(); }

  // The goal, read from the outcome of a finished game.
  bool goal(const Position& pos) const {
    const Outcome o = outcome(pos);
    if (!o.is_over()) return false;
    if (stipulation_.goal == Goal::Win) return o.score_for(attacker_) == 1;
    const Color victim = stipulation_.play == Play::Self ? attacker_ : ~attacker_;
    if (pos.side_to_move() != victim) return false;
    if (stipulation_.goal == Goal::Mate) return o.reason == "checkmate" || o.reason == "king captured";
    return o.reason == "stalemate";
  }

  // The attacker (to move) reaches the goal within n turns.
  bool attacker_wins(Position& pos, int n) const {
    bool found = false;
    for_each_turn(pos, [&](const Turn&, Position& after) {
      if (!found) found = turn_works(after, n);
    });
    return found;
  }

  // After an attacker turn, with n turns counted from before it.
  bool turn_works(Position& after, int n) const {
    if (goal(after)) return true;
    if (over(after)) return false;
    const bool defender_may_finish = stipulation_.play == Play::Self || stipulation_.goal == Goal::Win;
    if (n == 1 && !defender_may_finish) return false;
    return defender_loses(after, n - 1);
  }

  // Every defender turn leads to the goal, with m attacker turns left.
  bool defender_loses(Position& pos, int m) const {
    bool all = true;
    for_each_turn(pos, [&](const Turn&, Position& after) {
      if (!all || goal(after)) return;
      if (over(after) || m == 0 || !attacker_wins(after, m)) all = false;
    });
    return all;
  }

  void help(Position& pos, int left, Line& line, std::vector<Line>& out) const {
    const Color side = pos.side_to_move();
    for_each_turn(pos, [&](const Turn& turn, Position& after) {
      line.push_back(turn);
      const int now_left = side == attacker_ ? left - 1 : left;
      if (side == attacker_ && now_left == 0) {
        if (goal(after)) out.push_back(line);
      } else if (!over(after)) {
        help(after, now_left, line, out);
      }
      line.pop_back();
    });
  }

 private:
  Stipulation stipulation_;
  Color attacker_;
};

}  // namespace

std::vector<Turn> keys(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Oracle oracle(stipulation, copy.side_to_move());
  std::vector<Turn> out;
  if (oracle.over(copy)) return out;
  for_each_turn(copy, [&](const Turn& turn, Position& after) {
    if (oracle.turn_works(after, stipulation.turns)) out.push_back(turn);
  });
  return out;
}

int shortest_length(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Oracle oracle(stipulation, copy.side_to_move());
  if (oracle.over(copy)) return 0;
  for (int n = 1; n <= stipulation.turns; ++n) {
    if (oracle.attacker_wins(copy, n)) return n;
  }
  return 0;
}

std::vector<Line> help_solutions(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Color attacker = stipulation.attacker_starts ? copy.side_to_move() : ~copy.side_to_move();
  const Oracle oracle(stipulation, attacker);
  std::vector<Line> out;
  Line line;
  if (!oracle.over(copy)) oracle.help(copy, stipulation.turns, line, out);
  return out;
}

}  // namespace dm::search::brute_force
