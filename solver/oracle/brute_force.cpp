#include "solver/oracle/brute_force.h"

#include <functional>
#include <optional>
#include <string>

#include "rules/movegen.h"
#include "rules/outcome.h"

namespace dm::oracle {

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

}  // namespace

std::optional<Position> passed(const Position& pos) {
  std::string fen = pos.fen();
  const size_t side = fen.find(' ');
  const size_t ep = fen.find(' ', fen.find(' ', side + 1) + 1);
  if (ep == std::string::npos) return std::nullopt;
  const size_t ep_end = std::min(fen.find(' ', ep + 1), fen.size());
  fen = fen.substr(0, side) + (pos.side_to_move() == Color::White ? " b" : " w") + fen.substr(side + 2, ep - side - 2) +
        " -" + fen.substr(ep_end);
  Position out;
  if (out.set(pos.variant(), fen)) return std::nullopt;
  return out;
}

namespace {

class Oracle {
 public:
  Oracle(const Stipulation& stipulation, Color attacker) : stipulation_(stipulation), attacker_(attacker) {}

  bool over(const Position& pos) const { return outcome(pos).is_over(); }

  // The goal, read from the outcome of a finished game.
  bool goal(const Position& pos) const {
    if (stipulation_.goal == Goal::Win) {
      const Outcome o = outcome(pos);
      if (o.is_over()) return o.score_for(attacker_) == 1;
      // winN: the attacker starts a turn with no way through it, every line a win (L3, L4).
      if (pos.side_to_move() != attacker_ || pos.mid_turn() || pos.moves_left() < 2 || stipulation_.is_proof()) {
        return false;
      }
      Position copy = pos;
      return every_line_ends_inside(copy, attacker_, [&](const Outcome& end) { return end.score_for(attacker_) == 1; });
    }
    return goal_on(pos, stipulation_.attacker_is_victim() ? attacker_ : ~attacker_);
  }

  // Mate or stalemate (as the goal asks) of victim. A stalemate also where victim, at the start of
  // its turn, has no way through it (M6, L4, P3); and in direct play where it ran into one
  // inside its turn, which its defender does only where nothing better is left.
  bool goal_on(const Position& pos, Color victim) const {
    if (pos.side_to_move() != victim) return false;
    const Outcome o = outcome(pos);
    if (!o.is_over()) {
      if (stipulation_.goal != Goal::Stalemate || pos.mid_turn() || pos.moves_left() < 2) return false;
      Position copy = pos;
      return every_line_ends_inside(copy, victim, [](const Outcome& end) { return end.reason == "stalemate"; });
    }
    if (stipulation_.goal == Goal::Mate) return o.reason == "checkmate" || o.reason == "king captured";
    const bool by_choice = pos.mid_turn() && !(stipulation_.play == Play::Direct || stipulation_.play == Play::Series);
    return o.reason == "stalemate" && !by_choice;
  }

  // Whether every line of mover's turn from pos ends the game inside the turn, mover to move,
  // each end passing ends_well (its outcome). Stops at the first line that does not.
  template <class EndsWell>
  bool every_line_ends_inside(Position& pos, Color mover, const EndsWell& ends_well) const {
    const Outcome o = outcome(pos);
    if (o.is_over()) return pos.side_to_move() == mover && ends_well(o);
    if (pos.side_to_move() != mover) return false;
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      const bool ends = every_line_ends_inside(pos, mover, ends_well);
      pos.undo_move(m);
      if (!ends) return false;
    }
    return true;
  }

  // Reflex play: whether the side to move has a turn that reaches the goal on its opponent.
  bool can_finish(Position& pos) const {
    if (stipulation_.play != Play::Reflex) return false;
    const Color victim = ~pos.side_to_move();
    bool found = false;
    for_each_turn(pos, [&](const Turn&, Position& after) { found = found || goal_on(after, victim); });
    return found;
  }

