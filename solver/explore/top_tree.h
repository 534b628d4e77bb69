#pragma once
// The top tree of one question of the explore (job-level proof-number search, Wu et al.): does
// the attacker force its win from the root position? Its nodes are positions at the start of
// a turn; its leaves are jobs for the solver (job_runner.h). The tree keeps the proof and
// disproof numbers of its nodes (an attacker node's proof number is its children's least, its
// disproof number their sum; the other way round where the defender moves) and hands out the
// most-proving leaf: from the root, the child with the least proof number where the attacker
// moves, the least disproof number where the defender moves.
//
// Each leaf has a budget, the nodes of its next job: the first budget for a new leaf, doubled
// each time its job spends it undecided, so that a leaf, the root first of all, is an iterated
// solve whose total work is at most twice its last job's. A leaf whose job proves or disproves
// it is decided; one whose job spends the most budget undecided (a search that large fills the
// table, and splitting it pays) is expanded: every turn of its side to move becomes a child, a
// new leaf. A leaf that stays open takes the numbers its job's search left at its root (PN²),
// where known. A new leaf starts decided where the game is over in it, or where it repeats a
// position on its way from the root (a repetition is never a win: it is disproven there, and
// only there, so a disproof resting on it is never stored, docs/rules.md section 8); otherwise its
// numbers count its moves (1 and the moves where the attacker moves, the moves and 1 where the
// defender does: fewer moves, nearer its end), until a job decides it.
//
// Nodes are never shared: a position reached twice is two nodes, and the store (job_store.h)
// answers for the second what a job proved for the first.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "rules/game.h"
#include "rules/position.h"
#include "solver/explore/job_store.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_number.h"

namespace dm::explore {

class TopTree {
 public:
  // How a node got its value.
  enum class Source : uint8_t {
    Leaf,        // no job has decided it yet
    GameOver,    // the game is over in it
    Repetition,  // it repeats a position on its path: disproven there
    Job,         // a job (or the store) decided it; job holds what it found
    Expanded,    // its children decide it
  };

  struct Node {
    Turn turn;  // the turn from the parent (empty at the root)
    uint32_t parent = 0;
    uint32_t first_child = 0;  // children are consecutive
    uint32_t children = 0;
    uint64_t key = 0;  // the position's hash key, for repetitions
    search::ProofNumber pn = 1;
    search::ProofNumber dn = 1;
    Source source = Source::Leaf;
    bool busy = false;             // a leaf whose job is running (mark_busy)
    uint64_t budget = 0;           // a leaf: the nodes of its next job
    search::ProofNumber held_pn = 1;  // a busy leaf: its numbers before (mark_busy)
    search::ProofNumber held_dn = 1;
    std::optional<JobRecord> job;  // Source::Job
  };

  // The budgets of the leaves' jobs: a new leaf's, and the one above which it is expanded.
  struct Budgets {
    uint64_t first = 1;
    uint64_t most = 1;  // at least first
  };

  // The store's answer for a new leaf: a proof or disproof already known.
  using Lookup = std::function<std::optional<JobRecord>(const Position&)>;

  TopTree(const Position& root, Color attacker, const Budgets& budgets, const Lookup& lookup);

  Color attacker() const { return attacker_; }
  const Node& node(uint32_t i) const { return nodes_[i]; }
  const Node& root() const { return nodes_.front(); }
  size_t size() const { return nodes_.size(); }
  bool decided() const { return root().pn == 0 || root().dn == 0; }
  bool proven() const { return root().pn == 0; }
  bool attacker_to_move(uint32_t i) const { return side_to_move_[i] == attacker_; }
  // The position of node i, played from the root.
  Position position(uint32_t i) const;

  // The most-proving leaf (has_free_leaf()).
  uint32_t most_proving_leaf() const;
  // The budget of leaf's next job.
  uint64_t budget(uint32_t leaf) const { return nodes_[leaf].budget; }
  // Several jobs at once (explorer.h, with a job pool): a leaf whose job is running counts as
  // neither provable nor disprovable (both numbers infinite, the virtual numbers of job-level
  // proof-number search), so the next most-proving leaf is another one; its job's record()
  // gives it its real numbers.
  void mark_busy(uint32_t leaf);
  // Whether a leaf is left that is not busy, along the most-proving path (the tree is not
  // decided, and the numbers that choose that path are finite).
  bool has_free_leaf() const {
    return !decided() && (attacker_to_move(0) ? root().pn : root().dn) < search::kInfinite;
  }
  // A job decided leaf i, or spent its budget: then the leaf's next budget is twice the job's,
  // or, where the job had the most budget, the leaf is expanded. The numbers above it are
  // brought up to date.
  void record(uint32_t leaf, const JobRecord& job);

 private:
  void expand(uint32_t leaf);
  // A new node's value where it is known without a job.
  void classify(uint32_t i, Position& pos);
  void update_from(uint32_t i);
  bool repeats_ancestor(uint32_t i) const;

  Position root_position_;
  Color attacker_;
  problem::Stipulation win_;
  search::NodeRules rules_;
  Budgets budgets_;
  Lookup lookup_;
  std::vector<Node> nodes_;
  std::vector<Color> side_to_move_;  // of each node's position
};

}  // namespace dm::explore
