#include "solver/search/core/dfpn.h"

#include <algorithm>
#include <limits>

#include "rules/movegen.h"
#include "solver/search/core/initial_numbers.h"

namespace dm::search {

namespace {


// The second best number may be exceeded by a quarter (at least one).
ProofNumber epsilon_threshold(ProofNumber second) {
  if (second >= kLargest) return second;
  return saturating_add(second, std::max<ProofNumber>(1, second / 4));
}

// A child's share of its parent's threshold: th - (total - part), untouched when infinite.
ProofNumber share(ProofNumber threshold, ProofNumber total, ProofNumber part) {
  if (threshold == kInfinite) return kInfinite;
  const uint64_t others = uint64_t(total) - part;
  return others >= threshold ? 1 : ProofNumber(threshold - others);
}

// A threshold that lets the chosen child make progress. Alone, a worker's chosen child is
// always below it; with busy marks, the best child may be another worker's, and the one
// chosen instead may already be at its parent's threshold.
ProofNumber at_least_above(ProofNumber threshold, ProofNumber number) {
  return threshold > number ? threshold : saturating_add(number, 1);
}

// Marks a node busy for the lifetime of a visit (no-op without marks).
class BusyGuard {
 public:
  BusyGuard(BusyMarks* marks, uint64_t key) : marks_(marks), key_(key) {
    if (marks_) marks_->enter(key_);
  }
  ~BusyGuard() {
    if (marks_) marks_->leave(key_);
  }
  BusyGuard(const BusyGuard&) = delete;
  BusyGuard& operator=(const BusyGuard&) = delete;

