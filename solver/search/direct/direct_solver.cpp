#include "solver/search/direct/direct_solver.h"

#include <atomic>
#include <optional>

#include "rules/movegen.h"
#include "solver/search/core/progress_monitor.h"
#include "solver/search/direct/candidate_pool.h"
#include "solver/search/root_turns.h"

namespace dm::search {

namespace {

// Direct and self play.
class DirectSolver {
 public:
  DirectSolver(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
               Workers& workers, SearchControl& control)
      : pos_(pos), rules_(rules), options_(options), tt_(tt), workers_(workers), control_(control) {}

  void run(SolveResult& result) {
    if (king_lost(pos_) || !has_legal_move(pos_) || reflex_refuted()) {
      result.status = SolveStatus::NoSolution;
      return;
    }
    if (!NodeRules::plays_out(pos_)) {
      run_long_turn(result);
      return;
    }
    candidates_ = enumerate_root_turns(pos_);
    verdicts_ = std::vector<std::atomic<NodeValue>>(candidates_.size());
    ProgressMonitor monitor(options_, [this] { return snapshot(); });
    CandidatePool pool(rules_, tt_, control_, workers_);
    pool.decide(questions(all_candidates(), rules_.root_turns()), verdicts_, false);
    std::vector<size_t> keys;
    bool open = false;
    for (size_t i = 0; i < candidates_.size(); ++i) {
      const NodeValue v = verdicts_[i].load();
      if (v == NodeValue::Proven) keys.push_back(i);
      open |= v == NodeValue::Open;
    }
    for (const size_t i : keys) result.keys.push_back(candidates_[i].moves);
    if (!keys.empty()) result.length = shortest_length(pool, keys);
    if (open || control_.stopped()) {
      result.status = SolveStatus::Unknown;
    } else {
      result.status = keys.empty() ? SolveStatus::NoSolution : SolveStatus::Solved;
    }
  }

 private:
  // A first turn longer than the rules play out (a progressive series, P7) is never enumerated:
  // the root is decided as one position, then the keys are read a move at a time, following
  // only the moves whose positions are proven, so that the series are listed only where they
  // work. Each move's position is decided exactly, so the keys are every series that works.
  void run_long_turn(SolveResult& result) {
    const int turns = rules_.root_turns();
    ProgressMonitor monitor(options_, [this, turns] { return root_progress(control_, tt_, pos_.key(), turns); });
    CandidatePool pool(rules_, tt_, control_, workers_);
    if (decide_root(pool, turns) == NodeValue::Proven) {
      Position root = pos_;
      Turn turn;
      collect_keys(pool, root, turns, turn, result.keys);
      result.length = turns;
      for (int shorter = 1; shorter < turns && !control_.stopped(); ++shorter) {
        if (decide_root(pool, shorter) == NodeValue::Proven) {
          result.length = shorter;
          break;
        }
      }
    }
    if (control_.stopped()) {
      result.status = SolveStatus::Unknown;
    } else {
      result.status = result.keys.empty() ? SolveStatus::NoSolution : SolveStatus::Solved;
    }
  }

  NodeValue decide_root(CandidatePool& pool, int turns) {
    const Position root = pos_;
    std::vector<std::atomic<NodeValue>> verdict(1);
    pool.decide({{&root, turns}}, verdict, false);
    return verdict[0].load();
  }

