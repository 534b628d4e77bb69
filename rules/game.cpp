#include "rules/game.h"

#include "rules/notation.h"
#include "rules/outcome.h"

namespace dm {

void Game::play(Move m) {
  const Color mover = pos_.side_to_move();
  if (turn_complete_) turns_.emplace_back();
  turns_.back().push_back(m);
  moves_.push_back(m);
  states_.emplace_back();
  pos_.do_move(m, states_.back());
  turn_complete_history_.push_back(turn_complete_);
  turn_complete_ = pos_.side_to_move() != mover;
}

void Game::undo() {
  pos_.undo_move(moves_.back());
  moves_.pop_back();
  states_.pop_back();
  turns_.back().pop_back();
  if (turns_.back().empty()) turns_.pop_back();
  turn_complete_ = turn_complete_history_.back();
  turn_complete_history_.pop_back();
}

std::string turn_to_san(const Position& pos, const Turn& turn) {
  if (turn.size() == 1) return move_to_san(pos, turn.front());  // no game to play it on
  Game game(pos);
  std::string text;
  for (const Move m : turn) {
    // An optional second move passed is left out (E7): "e4", not "e4,--". A first move that
    // checked is a mate where the pass leaves the other side none: "Rg7#", not "Rg7+".
    if (m.kind() == MoveKind::Pass && !text.empty() && pos.variant().later_moves.optional) {
      game.play(m);
      if (text.back() == '+' && outcome(game.position()).reason == "checkmate") text.back() = '#';
      break;
    }
    if (!text.empty()) text += ',';
    text += move_to_san(game.position(), m);
    game.play(m);
  }
  return text;
}

std::string turn_to_uci(const Turn& turn) {
  std::string text;
  for (const Move m : turn) {
    if (!text.empty()) text += ',';
    text += move_to_uci(m);
  }
  return text;
}

}  // namespace dm
