#include "game_graph.h"

#include <algorithm>
#include <deque>
#include <limits>

#include "rules/movegen.h"
#include "rules/outcome.h"

namespace dm::test {

namespace {

constexpr int kNotWon = std::numeric_limits<int>::max();

}  // namespace

std::optional<GameGraph> GameGraph::explore(const Position& root, size_t max_positions) {
  GameGraph graph;
  std::unordered_map<uint64_t, uint32_t>& index_of = graph.index_of_;
  std::deque<Position> frontier;  // positions found and not yet expanded, in the order of their index
  const auto add = [&](const Position& pos) {
    const auto [it, added] = index_of.emplace(pos.key(), uint32_t(graph.nodes_.size()));
    if (added) {
      Node node;
      node.side = pos.side_to_move();
      const Outcome o = outcome(pos);
      node.over = o.is_over();
      if (o.result == GameResult::WhiteWins) node.winner = Color::White;
      if (o.result == GameResult::BlackWins) node.winner = Color::Black;
      graph.nodes_.push_back(std::move(node));
      if (!graph.nodes_.back().over) frontier.push_back(pos);
    }
    return it->second;
  };
  add(root);
  for (uint32_t next = 0; !frontier.empty(); ++next) {
    if (graph.nodes_.size() > max_positions) return std::nullopt;
    while (graph.nodes_[next].over) ++next;  // finished games were never queued
    Position pos = std::move(frontier.front());
    frontier.pop_front();
    MoveList moves;
    generate_legal(pos, moves);
    std::vector<Edge> edges;
    for (const Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      const uint32_t child = add(Position(pos));
      const bool ends_turn = pos.side_to_move() != graph.nodes_[next].side || graph.nodes_[child].over;
      pos.undo_move(m);
      edges.push_back({child, ends_turn});
    }
    graph.nodes_[next].edges = std::move(edges);
  }
  return graph;
}

std::optional<uint32_t> GameGraph::node_of(uint64_t key) const {
  const auto it = index_of_.find(key);
  if (it == index_of_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::optional<int>> GameGraph::turns_to_win(Color winner) const {
  std::vector<std::vector<uint32_t>> parents(nodes_.size());
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    for (const Edge& e : nodes_[i].edges) parents[e.child].push_back(i);
  }
  std::vector<int> turns(nodes_.size(), kNotWon);
  std::deque<uint32_t> work;
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    if (nodes_[i].over && nodes_[i].winner == winner) {
      turns[i] = 0;
      work.insert(work.end(), parents[i].begin(), parents[i].end());
    }
  }
  // Values only fall, from "not won" to the exact number; a node is looked at again whenever one
  // of its children falls.
  while (!work.empty()) {
    const uint32_t i = work.front();
    work.pop_front();
    const Node& node = nodes_[i];
    const bool winner_moves = node.side == winner;
    int value = winner_moves ? kNotWon : 0;
    for (const Edge& e : node.edges) {
      const int below = turns[e.child];
      const int through = below == kNotWon ? kNotWon : below + int(winner_moves && e.ends_turn);
      value = winner_moves ? std::min(value, through) : std::max(value, through);
    }
    if (value < turns[i]) {
      turns[i] = value;
      work.insert(work.end(), parents[i].begin(), parents[i].end());
    }
  }
  std::vector<std::optional<int>> out(nodes_.size());
  for (size_t i = 0; i < nodes_.size(); ++i) {
    if (turns[i] != kNotWon) out[i] = turns[i];
  }
  return out;
}

bool GameGraph::can_end_won(Color winner) const {
  return std::any_of(nodes_.begin(), nodes_.end(), [&](const Node& n) { return n.over && n.winner == winner; });
}

}  // namespace dm::test
