#include "solver/search/proof_reader.h"

#include <deque>

#include "rules/movegen.h"
#include "solver/search/core/dfpn.h"

namespace dm::search {

std::optional<int> ProofReader::proven_within(Position& pos, int within) {
  TtProbe probe = tt_.probe(pos.key(), within);
  if (probe.found && probe.pn == 0) return probe.need;
  // Not in the table: decided by the rules (a finished game, the endgame tables), else
  // searched again.
  int win_turns = within;
  const NodeValue judged = rules_.evaluate(pos, within, nullptr, nullptr, &win_turns);
  if (judged == NodeValue::Proven) return win_turns;
  if (judged == NodeValue::Open) {
    Dfpn dfpn(rules_, tt_, control_);
    if (dfpn.solve(pos, within) != NodeValue::Proven) return std::nullopt;
    probe = tt_.probe(pos.key(), within);
    if (probe.found && probe.pn == 0) return probe.need;
    return within;  // proven, but already replaced in the table
  }
  return std::nullopt;  // only a stopped search or a caller's mistake leaves a proof node unproven
}

std::optional<Move> ProofReader::quickest_proven_move(Position& pos, int turns) const {
  MoveList moves;
  generate_legal(pos, moves);
  const Color mover = pos.side_to_move();
  // The one that needs the fewest turns, since a proof that hurries is smaller (with turns to
  // spare, any proven move would do, and a winner that wanders meets ever new positions).
  // Where the rules know pos's win and its length (the endgame tables), a move that needs no
  // more than that length allows is a quickest, and the first one ends the look: through the
  // tables' endings each child probed may be a table to unpack.
  int known_turns = turns + 1;
  const bool known =
      rules_.evaluate(pos, turns, nullptr, nullptr, &known_turns) == NodeValue::Proven && known_turns <= turns;
  std::optional<Move> quickest;
  int fewest = turns + 1;
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const int child_turns = rules_.child_turns(mover, pos, turns);
    bool quickest_found = false;
    if (child_turns >= 0) {
      const TtProbe probe = tt_.probe(pos.key(), child_turns);
      int need = child_turns;
      const bool proven = (probe.found && probe.pn == 0 && (need = probe.need, true)) ||
                          rules_.evaluate(pos, child_turns, nullptr, nullptr, &need) == NodeValue::Proven;
      if (proven && need < fewest) {
        fewest = need;
        quickest = m;
        quickest_found = known && need <= rules_.child_turns(mover, pos, known_turns);
      }
    }
    pos.undo_move(m);
    if (quickest_found) break;
  }
  return quickest;
}

std::optional<Move> ProofReader::attacker_move(Position& pos, int turns) {
  // First the moves the table or the rules already show proven.
  if (const std::optional<Move> known = quickest_proven_move(pos, turns)) return known;
  // The table has replaced them: the node is searched again from its children, by their
  // numbers, which proves one of them and leaves it in the table. (Searching each move in
  // turn to its end instead spent the whole limit disproving the first losing moves.)
  Dfpn dfpn(rules_, tt_, control_);
  if (dfpn.solve_below(pos, turns) != NodeValue::Proven) return std::nullopt;
  return quickest_proven_move(pos, turns);
}

std::optional<Turn> ProofReader::attacker_turn(Position& pos, int turns) {
  const Color mover = pos.side_to_move();
  Turn turn;
  std::deque<StateInfo> states;  // stable addresses: each state points at the one before
  std::optional<Turn> result;
  int left = turns;
  for (;;) {
    const std::optional<Move> m = attacker_move(pos, left);
    if (!m) break;
    states.emplace_back();
    pos.do_move(*m, states.back());
    turn.push_back(*m);
    left = rules_.child_turns(mover, pos, left);
    if (pos.side_to_move() != mover || !has_legal_move(pos)) {
      result = turn;
      break;
    }
  }
  for (auto it = turn.rbegin(); it != turn.rend(); ++it) pos.undo_move(*it);
  return result;
}

}  // namespace dm::search
