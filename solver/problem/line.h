#pragma once
// Turns and lines of play as the solver reports them: a turn is the moves one side makes
// before the other plays; a line is a sequence of turns. In UCI a turn's moves are joined by
// commas and a line's turns by spaces ("d1h5,h5f7 e7e5").

#include <string>
#include <vector>

#include "rules/game.h"
#include "rules/types.h"

namespace dm::problem {

using dm::Turn;
using Line = std::vector<Turn>;

// A move with the side that made it: a path of these splits into turns.
struct PlayedMove {
  Move move;
  Color mover;
};
using dm::turn_to_uci;
std::string line_to_uci(const Line& line);

}  // namespace dm::problem
