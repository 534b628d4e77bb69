#pragma once
// Whole turns as the proof checker plays them, with the rules engine's legal moves alone
// (generate_legal and do_move): every legal turn of the side to move, and one turn written in
// UCI played and judged. A turn ends when the side to move changes (its moves are used up, a
// check ended it, a king was captured) or when the game is over after a move (its mover has no
// legal move left, docs/rules.md M6); a move after that is no part of it.

#include <functional>
#include <string>
#include <string_view>

#include "rules/expected.h"
#include "rules/position.h"

namespace dm::proof {

// Calls visit(turn, reached) for every legal turn of the side to move of pos, turn in UCI with
// the moves joined by commas ("e2e3,d2d4"). pos is played on and left as it was.
using TurnVisitor = std::function<void(std::string_view turn, const Position& reached)>;
void for_each_legal_turn(Position& pos, const TurnVisitor& visit);

// The position that the turn written in UCI reaches from start, or why it is not a legal
// complete turn there (an unknown or illegal move, a move after the turn ended, a turn cut short).
Expected<Position> play_turn(const Position& start, std::string_view turn);

}  // namespace dm::proof
