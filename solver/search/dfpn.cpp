#include "solver/search/dfpn.h"

#include <algorithm>

#include "rules/movegen.h"

namespace dm::search {

namespace {

constexpr uint64_t kReportEvery = 1024;

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

// The proof number of a defender's node before the attacker's last turn, not in check, until
// it is visited: its replies are not counted in advance. Most such nodes are disproved, and
// their visit generates the replies anyway; a small number sends the search to quiet attacking
// moves early, which finds quiet keys of the last two turns sooner. Measured on matetrack #5
// problems: 1.5 times fewer cycles than counting the replies (4 did better than 1, 2, 10, 25).
constexpr ProofNumber kQuietBeforeLastTurn = 4;

ProofNumber clamp_count(size_t count) { return ProofNumber(std::clamp<size_t>(count, 1, 1000)); }

}  // namespace

Dfpn::Dfpn(const NodeRules& rules, TranspositionTable& tt, SearchControl& control, BusyMarks* busy)
    : rules_(rules), tt_(tt), control_(control), busy_(busy) {}

Dfpn::~Dfpn() { flush_nodes(); }

void Dfpn::count_node() {
  ++nodes_;
  if (++unreported_ >= kReportEvery) flush_nodes();
}

void Dfpn::flush_nodes() {
  if (unreported_) control_.add_nodes(unreported_);
  unreported_ = 0;
}

NodeValue Dfpn::solve(Position& pos, int turns_left, const std::atomic<bool>* cancel) {
  cancel_ = cancel;
  const TtProbe probe = tt_.probe(pos.key(), turns_left);
  if (probe.found && probe.pn == 0) return NodeValue::Proven;
  if (probe.found && probe.dn == 0) return NodeValue::Disproven;
  uint64_t played = 0;
  const NodeValue value = rules_.evaluate(pos, turns_left, nullptr, &played);
  nodes_ += played;
  unreported_ += played;
  if (value != NodeValue::Open) return value;
  const Numbers result = mid(pos, turns_left, kInfinite, kInfinite, 0);
  flush_nodes();
  if (result.pn == 0) return NodeValue::Proven;
  if (result.dn == 0) return NodeValue::Disproven;
  return NodeValue::Open;
}

NodeValue Dfpn::expand(Position& pos, int turns, bool or_node, int ply) {
  if (children_.size() <= size_t(ply)) {
    children_.resize(size_t(ply) + 1);
    killers_.resize(size_t(ply) + 1);
  }
  std::vector<Child>& children = children_[size_t(ply)];
  children.clear();
  MoveList moves;
  generate_legal(pos, moves);
  // A node its parent did not judge: only a position without moves is decided at once.
  if (moves.empty() || king_lost(pos)) return rules_.evaluate(pos, turns);
  // The killer first: it is judged first, and wins ties in the choice of child.
  Move& killer = killers_[size_t(ply)];
  for (size_t i = 1; i < moves.size(); ++i) {
    if (moves[i] == killer) {
      std::swap(moves[0], moves[i]);
      break;
    }
  }
  const Color mover = pos.side_to_move();
  // A leaf child (see NodeRules::is_leaf) is judged at once, and may decide the node before
  // its siblings are played. Every other child first gets its key, prefetching its cluster;
  // then the table or the rules judge it. The table is far bigger than the caches, so the
  // misses of all children overlap this way.
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const int child_turns = rules_.child_turns(mover, pos, turns);
    Child child{m, child_turns, pos.key(), false, 1, 1};
    if (rules_.is_leaf(pos, child_turns)) {
      count_node();
      judge(pos, child);
      pos.undo_move(m);
      if (child.decides(or_node)) {
        killer = m;
        return or_node ? NodeValue::Proven : NodeValue::Disproven;
      }
    } else {
      child.quiet_before_last_turn = rules_.before_last_turn(pos, child_turns) && !pos.in_check();
      tt_.prefetch(child.key);
      pos.undo_move(m);
    }
    children.push_back(child);
  }
  for (Child& c : children) {
    if (c.pn == 0 || c.dn == 0) continue;  // a leaf, judged above
    count_node();
    const TtProbe probe = tt_.probe(c.key, c.turns);
    if (probe.found) {
      c.pn = probe.pn;
      c.dn = probe.dn;
    } else if (c.quiet_before_last_turn) {
      c.pn = kQuietBeforeLastTurn;  // judged when visited (see the note above)
    } else {
      StateInfo st;
      pos.do_move(c.move, st);
      judge(pos, c);
      pos.undo_move(c.move);
    }
    if (c.decides(or_node)) {
      killer = c.move;
      return or_node ? NodeValue::Proven : NodeValue::Disproven;
    }
  }
  return NodeValue::Open;
}

