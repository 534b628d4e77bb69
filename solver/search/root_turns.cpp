#include "solver/search/root_turns.h"

#include "rules/movegen.h"

namespace dm::search {

namespace {

// A turn ends when the side to move changes (its moves used up, a check, a king captured) or
// when the mover has no legal move left (M6).
bool extend(Position& pos, Color mover, Turn& turn, const std::function<bool(const Turn&, Position&)>& visit) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    turn.push_back(m);
    const bool ends = pos.side_to_move() != mover || !has_legal_move(pos);
    const bool go_on = ends ? visit(turn, pos) : extend(pos, mover, turn, visit);
    turn.pop_back();
    pos.undo_move(m);
    if (!go_on) return false;
  }
  return true;
}

}  // namespace

std::vector<RootTurn> enumerate_root_turns(const Position& pos) {
  Position copy = pos;
  std::vector<RootTurn> out;
  for_each_turn(copy, [&](const Turn& turn, Position& after) {
    out.emplace_back(turn, after);
    return true;
  });
  return out;
}

void for_each_turn(Position& pos, const std::function<bool(const Turn&, Position&)>& visit) {
  Turn turn;
  extend(pos, pos.side_to_move(), turn, visit);
}

}  // namespace dm::search
