#pragma once
// Perft: the number of move sequences of a given length from a position, the standard check of
// a move generator against published tables and independent implementations. Depth counts
// single moves; a turn of two moves is two plies.

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace dm {

uint64_t perft(Position& pos, int depth);

// The perft of each legal move at depth - 1, in generation order.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace dm
