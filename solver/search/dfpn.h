#pragma once
// Depth-first proof-number search (df-pn, Nagai 2002) for direct and self play, with
// Kishimoto's 1+epsilon threshold trick, over nodes that are single moves.
//
// One Dfpn object is one worker: it owns its move and child buffers and searches one node at a
// time over the shared table. Every result it returns is exact for the node and turns given:
// Proven, Disproven, or Open when the search was stopped (a limit or an interrupt).
//
// Implementation notes:
// - A node is (position, turns_left); OR when the attacker is to move. Children are expanded
//   once per visit: each is played, looked up in the table or else judged by NodeRules, and
//   starts at pn/dn from the move count (an AND child needs every reply proven: pn = its
//   replies; an OR child dn = its moves). Decided children never enter the table; searched
//   nodes store their numbers when the visit ends. One exception: a defender's node before
//   the attacker's last turn, not in check, starts at a fixed pn and is judged on its visit.
// - Move order only changes which proof or disproof is found first: a per-ply killer move
//   is tried first.
// - Each loop re-reads the unsolved children from the table, so a transposition solved
//   elsewhere (by this thread or another) is seen at once.
// - 1+epsilon: the best child may search until its number exceeds the second best by a
//   quarter, which cuts the thrashing between siblings of equal numbers.
// - (position, turns_left) never repeats on a path (see NodeRules), so no result here depends
//   on the path and every proof and disproof may be stored.
// - Several workers may search the same node at once (given BusyMarks): each marks the nodes
//   on its path busy and chooses children by their virtual numbers (see busy_marks.h), so the
//   workers spread over the tree; they meet only through the table. When the best child is
//   busy, a worker may search another child beyond its parent's threshold: the thresholds
//   only bound a visit, and every result stays exact.

#include <atomic>
#include <cstdint>
#include <vector>

#include "rules/position.h"
#include "solver/search/busy_marks.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_number.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class Dfpn {
 public:
  // busy: the marks shared with the other workers on the same search (nullptr when alone).
  Dfpn(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, BusyMarks* busy = nullptr);
  ~Dfpn();
  Dfpn(const Dfpn&) = delete;
  Dfpn& operator=(const Dfpn&) = delete;

  // The value of the node pos with turns_left attacker turns left; Open when the control stops
  // the search or *cancel is raised (another worker has decided the node).
  NodeValue solve(Position& pos, int turns_left, const std::atomic<bool>* cancel = nullptr);

 private:
  struct Child {
    Move move;
    int turns;
    uint64_t key;
    bool quiet_before_last_turn;  // left unjudged until visited (see NodeRules::before_last_turn)
    ProofNumber pn;
    ProofNumber dn;
    // Whether the child decides its parent: proven under an OR node, disproven under an AND.
    bool decides(bool or_node) const { return or_node ? pn == 0 : dn == 0; }
  };
  struct Numbers {
    ProofNumber pn;
    ProofNumber dn;
  };

  Numbers mid(Position& pos, int turns, ProofNumber thpn, ProofNumber thdn, int ply);
  // Fills children_[ply]; returns the node's value when it is decided without search (it has
  // no move, or a child decides it), else Open.
  NodeValue expand(Position& pos, int turns, bool or_node, int ply);
  // Sets a child's numbers from NodeRules: decided, or initial numbers from its move count.
  void judge(Position& child_pos, Child& c);
  void count_node();
  void flush_nodes();
  bool interrupted() const {
    return control_.stopped() || (cancel_ && cancel_->load(std::memory_order_relaxed));
  }

  const NodeRules& rules_;
  TranspositionTable& tt_;
  SearchControl& control_;
  BusyMarks* busy_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::vector<std::vector<Child>> children_;  // per ply, reused
  // Per ply, the move that last decided a node there (proved an OR node, disproved an AND
  // node): tried first at its siblings, where it often decides again (the killer heuristic).
  std::vector<Move> killers_;
  uint64_t nodes_ = 0;
  uint64_t unreported_ = 0;
};

}  // namespace dm::search