  // The attacker (to move) reaches the goal within n turns.
  bool attacker_wins(Position& pos, int n) const {
    if (can_finish(pos)) return false;  // reflex: it must mate the defender
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
    const bool defender_may_finish = stipulation_.attacker_is_victim() || stipulation_.goal == Goal::Win;
    if (n == 1 && !defender_may_finish) return false;
    return defender_loses(after, n - 1);
  }

  // Every defender turn leads to the goal, with m attacker turns left.
  bool defender_loses(Position& pos, int m) const {
    if (can_finish(pos)) return true;  // reflex: it must mate the attacker
    bool all = true;
    for_each_turn(pos, [&](const Turn&, Position& after) {
      if (!all || goal(after)) return;
      if (over(after) || m == 0 || !attacker_wins(after, m)) all = false;
    });
    return all;
  }

  // Series play: the series mover (to move) has `left` turns to play.
  void series(Position& pos, int left, Line& line, std::vector<Line>& out) const {
    const Color mover = pos.side_to_move();
    for_each_turn(pos, [&](const Turn& turn, Position& after) {
      line.push_back(turn);
      if (left == 1) {
        series_end(after, line, out);
      } else if (may_pass(after)) {
        if (std::optional<Position> next = passed(after); next && next->side_to_move() == mover) {
          series(*next, left - 1, line, out);
        }
      }
      line.pop_back();
    });
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
  // Whether the other side, to move in pos after a series turn that is not the last, may pass:
  // it is not attacked and has its king. Stalemated, it passes all the same (ser-= too): only
  // the position after the last series turn is read for the goal, as in Popeye.
  bool may_pass(const Position& pos) const {
    if (stands_attacked(pos)) return false;
    const Outcome o = outcome(pos);
    return !o.is_over() || o.reason == "stalemate";
  }

  // After the series' last turn: the goal at once (ser-#), the other side's turn that reaches it
  // (ser-h#), or every turn of the other side reaching it (ser-s#, each a line).
  void series_end(Position& after, Line& line, std::vector<Line>& out) const {
    if (stipulation_.play == Play::Series) {
      if (goal(after)) out.push_back(line);
      return;
    }
    if (over(after)) return;
    std::vector<Line> ends;
    bool all = true;
    for_each_turn(after, [&](const Turn& turn, Position& final_pos) {
      line.push_back(turn);
      if (goal(final_pos)) {
        ends.push_back(line);
      } else {
        all = false;
      }
      line.pop_back();
    });
    if (stipulation_.play == Play::SeriesHelp || all) out.insert(out.end(), ends.begin(), ends.end());
  }

  Stipulation stipulation_;
  Color attacker_;
};

}  // namespace

bool stands_attacked(const Position& pos) {
  if (pos.variant().king_rule != KingRule::Capturable) return pos.in_check();
  const std::optional<Position> next = passed(pos);
  if (!next) return true;
  MoveList moves;
  generate_legal(*next, moves);
  for (const Move m : moves) {
    const Piece target = next->piece_on(m.to());
    if (target != Piece::None && type_of(target) == PieceType::King) return true;
  }
  return false;
}

std::vector<Turn> keys(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Oracle oracle(stipulation, copy.side_to_move());
  std::vector<Turn> out;
  if (oracle.over(copy) || oracle.can_finish(copy)) return out;
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

std::vector<Line> series_solutions(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Color mover = copy.side_to_move();
  const Oracle oracle(stipulation, stipulation.play == Play::SeriesHelp ? ~mover : mover);
  std::vector<Line> out;
  Line line;
  for (int length = 1; length <= stipulation.turns && !oracle.over(copy); ++length) oracle.series(copy, length, line, out);
  return out;
}

std::vector<Line> help_solutions(const Position& pos, const Stipulation& stipulation) {
  Position copy = pos;
  const Color attacker = stipulation.attacker_starts ? copy.side_to_move() : ~copy.side_to_move();
  const Oracle oracle(stipulation, attacker);
  std::vector<Line> out;
  Line line;
  for (int length = 1; length <= stipulation.turns && !oracle.over(copy); ++length) oracle.help(copy, length, line, out);
  return out;
}

}  // namespace dm::oracle
