#include "solver/proof/legal_turns.h"

#include <deque>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "solver/proof/fingerprint.h"

// Implementation notes. After a move that leaves the mover to move, the game is over exactly
// when the mover has no legal move: outcome() calls a game over when the side to move has lost
// its king or has no piece left (neither can follow from the mover's own move) or has no legal
// move. So the enumeration and play_turn ask generate_legal once per position and read both the
// end of the turn and the next moves from its list.

namespace dm::proof {

namespace {

// Visits every turn that starts with `turn` (its moves played on pos) and goes on with one of
// `moves`, the legal moves of pos.
void extend_turn(Position& pos, Color mover, const MoveList& moves, std::string& turn, const TurnVisitor& visit) {
  const size_t prefix = turn.size();
  for (const Move m : moves) {
    if (prefix) turn += ',';
    turn += move_to_uci(m);
    StateInfo st;
    pos.do_move(m, st);
    if (pos.side_to_move() != mover) {
      visit(turn, pos);
    } else {
      MoveList next;
      generate_legal(pos, next);
      if (next.empty()) {
        visit(turn, pos);
      } else {
        extend_turn(pos, mover, next, turn, visit);
      }
    }
    pos.undo_move(m);
    turn.resize(prefix);
  }
}

// Why the turn ended before its move `next`: the mover's pos has no legal move or it is the
// other side's turn.
std::string ended_before(const Position& pos, Color mover, std::string_view next) {
  std::string why = "move " + std::string(next) + " comes after the turn ended";
  if (pos.side_to_move() == mover) return why + " (the game is over: " + std::string(outcome(pos).reason) + ")";
  if (pos.in_check()) return why + " (check)";
  if (pos.variant().king_rule == KingRule::Capturable && king_lost(pos)) return why + " (the king was captured)";
  return why + " (its moves were used up)";
}

}  // namespace

void for_each_legal_turn(Position& pos, const TurnVisitor& visit) {
  MoveList moves;
  generate_legal(pos, moves);
  std::string turn;
  extend_turn(pos, pos.side_to_move(), moves, turn, visit);
}

Expected<Position> play_turn(const Position& start, std::string_view turn) {
  using Result = Expected<Position>;
  const Color mover = start.side_to_move();
  Position pos = start;
  std::deque<StateInfo> states;
  MoveList legal;
  generate_legal(pos, legal);
  bool ended = false;
  size_t begin = 0;
  while (true) {
    const size_t comma = turn.find(',', begin);
    const std::string_view text = turn.substr(begin, comma == std::string_view::npos ? turn.npos : comma - begin);
    if (text.empty()) return Result::failure("an empty move in turn '" + std::string(turn) + "'");
    if (ended) return Result::failure(ended_before(pos, mover, text));
    const Move* found = legal.begin();
    while (found != legal.end() && move_to_uci(*found) != text) ++found;
    if (found == legal.end()) return Result::failure("move " + std::string(text) + " is not legal in " + canonical_fen(pos));
    pos.do_move(*found, states.emplace_back());
    legal.resize(0);
    if (pos.side_to_move() != mover) {
      ended = true;
    } else {
      generate_legal(pos, legal);
      ended = legal.empty();
    }
    if (comma == std::string_view::npos) break;
    begin = comma + 1;
  }
  if (!ended) return Result::failure("the turn is not complete: the mover has a move left in " + canonical_fen(pos));
  return pos;
}

}  // namespace dm::proof
