#include "rules/perft.h"

#include "rules/movegen.h"

namespace dm {

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  if (depth == 1) return count_legal(pos);
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t nodes = 0;
  StateInfo st;
  for (const Move m : moves) {
    pos.do_move(m, st);
    nodes += perft(pos, depth - 1);
    pos.undo_move(m);
  }
  return nodes;
}

uint64_t perft_turns(Position& pos, int turns) {
  if (turns <= 0) return 1;
  MoveList moves;
  generate_legal(pos, moves);
  const Color mover = pos.side_to_move();
  uint64_t nodes = 0;
  StateInfo st;
  for (const Move m : moves) {
    pos.do_move(m, st);
    nodes += perft_turns(pos, pos.side_to_move() != mover ? turns - 1 : turns);
    pos.undo_move(m);
  }
  return nodes;
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth, PerftUnit unit) {
  std::vector<std::pair<Move, uint64_t>> result;
  if (depth <= 0) return result;
  MoveList moves;
  generate_legal(pos, moves);
  const Color mover = pos.side_to_move();
  StateInfo st;
  for (const Move m : moves) {
    pos.do_move(m, st);
    const uint64_t nodes = unit == PerftUnit::Moves ? perft(pos, depth - 1)
                                                    : perft_turns(pos, pos.side_to_move() != mover ? depth - 1 : depth);
    result.emplace_back(m, nodes);
    pos.undo_move(m);
  }
  return result;
}

}  // namespace dm