void Dfpn::judge(Position& child_pos, Child& c) {
  size_t count = 1;
  uint64_t played = 0;
  const NodeValue value = rules_.evaluate(child_pos, c.turns, &count, &played);
  nodes_ += played;
  unreported_ += played;
  if (value == NodeValue::Proven) {
    c.pn = 0;
    c.dn = kInfinite;
  } else if (value == NodeValue::Disproven) {
    c.pn = kInfinite;
    c.dn = 0;
  } else if (rules_.is_or_node(child_pos)) {
    c.dn = clamp_count(count);
  } else {
    c.pn = clamp_count(count);
  }
}

Dfpn::Numbers Dfpn::mid(Position& pos, int turns, ProofNumber thpn, ProofNumber thdn, int ply) {
  const uint64_t nodes_before = nodes_;
  const bool or_node = rules_.is_or_node(pos);
  const BusyGuard busy(busy_, pos.key());
  Numbers n{1, 1};
  const NodeValue value = expand(pos, turns, or_node, ply);
  if (value != NodeValue::Open) {
    n = value == NodeValue::Proven ? Numbers{0, kInfinite} : Numbers{kInfinite, 0};
    tt_.store(pos.key(), turns, n.pn, n.dn, nodes_ - nodes_before);
    return n;
  }
  // children_ may grow below; index it afresh after each descent.
  const auto children = [this, ply]() -> std::vector<Child>& { return children_[size_t(ply)]; };

  for (;;) {
    // Gather: OR nodes take the smallest pn and the sum of dn; AND nodes the reverse.
    size_t best = 0;
    ProofNumber best_value = kInfinite;
    ProofNumber second_value = kInfinite;
    ProofNumber true_best = kInfinite;     // "min" number of the node
    ProofNumber sum_side = 0;              // "sum" number of the node
    std::vector<Child>& list = children();
    for (const Child& c : list) {
      if (c.pn != 0 && c.dn != 0) tt_.prefetch(c.key);
    }
    for (size_t i = 0; i < list.size(); ++i) {
      Child& c = list[i];
      if (c.pn != 0 && c.dn != 0) {
        const TtProbe probe = tt_.probe(c.key, c.turns);
        if (probe.found) {
          c.pn = probe.pn;
          c.dn = probe.dn;
        }
      }
      const ProofNumber number = or_node ? c.pn : c.dn;
      const ProofNumber other = or_node ? c.dn : c.pn;
      sum_side = saturating_add(sum_side, other);
      true_best = std::min(true_best, number);
      const ProofNumber select = busy_ ? busy_->virtual_number(c.key, number) : number;
      if (select < best_value) {
        second_value = best_value;
        best_value = select;
        best = i;
      } else if (select < second_value) {
        second_value = select;
      }
    }
    n = or_node ? Numbers{true_best, sum_side} : Numbers{sum_side, true_best};
    if (n.pn >= thpn || n.dn >= thdn || n.pn == 0 || n.dn == 0 || interrupted()) break;

    const Child c = list[best];
    ProofNumber child_thpn;
    ProofNumber child_thdn;
    if (or_node) {
      child_thpn = at_least_above(std::min(thpn, epsilon_threshold(second_value)), c.pn);
      child_thdn = share(thdn, n.dn, c.dn);
    } else {
      child_thdn = at_least_above(std::min(thdn, epsilon_threshold(second_value)), c.dn);
      child_thpn = share(thpn, n.pn, c.pn);
    }
    StateInfo st;
    pos.do_move(c.move, st);
    const Numbers r = mid(pos, c.turns, child_thpn, child_thdn, ply + 1);
    pos.undo_move(c.move);
    Child& updated = children()[best];
    updated.pn = r.pn;
    updated.dn = r.dn;
    if (updated.decides(or_node)) killers_[size_t(ply)] = updated.move;
  }
  tt_.store(pos.key(), turns, n.pn, n.dn, nodes_ - nodes_before);
  return n;
}

}  // namespace dm::search
