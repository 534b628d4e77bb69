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
//   starts at the numbers of initial_numbers.h (from the move count, and in the losing
//   variants the men). Decided children never enter the table; searched
//   nodes store their numbers when the visit ends. One exception: a defender's node before
//   the attacker's last turn, not in check, starts at a fixed pn and is judged on its visit.
// - Move order only changes which proof or disproof is found first: a per-ply killer move
//   is tried first.
// - Each loop re-reads the unsolved children from the table, so a transposition solved
//   elsewhere (by this thread or another) is seen at once.
// - 1+epsilon: the best child may search until its number exceeds the second best by a
//   quarter, which cuts the thrashing between siblings of equal numbers.
// - With a length, (position, turns_left) never repeats on a path (see NodeRules), so no
//   result depends on the path and every proof and disproof may be stored.
// - Without a length (win, lose) positions repeat, and a repetition is no win (docs/rules.md
//   section 8). A child that repeats a position of the current path counts as disproven, but
//   only for this path: a disproof that rests on a repetition of a position above the node
//   (the graph-history interaction, Kishimoto and Mueller 2004) is handed to the parent and
//   never stored; one whose repetitions all return to the node or below it holds from the node
//   whatever the path, and is stored. Proofs never rest on a repetition, so every proof is
//   stored, at the turns it needs: a node proven by a child needs the child's turns, one more
//   when the move ends an attacker turn, so a stored proof is a proof within that many turns
//   (path-independent, and the proof files follow those numbers down without a cycle).
//   Only a position repeated since the last capture or pawn move is looked for on the path.
//   A disproof that holds only on the path is kept for that path (path_disproofs.h), so that
//   df-pn, which comes back to a node along the same path again and again, does not search
//   its subtree anew each time.
// - Several workers may search the same node at once (given BusyMarks): each marks the nodes
//   on its path busy (in a search of N turns, the first plies, where paths meet) and chooses
//   children by their virtual numbers (see busy_marks.h), so the workers spread over the
//   tree; they meet only through the table. When the best child is busy, a worker may search
//   another child beyond its parent's threshold: the thresholds only bound a visit, and every
//   result stays exact.

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/search/core/busy_marks.h"
#include "solver/search/core/path_disproofs.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_number.h"
#include "solver/search/search_control.h"
#include "solver/search/tt.h"

namespace dm::search {

class Dfpn {
 public:
  // busy: the marks shared with the other workers on the same search (nullptr when alone).
  Dfpn(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, BusyMarks* busy = nullptr);
  Dfpn(const Dfpn&) = delete;
  Dfpn& operator=(const Dfpn&) = delete;

  // The value of the node pos with turns_left attacker turns left; Open when the control stops
  // the search or *cancel is raised (another worker has decided the node).
  NodeValue solve(Position& pos, int turns_left, const std::atomic<bool>* cancel = nullptr);
  // The same, but searched from pos's children whatever the table holds for pos itself: for
  // reading back a proof whose node is still in the table when the entries below it have been
  // replaced, where the search finds again the child that proves it, guided by the numbers.
  NodeValue solve_below(Position& pos, int turns_left);

 private:
  // No repetition: a result that holds whatever the path above the node.
  static constexpr int kNoRepetition = INT32_MAX;

  // A node's or a child's numbers, with what a solved value rests on.
  struct Numbers {
    ProofNumber pn = 1;
    ProofNumber dn = 1;
    int need = 0;  // proven: the turns left the proof needs
    int repetition = kNoRepetition;  // disproven: the shallowest ply of the path it repeats

    static Numbers proven(int need) { return {0, kInfinite, need, kNoRepetition}; }
    static Numbers disproven(int repetition = kNoRepetition) { return {kInfinite, 0, 0, repetition}; }
  };
  struct Child {
    Move move;
    int turns;
    uint64_t key;
    bool quiet_before_last_turn;  // left unjudged until visited (see NodeRules::before_last_turn)
    bool ends_attacker_turn;      // a proof below needs one turn more here
    Numbers numbers;
    // Whether the child decides its parent: proven under an OR node, disproven under an AND.
    bool decides(bool or_node) const { return or_node ? numbers.pn == 0 : numbers.dn == 0; }
    // The turns a proof of the parent through this child needs.
    int need_above() const {
      return std::min(numbers.need + int(ends_attacker_turn), kUnboundedTurns);
    }
  };

  Numbers mid(Position& pos, int turns, ProofNumber thpn, ProofNumber thdn, int ply);
  // mid() on the root with no threshold, turned into a value.
  NodeValue search_root(Position& pos, int turns_left);
  // Fills children_[ply]; returns the node's numbers when it is decided without search (it has
  // no move, or a child decides it).
  std::optional<Numbers> expand(Position& pos, int turns, bool or_node, int ply);
  // Sets a child's numbers from NodeRules: decided, or initial numbers from its move count.
  void judge(Position& child_pos, Child& c);
  // The numbers of a node decided by a child (decided_by) or by all of them.
  static Numbers decided_by(const Child& c, bool or_node);
  // Stores a node's result unless it is a disproof that holds only on this path.
  void store(uint64_t key, int turns, const Numbers& n, uint64_t amount, int ply);
  // The ply of the path (at or above `ply`) whose position the child pos repeats, if any.
  std::optional<int> repeated_ply(const Position& child_pos, int ply) const;
  bool interrupted() const {
    return control_.stopped() || (cancel_ && cancel_->load(std::memory_order_relaxed));
  }

  const NodeRules& rules_;
  TranspositionTable& tt_;
  SearchControl& control_;
  BusyMarks* busy_;
  const std::atomic<bool>* cancel_ = nullptr;
  std::vector<std::vector<Child>> children_;  // per ply, reused
  std::vector<uint64_t> path_;                // the key of the node at each ply of the current path
  std::vector<uint64_t> path_keys_;           // the path key (PathDisproofs::extend) of each ply's node
  PathDisproofs path_disproofs_;
  // Per ply, the move that last decided a node there (proved an OR node, disproved an AND
  // node): tried first at its siblings, where it often decides again (the killer heuristic).
  std::vector<Move> killers_;
  NodeCounter nodes_;
};

}  // namespace dm::search
