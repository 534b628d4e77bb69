#pragma once
// The first turns of the side to move: every sequence of its moves up to the end of its turn
// (or up to a position where the game is over), with the position each one leads to. These
// are the solver's key candidates; two turns that reach the same position are different keys.

#include <functional>
#include <utility>
#include <vector>

#include "rules/position.h"
#include "solver/search/problem_terms.h"

namespace dm::search {

struct RootTurn {
  RootTurn() = default;
  // For emplace_back: a position is copied, never moved, so it is best made in its place.
  RootTurn(Turn turn, const Position& position) : moves(std::move(turn)), after(position) {}

  Turn moves;
  Position after;
};

std::vector<RootTurn> enumerate_root_turns(const Position& pos);

// Calls visit(turn, position after it) for every turn of the side to move, in generation
// order, until visit returns false; pos is played on and restored. Cheaper than
// enumerate_root_turns where most calls stop early.
void for_each_turn(Position& pos, const std::function<bool(const Turn&, Position&)>& visit);

}  // namespace dm::search
