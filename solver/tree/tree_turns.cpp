#include "solver/tree/tree_turns.h"

#include <algorithm>
#include <set>
#include <string>

#include "rules/movegen.h"
#include "rules/outcome.h"
#include "solver/search/node_rules.h"

namespace dm::tree {

TurnIdentity identity_of(const Turn& turn, const Position& after) {
  TurnIdentity id{after.key(), {}};
  for (const Move m : turn) id.moves.push_back(m.raw());
  std::sort(id.moves.begin(), id.moves.end());
  return id;
}

std::vector<size_t> uci_order(const std::vector<search::RootTurn>& turns) {
  std::vector<std::string> names(turns.size());
  for (size_t i = 0; i < turns.size(); ++i) names[i] = turn_to_uci(turns[i].moves);
  std::vector<size_t> order(turns.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return names[a] < names[b]; });
  return order;
}

std::vector<search::RootTurn> sorted_by_uci(std::vector<search::RootTurn> turns) {
  std::vector<search::RootTurn> out;
  out.reserve(turns.size());  // a position is copied, not moved: no copies on growing
  for (const size_t i : uci_order(turns)) out.push_back(std::move(turns[i]));
  return out;
}

std::vector<search::RootTurn> distinct_turns(const Position& pos) {
  std::vector<search::RootTurn> all = search::enumerate_root_turns(pos);
  std::vector<search::RootTurn> out;
  out.reserve(all.size());  // a position is copied, not moved: no copies on growing
  std::set<TurnIdentity> seen;
  for (const size_t i : uci_order(all)) {
    if (seen.insert(identity_of(all[i].moves, all[i].after)).second) out.push_back(std::move(all[i]));
  }
  return out;
}

std::vector<search::RootTurn> defender_turns(const Position& pos, const problem::Stipulation& stipulation) {
  std::vector<search::RootTurn> turns = distinct_turns(pos);
  if (stipulation.play != problem::Play::Reflex) return turns;
  std::vector<search::RootTurn> forced;
  for (search::RootTurn& t : turns) {
    const Ending e = ending_of(t.after, stipulation, ~pos.side_to_move());  // the attacker moves next
    // A stalemate of the attacker's, not one the defender runs into inside its own turn (M6).
    const bool goal = stipulation.goal == problem::Goal::Mate
                          ? e == Ending::Mate || e == Ending::KingCapture
                          : e == Ending::Stalemate && t.after.side_to_move() != pos.side_to_move();
    if (goal) forced.push_back(t);
  }
  return forced.empty() ? turns : forced;
}

std::optional<Position> passed_position(const Position& pos) {
  std::string fen = pos.fen();
  std::vector<std::string> fields;
  size_t start = 0;
  while (start <= fen.size()) {
    const size_t end = std::min(fen.find(' ', start), fen.size());
    fields.push_back(fen.substr(start, end - start));
    start = end + 1;
  }
  if (fields.size() < 4) return std::nullopt;
  fields[1] = pos.side_to_move() == Color::White ? "b" : "w";
  fields[3] = "-";
  std::string passed_fen;
  for (size_t i = 0; i < fields.size(); ++i) passed_fen += (i ? " " : "") + fields[i];
  Position passed;
  if (passed.set(pos.variant(), passed_fen)) return std::nullopt;
  return passed;
}

bool game_over(const Position& pos) { return king_lost(pos) || !has_legal_move(pos); }

namespace {

// Outside direct play, a stalemate that leaves the goal's victim no way through the turn it
// starts (M6, L4, P3) ends the play at once (node_rules.h); in direct play the tree shows the
// defender's moves into it instead. So does, in winN, an attacker's turn that every line of
// ends inside it with the attacker's win.
bool stranded_by_goal(const Position& pos, const problem::Stipulation& stipulation, Color attacker) {
  if (stipulation.goal == problem::Goal::Win) {
    // winN: an attacker whose turn every line of ends inside it, won (L3, L4).
    if (stipulation.is_proof() || pos.side_to_move() != attacker) return false;
    Position copy = pos;
    uint64_t played = 0;
    return search::NodeRules(stipulation, attacker).won_in_turn(copy, played);
  }
  if (stipulation.goal != problem::Goal::Stalemate || stipulation.play == problem::Play::Direct) return false;
  const Color victim = stipulation.attacker_is_victim() ? attacker : ~attacker;
  if (pos.side_to_move() != victim || pos.mid_turn()) return false;
  Position copy = pos;
  uint64_t played = 0;
  return search::NodeRules(stipulation, attacker).stalled_at_start(copy, played);
}

}  // namespace

Ending ending_of(const Position& pos, const problem::Stipulation& stipulation, Color attacker) {
  const Outcome o = outcome(pos);
  if (!o.is_over()) {
    if (!stranded_by_goal(pos, stipulation, attacker)) return Ending::None;
    return stipulation.goal == problem::Goal::Win ? Ending::Win : Ending::Stalemate;
  }
  if (o.reason == "checkmate") return Ending::Mate;
  if (o.reason == "king captured") return Ending::KingCapture;
  if (o.reason == "stalemate") {
    const bool wins = stipulation.goal == problem::Goal::Win && o.score_for(attacker) == 1;
    return wins ? Ending::Win : Ending::Stalemate;
  }
  return Ending::Win;
}

}  // namespace dm::tree
