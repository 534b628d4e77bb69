#pragma once
// The outcome of a position under its variant's rules: who has won, or a draw, and why, or
// nothing yet. Terminal rules are data in Variant (stalemate value, king rule, losing-chess
// options); this is the one place that reads them together.

#include <string_view>

#include "rules/position.h"

namespace dm {

enum class GameResult : uint8_t { Ongoing, WhiteWins, BlackWins, Draw };

struct Outcome {
  GameResult result = GameResult::Ongoing;
  std::string_view reason;  // "checkmate", "stalemate", "king captured", "no pieces"; empty if ongoing

  bool is_over() const { return result != GameResult::Ongoing; }
  // The result for side c: +1 win, 0 draw, -1 loss. The game must be over.
  int score_for(Color c) const;
};

Outcome outcome(const Position& pos);

std::string_view result_text(GameResult r);  // "1-0", "0-1", "1/2-1/2", "*"

}  // namespace dm
