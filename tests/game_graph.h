#pragma once
// The oracle of the proof stipulations (win, lose, loseN) for small games: every position
// reachable from a root, move by move, and for each side the fewest of its turns within which it
// forces a win from the root, by backward induction over that graph. It shares nothing with the
// solver: no df-pn, no table, no NodeRules and no repetition bookkeeping; the game's end and its
// winner come from the rules engine's outcome().
//
// A repetition is no win (docs/rules.md section 8), and on a finite graph that is what backward
// induction computes: a side forces a win exactly when it can make every line end in a won
// game, and a strategy that always lowers the turns left never repeats a position; where it
// cannot, the other side can keep every line unwon, and on a finite graph such a line repeats.
//
// Implementation notes: positions are told apart by their key. A side's turn counts when it
// ends, that is when the side to move changes or the game ends after one of its moves. The
// turns are found by value iteration from "not won" (every cycle holds a whole turn of each
// side, so the iteration settles on the exact minimax number): a node of the winner takes the
// least of its children (plus one where the move ends its turn), a node of the loser the
// greatest.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "rules/position.h"

namespace dm::test {

class GameGraph {
 public:
  // Every position reachable from root, or nullopt when there are more than max_positions.
  static std::optional<GameGraph> explore(const Position& root, size_t max_positions);

  size_t size() const { return nodes_.size(); }
  // The fewest turns of `winner` within which it forces a win from the root whatever the other
  // side does (0: the game is over and won); nullopt when it cannot force one at all.
  std::optional<int> win_turns(Color winner) const { return turns_to_win(winner)[0]; }
  // The same for every node, by index (the root is 0).
  std::vector<std::optional<int>> turns_to_win(Color winner) const;
  // The index of the node of the position with this key, if the graph reached it.
  std::optional<uint32_t> node_of(uint64_t key) const;
  // Whether some position of the graph is a finished game won by `winner`.
  bool can_end_won(Color winner) const;

 private:
  struct Edge {
    uint32_t child;
    bool ends_turn;  // the move ends its mover's turn (the side changes, or the game ends)
  };
  struct Node {
    Color side = Color::White;
    bool over = false;
    std::optional<Color> winner;  // of a finished game; nullopt: a draw (or not over)
    std::vector<Edge> edges;
  };

  std::vector<Node> nodes_;  // the root is node 0
  std::unordered_map<uint64_t, uint32_t> index_of_;  // by position key
};

}  // namespace dm::test
