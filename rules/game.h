#pragma once
// A game: a position and the moves played from it, grouped into turns, owning the StateInfo of
// every move so the moves can be undone. What replay, the solver's lines and tests use to play
// whole turns without managing state chains by hand.

#include <deque>
#include <vector>

#include "rules/position.h"

namespace dm {

using Turn = std::vector<Move>;

class Game {
 public:
  explicit Game(const Position& start) : pos_(start) {}

  const Position& position() const { return pos_; }
  // Plays a legal move; a new turn starts in turns() when the previous one has ended.
  void play(Move m);
  void undo();
  const std::vector<Turn>& turns() const { return turns_; }
  // The last turn has ended: the side to move changed (also after a check or a king capture).
  bool turn_complete() const { return turn_complete_; }

 private:
  Position pos_;
  std::deque<StateInfo> states_;
  std::vector<Move> moves_;
  std::vector<Turn> turns_;
  std::vector<bool> turn_complete_history_;
  bool turn_complete_ = true;
};

// Text of a turn: SAN moves joined by commas ("Na5,Bd3"), or UCI ("b3a5,f1d3"); pos is the
// position before the turn. SAN leaves out an optional second move that was passed (Extra
// Move, E7); UCI writes every move, a pass as 0000.
std::string turn_to_san(const Position& pos, const Turn& turn);
std::string turn_to_uci(const Turn& turn);

}  // namespace dm