  // Appends to keys every way to end the turn begun by `turn` (pos is after it) that works.
  void collect_keys(CandidatePool& pool, Position& pos, int turns, Turn& turn, std::vector<Turn>& keys) {
    MoveList moves;
    generate_legal(pos, moves);
    const Color mover = pos.side_to_move();
    std::vector<Position> after;
    after.reserve(moves.size());
    std::vector<Candidate> questions;
    questions.reserve(moves.size());
    for (const Move m : moves) {
      StateInfo st;
      pos.do_move(m, st);
      after.push_back(pos);
      pos.undo_move(m);
    }
    for (const Position& a : after) questions.push_back({&a, rules_.child_turns(mover, a, turns)});
    std::vector<std::atomic<NodeValue>> verdicts(moves.size());
    pool.decide(questions, verdicts, false);
    for (size_t i = 0; i < moves.size() && !control_.stopped(); ++i) {
      if (verdicts[i].load() != NodeValue::Proven) continue;
      turn.push_back(moves[i]);
      if (after[i].side_to_move() != mover || !has_legal_move(after[i])) {
        keys.push_back(turn);
      } else {
        collect_keys(pool, after[i], questions[i].turns, turn, keys);
      }
      turn.pop_back();
    }
  }

  // Reflex play: an attacker that can reach the goal at once must, and so fails at the root.
  bool reflex_refuted() const {
    if (rules_.stipulation().play != Play::Reflex) return false;
    Position root = pos_;
    return rules_.evaluate(root, rules_.root_turns()) == NodeValue::Disproven;
  }

  std::vector<size_t> all_candidates() const {
    std::vector<size_t> all(candidates_.size());
    for (size_t i = 0; i < all.size(); ++i) all[i] = i;
    return all;
  }

  // Whether each of the chosen candidates works with `turns` attacker turns from the problem
  // position, as questions for the pool.
  std::vector<Candidate> questions(const std::vector<size_t>& chosen, int turns) const {
    std::vector<Candidate> out;
    for (const size_t i : chosen) {
      const Position& after = candidates_[i].after;
      out.push_back({&after, rules_.child_turns(pos_.side_to_move(), after, turns)});
    }
    return out;
  }

  // The fewest turns with which some key works (each key works with all of them).
  int shortest_length(CandidatePool& pool, const std::vector<size_t>& keys) {
    for (int turns = 1; turns < rules_.root_turns() && !control_.stopped(); ++turns) {
      std::vector<std::atomic<NodeValue>> verdicts(keys.size());
      pool.decide(questions(keys, turns), verdicts, true);
      for (const auto& v : verdicts) {
        if (v.load() == NodeValue::Proven) return turns;
      }
    }
    return rules_.root_turns();
  }

  Progress snapshot() const {
    Progress p;
    p.nodes = control_.nodes();
    p.seconds = control_.elapsed_seconds();
    p.candidates = candidates_.size();
    p.decided = decided_.load(std::memory_order_relaxed);
    // The root is an OR node over its candidates: pn the smallest, dn the sum.
    p.root_pn = kInfinite;
    p.root_dn = 0;
    for (size_t i = 0; i < candidates_.size(); ++i) {
      const NodeValue v = verdicts_[i].load(std::memory_order_relaxed);
      ProofNumber pn = v == NodeValue::Proven ? 0 : kInfinite;
      ProofNumber dn = v == NodeValue::Proven ? kInfinite : 0;
      if (v == NodeValue::Open) {
        const Position& after = candidates_[i].after;
        const TtProbe probe =
            tt_.probe(after.key(), rules_.child_turns(pos_.side_to_move(), after, rules_.root_turns()));
        pn = probe.pn;
        dn = probe.dn;
      }
      p.root_pn = std::min(p.root_pn, pn);
      p.root_dn = saturating_add(p.root_dn, dn);
    }
    return p;
  }

  const Position& pos_;
  const NodeRules& rules_;
  const SolveOptions& options_;
  TranspositionTable& tt_;
  Workers& workers_;
  SearchControl& control_;
  std::vector<RootTurn> candidates_;
  std::vector<std::atomic<NodeValue>> verdicts_;  // Open until decided
  std::atomic<size_t> decided_{0};
};

}  // namespace

void solve_direct(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                  Workers& workers, SearchControl& control, SolveResult& result) {
  DirectSolver(pos, rules, options, tt, workers, control).run(result);
}

}  // namespace dm::search
