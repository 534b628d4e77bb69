#pragma once
// Lines of turns written in UCI, as proof files and the explore store keep them ("d7d6,b7b5"),
// replayed from a position and written in SAN with move numbers as PGN numbers them:
// "1...d6,b5 2.Bb5,Qd7 Kxd7,e5 3.Qxf7". The moves are checked against the legal moves as they
// are replayed, so a line that does not fit the position is an error, never a wrong text.

#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/game.h"
#include "rules/position.h"

namespace dm::report {

// The turn written in UCI (moves joined by commas), each move legal where it is played.
Expected<Turn> turn_from_uci(const Position& pos, std::string_view uci);

// The number written before a turn played in pos: "2." for White, "2..." for Black.
std::string move_number(const Position& pos);

// SAN of the turns from start, numbered: White's turns, and the first turn, carry their number.
Expected<std::string> san_line(const Position& start, const std::vector<std::string>& uci_turns);

// The turns of a line written as UCI turns separated by spaces.
std::vector<std::string> split_turns(std::string_view line);

}  // namespace dm::report
