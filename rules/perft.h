#pragma once
// Perft: the number of move sequences of a given length from a position, the standard check of
// a move generator against published tables and independent implementations. Depth counts
// single moves (a turn of two moves is two plies) unless counted by turns.

#include <cstdint>
#include <utility>
#include <vector>

#include "rules/position.h"

namespace dm {

// The deepest count the command takes, in moves or turns: perft recurses once per move, so its
// stack grows with the depth, and no count this deep ever ends from a position with moves.
constexpr int kMaxPerftDepth = 64;

uint64_t perft(Position& pos, int depth);

// Perft by turns: the number of sequences of `turns` whole turns (a turn that check or a king
// capture ends early counts as a turn).
uint64_t perft_turns(Position& pos, int turns);

enum class PerftUnit : uint8_t { Moves, Turns };

// The count below each legal move, in generation order; their sum is the perft of pos.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth, PerftUnit unit);

}  // namespace dm
