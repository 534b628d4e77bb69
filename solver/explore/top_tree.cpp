#include "solver/explore/top_tree.h"

#include <algorithm>
#include <cassert>

#include "solver/search/root_turns.h"

namespace dm::explore {

namespace {

using search::kInfinite;
using search::ProofNumber;

problem::Stipulation unbounded_win() {
  problem::Stipulation win;
  win.goal = problem::Goal::Win;
  win.turns = problem::kUnboundedTurns;
  return win;
}

Position after_turn(const Position& pos, const Turn& turn) {
  Game game(pos);
  for (const Move m : turn) game.play(m);
  return game.position();
}

}  // namespace

TopTree::TopTree(const Position& root, Color attacker, const Budgets& budgets, const Lookup& lookup)
    : root_position_(root),
      attacker_(attacker),
      win_(unbounded_win()),
      rules_(win_, attacker),
      budgets_{budgets.first, std::max(budgets.first, budgets.most)},
      lookup_(lookup) {
  nodes_.emplace_back();
  nodes_.front().key = root.key();
  nodes_.front().budget = budgets_.first;
  side_to_move_.push_back(root.side_to_move());
  Position pos = root;
  classify(0, pos);
}

Position TopTree::position(uint32_t i) const {
  std::vector<uint32_t> path;
  for (; i != 0; i = nodes_[i].parent) path.push_back(i);
  Position pos = root_position_;
  for (auto it = path.rbegin(); it != path.rend(); ++it) pos = after_turn(pos, nodes_[*it].turn);
  return pos;
}

bool TopTree::repeats_ancestor(uint32_t i) const {
  const uint64_t key = nodes_[i].key;
  for (uint32_t a = i; a != 0;) {
    a = nodes_[a].parent;
    if (nodes_[a].key == key) return true;
  }
  return false;
}

void TopTree::classify(uint32_t i, Position& pos) {
  Node& node = nodes_[i];
  if (i != 0 && repeats_ancestor(i)) {
    node.source = Source::Repetition;
    node.pn = kInfinite;
    node.dn = 0;
    return;
  }
  size_t moves = 1;
  const search::NodeValue value = rules_.evaluate(pos, problem::kUnboundedTurns, &moves);
  if (value != search::NodeValue::Open) {
    node.source = Source::GameOver;
    node.pn = value == search::NodeValue::Proven ? 0 : kInfinite;
    node.dn = value == search::NodeValue::Proven ? kInfinite : 0;
    return;
  }
  if (auto known = lookup_(pos); known && known->status != JobStatus::Open) {
    node.source = Source::Job;
    node.pn = known->status == JobStatus::Proven ? 0 : kInfinite;
    node.dn = known->status == JobStatus::Proven ? kInfinite : 0;
    node.job = std::move(known);
    return;
  }
  const ProofNumber count = ProofNumber(std::max<size_t>(moves, 1));
  node.pn = attacker_to_move(i) ? 1 : count;
  node.dn = attacker_to_move(i) ? count : 1;
}

uint32_t TopTree::most_proving_leaf() const {
  assert(has_free_leaf());
  uint32_t i = 0;
  while (nodes_[i].source == Source::Expanded) {
    const Node& node = nodes_[i];
    // The least proof number where the attacker moves, the least disproof number where the
    // defender does, among the children not decided against that choice. With busy leaves
    // several may tie at infinity, and a decided child must not win the tie.
    const bool by_pn = attacker_to_move(i);
    std::optional<uint32_t> best;
    for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
      if ((by_pn ? nodes_[c].dn : nodes_[c].pn) == 0) continue;
      const ProofNumber value = by_pn ? nodes_[c].pn : nodes_[c].dn;
      if (!best || value < (by_pn ? nodes_[*best].pn : nodes_[*best].dn)) best = c;
    }
    assert(best);
    i = *best;
  }
  return i;
}

void TopTree::mark_busy(uint32_t leaf) {
  assert(nodes_[leaf].source == Source::Leaf && !nodes_[leaf].busy);
  nodes_[leaf].busy = true;
  nodes_[leaf].held_pn = nodes_[leaf].pn;
  nodes_[leaf].held_dn = nodes_[leaf].dn;
  nodes_[leaf].pn = kInfinite;
  nodes_[leaf].dn = kInfinite;
  update_from(leaf);
}

void TopTree::record(uint32_t leaf, const JobRecord& job) {
  assert(nodes_[leaf].source == Source::Leaf);
  Node& leaf_node = nodes_[leaf];
  if (leaf_node.busy) {
    leaf_node.busy = false;
    leaf_node.pn = leaf_node.held_pn;
    leaf_node.dn = leaf_node.held_dn;
  }
  if (job.status == JobStatus::Open && job.budget >= budgets_.most) {
    expand(leaf);
  } else if (job.status == JobStatus::Open) {
    // Run again with twice the budget (the job's may exceed the one asked for: a result of
    // the store), its numbers those its search left where known.
    leaf_node.budget = std::max(leaf_node.budget, std::min(2 * job.budget, budgets_.most));
    if (job.pn != 0 && job.dn != 0 && job.pn != kInfinite && job.dn != kInfinite) {
      leaf_node.pn = job.pn;
      leaf_node.dn = job.dn;
    }
  } else {
    leaf_node.source = Source::Job;
    leaf_node.pn = job.status == JobStatus::Proven ? 0 : kInfinite;
    leaf_node.dn = job.status == JobStatus::Proven ? kInfinite : 0;
    leaf_node.job = job;
  }
  update_from(leaf);
}

void TopTree::expand(uint32_t leaf) {
  Position pos = position(leaf);
  std::vector<std::pair<Turn, Position>> turns;
  search::for_each_turn(pos, [&](const Turn& turn, Position& after) {
    turns.emplace_back(turn, after);
    return true;
  });
  const auto first = uint32_t(nodes_.size());
  nodes_[leaf].source = Source::Expanded;
  nodes_[leaf].first_child = first;
  nodes_[leaf].children = uint32_t(turns.size());
  for (auto& [turn, after] : turns) {
    Node child;
    child.turn = turn;
    child.parent = leaf;
    child.key = after.key();
    child.budget = budgets_.first;
    nodes_.push_back(std::move(child));
    side_to_move_.push_back(after.side_to_move());
    classify(uint32_t(nodes_.size() - 1), after);
  }
}

void TopTree::update_from(uint32_t i) {
  for (;;) {
    Node& node = nodes_[i];
    if (node.source == Source::Expanded) {
      const bool or_node = attacker_to_move(i);
      ProofNumber least = kInfinite;
      ProofNumber sum = 0;
      for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
        least = std::min(least, or_node ? nodes_[c].pn : nodes_[c].dn);
        sum = search::saturating_add(sum, or_node ? nodes_[c].dn : nodes_[c].pn);
      }
      node.pn = or_node ? least : sum;
      node.dn = or_node ? sum : least;
    }
    if (i == 0) return;
    i = node.parent;
  }
}

}  // namespace dm::explore