 private:
  BusyMarks* marks_;
  uint64_t key_;
};

// Busy marks (busy_marks.h) in a search of N turns only on the first plies below a worker's
// root, where the paths of workers on one search meet; deeper, a mark is two atomic writes to a
// line other cores read, for workers that are apart already. On the 16-core device machine
// (matetrack, 16 threads, two rounds in one run): 16.94 and 17.24 s with 4 plies marked, 17.35
// and 18.35 s with every ply, 28.47 and 26.74 s with none. A search without a length (win,
// lose) marks every ply: not measured there, and its long lines meet again by transposition.
constexpr int kMarkedPlies = 4;

int marked_plies(int turns) { return turns == kUnboundedTurns ? std::numeric_limits<int>::max() : kMarkedPlies; }

// Without a length, the summed number of a node stops here. Through transpositions and cycles
// the sums count the same positions again and again and grow without end; a child whose
// number reaches the largest one can never be given a threshold above it, and its parent
// then calls it over and over, for nothing (seen on a knight against a king in losing chess:
// a million visits of one child, no node below). Far below the largest, the cap leaves room
// for every threshold. Measured on 39 of Watkins' leaves (proof_bench.py, 10 s each): 31
// proven without the cap, 33 with it; Nilatac's 1.Nc3 searched alike.
constexpr ProofNumber kSumCeiling = ProofNumber(1) << 28;

// The proof number of a defender's node before the attacker's last turn, not in check, until
// it is visited: its replies are not counted in advance. Most such nodes are disproved, and
// their visit generates the replies anyway; a small number sends the search to quiet attacking
// moves early, which finds quiet keys of the last two turns sooner. Measured on matetrack #5
// problems: 1.5 times fewer cycles than counting the replies (4 did better than 1, 2, 10, 25).
constexpr ProofNumber kQuietBeforeLastTurn = 4;

}  // namespace

Dfpn::Dfpn(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, BusyMarks* busy)
    : rules_(rules), tt_(tt), control_(control), busy_(busy), nodes_(control) {}

NodeValue Dfpn::solve(Position& pos, int turns_left, const std::atomic<bool>* cancel) {
  cancel_ = cancel;
  // With no attacker turn left the rules almost always decide (whether a move mated, the most
  // frequent question of the annotator), and the table holds no such leaf: it is asked after them.
  const auto judged = [&] {
    uint64_t played = 0;
    const NodeValue value = rules_.evaluate(pos, turns_left, nullptr, &played);
    nodes_.add(played);
    return value;
  };
  const bool leaf = turns_left == 0;
  if (const NodeValue value = leaf ? judged() : NodeValue::Open; value != NodeValue::Open) return value;
  const TtProbe probe = tt_.probe(pos.key(), turns_left);
  if (probe.found && probe.pn == 0) return NodeValue::Proven;
  if (probe.found && probe.dn == 0) return NodeValue::Disproven;
  if (const NodeValue value = leaf ? NodeValue::Open : judged(); value != NodeValue::Open) return value;
  return search_root(pos, turns_left);
}

NodeValue Dfpn::solve_below(Position& pos, int turns_left) {
  cancel_ = nullptr;
  if (turns_left == 0) return rules_.evaluate(pos, turns_left);
  return search_root(pos, turns_left);
}

NodeValue Dfpn::search_root(Position& pos, int turns_left) {
  const Numbers result = mid(pos, turns_left, kInfinite, kInfinite, 0);
  nodes_.flush();
  if (result.pn == 0) return NodeValue::Proven;
  if (result.dn == 0) return NodeValue::Disproven;
  return NodeValue::Open;
}

std::optional<int> Dfpn::repeated_ply(const Position& child_pos, int ply) const {
  // Only the positions since the last capture or pawn move can come back.
  const int oldest = std::max(0, ply + 1 - child_pos.rule50());
  for (int p = ply; p >= oldest; --p) {
    if (path_[size_t(p)] == child_pos.key()) return p;
  }
  return std::nullopt;
}

Dfpn::Numbers Dfpn::decided_by(const Child& c, bool or_node) {
  if (or_node == (c.numbers.pn == 0)) {
    // An OR node proven by a child, or an AND node disproven by one.
    return or_node ? Numbers::proven(c.need_above()) : Numbers::disproven(c.numbers.repetition);
  }
  return c.numbers;
}

std::optional<Dfpn::Numbers> Dfpn::expand(Position& pos, int turns, bool or_node, int ply) {
  if (children_.size() <= size_t(ply)) {
    children_.resize(size_t(ply) + 1);
    killers_.resize(size_t(ply) + 1);
  }
  std::vector<Child>& children = children_[size_t(ply)];
  children.clear();
  MoveList moves;
  generate_legal(pos, moves);
  // A node its parent did not judge: only a position without moves is decided at once.
  if (moves.empty() || king_lost(pos)) {
    return rules_.evaluate(pos, turns) == NodeValue::Proven ? Numbers::proven(0) : Numbers::disproven();
  }
  // The killer first: it is judged first, and wins ties in the choice of child.
  Move& killer = killers_[size_t(ply)];
  for (size_t i = 1; i < moves.size(); ++i) {
    if (moves[i] == killer) {
      std::swap(moves[0], moves[i]);
      break;
    }
  }
  const Color mover = pos.side_to_move();
  const bool unbounded = turns == kUnboundedTurns;
  // A leaf child (see NodeRules::is_leaf) is judged at once, and may decide the node before
  // its siblings are played. Every other child first gets its key, prefetching its cluster;
  // then the table or the rules judge it. The table is far bigger than the caches, so the
  // misses of all children overlap this way. Without a length, a child that repeats the path
  // is decided here: no win on this path.
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const int child_turns = rules_.child_turns(mover, pos, turns);
    Child child{m, child_turns, pos.key(), false, rules_.ends_attacker_turn(mover, pos), {}};
    const std::optional<int> repeated = unbounded ? repeated_ply(pos, ply) : std::nullopt;
    if (repeated) {
      child.numbers = Numbers::disproven(*repeated);
      pos.undo_move(m);
    } else if (rules_.is_leaf(pos, child_turns)) {
      nodes_.count();
      judge(pos, child);
      pos.undo_move(m);
    } else {
      child.quiet_before_last_turn = rules_.before_last_turn(pos, child_turns) && !pos.in_check();
      tt_.prefetch(child.key);
      pos.undo_move(m);
    }
    if (child.decides(or_node)) {
      killer = m;
      return decided_by(child, or_node);
    }
    children.push_back(child);
  }
  for (Child& c : children) {
    if (c.numbers.pn == 0 || c.numbers.dn == 0) continue;  // a leaf or a repetition, judged above
    nodes_.count();
    if (unbounded) {
      if (const std::optional<int> repetition = path_disproofs_.find(PathDisproofs::extend(path_keys_[size_t(ply)], c.key))) {
        c.numbers = Numbers::disproven(*repetition);
        if (!or_node) {
          killer = c.move;
          return decided_by(c, or_node);
        }
        continue;
      }
    }
    const TtProbe probe = tt_.probe(c.key, c.turns);
    if (probe.found) {
      c.numbers = {probe.pn, probe.dn, probe.need, kNoRepetition};
    } else if (c.quiet_before_last_turn) {
      c.numbers.pn = kQuietBeforeLastTurn;  // judged when visited (see the note above)
    } else {
      StateInfo st;
      pos.do_move(c.move, st);
      judge(pos, c);
      pos.undo_move(c.move);
    }
    if (c.decides(or_node)) {
      killer = c.move;
      return decided_by(c, or_node);
    }
  }
  return std::nullopt;
}

void Dfpn::judge(Position& child_pos, Child& c) {
  size_t count = 1;
  uint64_t played = 0;
  int win_turns = 0;
  const NodeValue value = rules_.evaluate(child_pos, c.turns, &count, &played, &win_turns);
  nodes_.add(played);
  if (value == NodeValue::Proven) {
    // Without a length, a finished game or a win the tables know, with the turns it takes;
    // with one, the turns given.
    c.numbers = Numbers::proven(c.turns == kUnboundedTurns ? win_turns : c.turns);
  } else if (value == NodeValue::Disproven) {
    c.numbers = Numbers::disproven();
  } else {
    const InitialNumbers start = initial_numbers(child_pos, rules_.attacker(), rules_.is_or_node(child_pos), count);
    c.numbers.pn = start.pn;
    c.numbers.dn = start.dn;
  }
}

