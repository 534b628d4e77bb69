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

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> result;
  if (depth <= 0) return result;
  MoveList moves;
  generate_legal(pos, moves);
  StateInfo st;
  for (const Move m : moves) {
    pos.do_move(m, st);
    result.emplace_back(m, perft(pos, depth - 1));
    pos.undo_move(m);
  }
  return result;
}

}  // namespace dm
