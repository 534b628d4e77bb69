#pragma once
// The turns the tree shows from one position: every turn of the side to move with the
// position it leads to, sorted by UCI, with turns that play the same moves in another order
// and reach the same position merged into one (the first in UCI order stands for them). Also
// the position where the side to move passes a whole turn, which threats and set play read,
// whether the game is over, and the ending mark of a position a turn leads to.

#include <compare>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/search/root_turns.h"
#include "solver/problem/stipulation.h"
#include "solver/tree/solution_tree.h"

namespace dm::tree {

std::vector<search::RootTurn> distinct_turns(const Position& pos);

// The defender's distinct turns from pos as the tree shows them: in reflex play, where some of
// them reach the goal, only those (the defender must play one; stipulation.h).
std::vector<search::RootTurn> defender_turns(const Position& pos, const problem::Stipulation& stipulation);

// The tree's order of turns, by UCI: the indices of `turns` in that order, each turn's name
// made once (a comparison that made them would make two a comparison).
std::vector<size_t> uci_order(const std::vector<search::RootTurn>& turns);
// `turns` in that order, each copied once (a sort would copy their positions at every swap).
std::vector<search::RootTurn> sorted_by_uci(std::vector<search::RootTurn> turns);

// What makes two turns the same for distinct_turns: their moves in any order and the position
// they reach.
struct TurnIdentity {
  uint64_t key = 0;
  std::vector<uint32_t> moves;  // raw, sorted

  auto operator<=>(const TurnIdentity&) const = default;
};
TurnIdentity identity_of(const Turn& turn, const Position& after);

// pos with the other side to move a whole turn and no e.p. rights; nullopt when that side
// would stand in check (a pass is then no legal idea) or the position cannot be set up.
std::optional<Position> passed_position(const Position& pos);

// Whether the game is over in pos: a king lost, or no move for the side to move.
bool game_over(const Position& pos);

// How the game stands after a turn that led to pos: the mark of a finished game or None.
// `attacker` and the goal decide whether a stalemate that wins counts as a win. Outside direct
// play, a stalemate goal that leaves its victim no way through the turn it starts is marked too.
Ending ending_of(const Position& pos, const problem::Stipulation& stipulation, Color attacker);

}  // namespace dm::tree