void Dfpn::store(uint64_t key, int turns, const Numbers& n, uint64_t amount, int ply) {
  if (n.pn == 0) {
    // Bounded searches keep their proofs at the turns searched, as they always have.
    tt_.store(key, turns == kUnboundedTurns ? n.need : turns, 0, kInfinite, amount);
  } else if (n.dn != 0 || n.repetition >= ply) {
    tt_.store(key, turns, n.pn, n.dn, amount);
  } else {
    path_disproofs_.add(path_keys_[size_t(ply)], n.repetition);  // holds on this path only
  }
}

Dfpn::Numbers Dfpn::mid(Position& pos, int turns, ProofNumber thpn, ProofNumber thdn, int ply) {
  const uint64_t nodes_before = nodes_.total();
  const bool or_node = rules_.is_or_node(pos);
  const int marked = marked_plies(turns);
  const BusyGuard busy(ply < marked ? busy_ : nullptr, pos.key());
  if (path_.size() <= size_t(ply)) {
    path_.resize(size_t(ply) + 1);
    path_keys_.resize(size_t(ply) + 1);
  }
  path_[size_t(ply)] = pos.key();
  path_keys_[size_t(ply)] = PathDisproofs::extend(ply ? path_keys_[size_t(ply) - 1] : 0, pos.key());
  // A disproof that repeats this node or a position below it holds from here on any path.
  const auto for_parent = [ply](Numbers n) {
    if (n.dn == 0 && n.repetition >= ply) n.repetition = kNoRepetition;
    return n;
  };
  if (const std::optional<Numbers> decided = expand(pos, turns, or_node, ply)) {
    store(pos.key(), turns, *decided, nodes_.total() - nodes_before, ply);
    return for_parent(*decided);
  }
  const bool unbounded = turns == kUnboundedTurns;
  // children_ may grow below; index it afresh after each descent.
  const auto children = [this, ply]() -> std::vector<Child>& { return children_[size_t(ply)]; };

  Numbers n;
  for (;;) {
    // Gather: OR nodes take the smallest pn and the sum of dn; AND nodes the reverse.
    size_t best = 0;
    ProofNumber best_value = kInfinite;
    ProofNumber second_value = kInfinite;
    ProofNumber true_best = kInfinite;     // "min" number of the node
    ProofNumber sum_side = 0;              // "sum" number of the node
    int need = or_node ? kUnboundedTurns : 0;  // of a proof: the best child's (OR), the worst (AND)
    int repetition = or_node ? kNoRepetition : 0;  // of a disproof: likewise
    std::vector<Child>& list = children();
    for (const Child& c : list) {
      if (c.numbers.pn != 0 && c.numbers.dn != 0) tt_.prefetch(c.key);
    }
    for (size_t i = 0; i < list.size(); ++i) {
      Child& c = list[i];
      if (c.numbers.pn != 0 && c.numbers.dn != 0) {
        const TtProbe probe = tt_.probe(c.key, c.turns);
        if (probe.found) c.numbers = {probe.pn, probe.dn, probe.need, kNoRepetition};
      }
      const ProofNumber number = or_node ? c.numbers.pn : c.numbers.dn;
      const ProofNumber other = or_node ? c.numbers.dn : c.numbers.pn;
      sum_side = saturating_add(sum_side, other);
      true_best = std::min(true_best, number);
      if (c.numbers.pn == 0) need = or_node ? std::min(need, c.need_above()) : std::max(need, c.need_above());
      if (c.numbers.dn == 0) {
        repetition = or_node ? std::min(repetition, c.numbers.repetition) : std::max(repetition, c.numbers.repetition);
      }
      const ProofNumber select = busy_ && ply + 1 < marked ? busy_->virtual_number(c.key, number) : number;
      if (select < best_value) {
        second_value = best_value;
        best_value = select;
        best = i;
      } else if (select < second_value) {
        second_value = select;
      }
    }
    if (unbounded && sum_side < kInfinite) sum_side = std::min(sum_side, kSumCeiling);
    n = or_node ? Numbers{true_best, sum_side, need, repetition} : Numbers{sum_side, true_best, need, repetition};
    if (n.pn >= thpn || n.dn >= thdn || n.pn == 0 || n.dn == 0 || interrupted()) break;

    const Child c = list[best];
    ProofNumber child_thpn;
    ProofNumber child_thdn;
    if (or_node) {
      child_thpn = at_least_above(std::min(thpn, epsilon_threshold(second_value)), c.numbers.pn);
      child_thdn = share(thdn, n.dn, c.numbers.dn);
    } else {
      child_thdn = at_least_above(std::min(thdn, epsilon_threshold(second_value)), c.numbers.dn);
      child_thpn = share(thpn, n.pn, c.numbers.pn);
    }
    StateInfo st;
    pos.do_move(c.move, st);
    const Numbers r = mid(pos, c.turns, child_thpn, child_thdn, ply + 1);
    pos.undo_move(c.move);
    Child& updated = children()[best];
    updated.numbers = r;
    if (updated.decides(or_node)) killers_[size_t(ply)] = updated.move;
  }
  store(pos.key(), turns, n, nodes_.total() - nodes_before, ply);
  return for_parent(n);
}

}  // namespace dm::search
