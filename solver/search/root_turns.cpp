#include "solver/search/root_turns.h"

#include "rules/movegen.h"

namespace dm::search {

namespace {

void extend(Position& pos, Color mover, Turn& turn, std::vector<RootTurn>& out) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    turn.push_back(m);
    if (pos.side_to_move() != mover || count_legal(pos) == 0) {
      out.push_back({turn, pos});
    } else {
      extend(pos, mover, turn, out);
    }
    turn.pop_back();
    pos.undo_move(m);
  }
}

}  // namespace

std::vector<RootTurn> enumerate_root_turns(const Position& pos) {
  Position copy = pos;
  Turn turn;
  std::vector<RootTurn> out;
  extend(copy, copy.side_to_move(), turn, out);
  return out;
}

}  // namespace dm::search
