#include "solver/tree/tree_check.h"

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "rules/movegen.h"
#include "rules/outcome.h"
#include "solver/oracle/brute_force.h"
#include "solver/proof/fingerprint.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_nodes.h"

namespace dm::tree {

namespace {

using problem::Goal;
using problem::Line;
using problem::Play;
using problem::Stipulation;

// A turn's identity for matching: its moves in any order and the position it reaches.
using TurnKey = std::pair<std::vector<uint32_t>, uint64_t>;

TurnKey turn_key(const Turn& turn, const Position& after) {
  std::vector<uint32_t> moves;
  for (const Move m : turn) moves.push_back(m.raw());
  std::sort(moves.begin(), moves.end());
  return {moves, after.key()};
}

bool turn_over(const Position& pos, Color mover) { return pos.side_to_move() != mover || outcome(pos).is_over(); }

// Calls visit(turn, position after it) for every turn of the side to move, until it returns
// false.
void for_each_turn(const Position& start, const std::function<bool(const Turn&, const Position&)>& visit) {
  const Color mover = start.side_to_move();
  Turn turn;
  std::function<bool(const Position&)> extend = [&](const Position& pos) {
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move m : moves) {
      Position next = pos;
      StateInfo st;
      next.do_move(m, st);
      const Position settled = next;  // a fresh state chain, independent of st
      turn.push_back(m);
      const bool go_on = turn_over(settled, mover) ? visit(turn, settled) : extend(settled);
      turn.pop_back();
      if (!go_on) return false;
    }
    return true;
  };
  extend(start);
}

// The position after the whole turn, or nullopt when it is not a legal turn of pos.
std::optional<Position> after_turn(const Position& pos, const Turn& turn) {
  if (turn.empty()) return std::nullopt;
  const Color mover = pos.side_to_move();
  Position current = pos;
  for (size_t i = 0; i < turn.size(); ++i) {
    if (i > 0 && turn_over(current, mover)) return std::nullopt;
    MoveList moves;
    generate_legal(current, moves);
    if (!moves.contains(turn[i])) return std::nullopt;
    Position next = current;
    StateInfo st;
    next.do_move(turn[i], st);
    current = next;
  }
  if (!turn_over(current, mover)) return std::nullopt;
  return current;
}

std::string uci(const Turn& turn) { return turn_to_uci(turn); }

class Checker {
 public:
  Checker(const SolutionTree& tree, bool full)
      : tree_(tree),
        stip_(tree.stipulation),
        full_(full),
        attacker_(stip_.attacker_starts ? tree.position.side_to_move() : ~tree.position.side_to_move()) {}

  // The first disagreement, or empty.
  std::string run() {
    if (stip_.play == Play::Help) return check_help();
    if (stip_.is_series()) return check_series();
    return check_direct();
  }

  // win, lose and loseN, proven (tree/proof_tree.h): the proof file is accepted by the
  // independent proof checker (`checked`, its verdict on tree.proof->file), for this position,
  // rules and winner, and the tree's first turns stand on it: every turn of the defender is
  // shown, each answer is legal, and each leads to a node of the proof or ends the game won.
  std::string check_proof(const proof::CheckResult& checked) {
    if (!checked.accepted()) return "the proof is rejected: " + checked.flaw();
    if (checked.winner != attacker_) return "the proof is a win for the other side";
    if (checked.position != proof::canonical_fen(tree_.position)) return "the proof is of another position";
    if (checked.variant != tree_.variant || checked.rules != tree_.rule_options) {
      return "the proof is under other rules";
    }
    std::set<std::string> claims;
    std::string error;
    if (tree_.position.side_to_move() != attacker_) {
      error = check_proof_defences(tree_.position, tree_.defences, "", claims);
    } else if (goal(tree_.position)) {
      return tree_.keys.empty() ? "" : "a key where the game is already won";
    } else if (tree_.keys.size() != 1) {
      return "a proof shows one key, not " + std::to_string(tree_.keys.size());
    } else {
      const AttackNode& key = tree_.keys.front();
      const auto after = after_turn(tree_.position, key.turn);
      if (!after) return "key " + uci(key.turn) + ": not a legal turn";
      if (goal(*after)) return key.defences.empty() ? "" : "key " + uci(key.turn) + ": defences after the goal";
      if (outcome(*after).is_over()) return "key " + uci(key.turn) + ": the game ends unwon";
      error = check_proof_defences(*after, key.defences, "key " + uci(key.turn) + ":", claims);
    }
    if (!error.empty()) return error;
    const auto found = proof::positions_in_proof(tree_.proof->file, claims);
    if (!found) return "the proof cannot be read again: " + found.error();
    for (const std::string& claim : claims) {
      if (!found->contains(claim)) return "an answer leads to " + claim + ", which is no node of the proof";
    }
    return "";
  }

 private:
  bool goal(const Position& pos) const {
    if (stip_.goal == Goal::Win) {
      const Outcome o = outcome(pos);
      if (o.is_over()) return o.score_for(attacker_) == 1;
      // winN: the attacker starts a turn that every line of ends inside it, won (L3, L4).
      return !stip_.is_proof() && pos.side_to_move() == attacker_ && stranded_in_turn(pos, true);
    }
    return goal_on(pos, stip_.attacker_is_victim() ? attacker_ : ~attacker_);
  }

  // Mate or stalemate (as the goal asks) of victim, to move in pos. A stalemate inside victim's
  // turn (docs/rules.md M6, L4, P3): in direct play wherever the defender runs into it, its moves
  // shown; elsewhere only where, at the start of its turn, victim has no way through it.
  bool goal_on(const Position& pos, Color victim) const {
    if (pos.side_to_move() != victim) return false;
    const Outcome o = outcome(pos);
    if (!o.is_over()) return stip_.goal == Goal::Stalemate && stranded(pos);
    if (stip_.goal == Goal::Mate) return o.reason == "checkmate" || o.reason == "king captured";
    return o.reason == "stalemate" && (!pos.mid_turn() || stip_.play == Play::Direct);
  }

  // Outside direct play (where the tree shows the defender's moves into it instead): the side
  // to move, at the start of its turn, has moves but runs out of them inside the turn in every
  // line.
  bool stranded(const Position& pos) const { return stip_.play != Play::Direct && stranded_in_turn(pos, false); }
  // won: each line's end is a win for the attacker rather than a stalemate.
  bool stranded_in_turn(const Position& pos, bool won) const {
    if (pos.mid_turn() || pos.moves_left() < 2) return false;
    bool through = false;
    const Color mover = pos.side_to_move();
    for_each_turn(pos, [&](const Turn&, const Position& after) {
      const Outcome o = outcome(after);
      const bool stuck = after.side_to_move() == mover && o.is_over();
      through = !stuck || (won ? o.score_for(attacker_) != 1 : o.reason != "stalemate");
      return !through;
    });
    return !through;
  }

  // Where the tree marks an ending: the game is over, or the goal leaves its victim stranded.
  bool ended(const Position& pos) const { return outcome(pos).is_over() || goal(pos); }

  // Reflex play: the defender's turns from pos that reach the goal, which it must play when there
  // are any; empty elsewhere.
  std::set<TurnKey> forced_defences(const Position& pos) const {
    std::set<TurnKey> forced;
    if (stip_.play != Play::Reflex) return forced;
    for_each_turn(pos, [&](const Turn& d, const Position& after_d) {
      if (goal_on(after_d, attacker_)) forced.insert(turn_key(d, after_d));
      return true;
    });
    return forced;
  }

  Stipulation with_turns(int turns) const {
    Stipulation s = stip_;
    s.turns = turns;
    return s;
  }

  bool brute_works(const Position& pos, const Turn& turn, int turns) const {
    const auto keys = oracle::keys(pos, with_turns(turns));
    return std::find(keys.begin(), keys.end(), turn) != keys.end();
  }

  // The attacker turn `node` from pos (attacker to move) forces the goal within node.length
  // <= n turns; `excused` are defender turns it need not answer (a try's refutations).
  std::string check_attack(const Position& pos, const AttackNode& node, int n, const std::set<TurnKey>& excused,
                           const std::string& where) {
    const std::string here = where + " " + uci(node.turn);
    const auto after = after_turn(pos, node.turn);
    if (!after) return here + ": not a legal turn";
    if (node.length < 1 || node.length > n) return here + ": length " + std::to_string(node.length) + " out of range";
    const int m = node.length;
    if ((node.ending != Ending::None) != ended(*after)) return here + ": wrong ending mark";
    if (goal(*after)) return node.defences.empty() ? "" : here + ": defences after the goal";
    if (outcome(*after).is_over()) return here + ": the game ends without the goal";

    std::map<TurnKey, const DefenceGroup*> listed;
    if (std::string e = listed_defences(*after, node.defences, here, listed); !e.empty()) return e;
    std::string error;
    const std::set<TurnKey> forced = forced_defences(*after);
    for_each_turn(*after, [&](const Turn& d, const Position& after_d) {
      const TurnKey key = turn_key(d, after_d);
      if (!forced.empty() && !forced.count(key)) {
        if (listed.count(key)) error = here + " " + uci(d) + ": a defence the reflex rule forbids";
        return error.empty();
      }
      const auto found = listed.find(key);
      if (found == listed.end()) {
        if (!excused.count(key)) error = here + " " + uci(d) + ": defence missing from the tree";
      } else {
        error = check_defence(after_d, *found->second, m - 1, here + " " + uci(d));
      }
      return error.empty();
    });
    return error;
  }

  // The defender turns the groups show from pos, by identity, each with its group; the error
  // (named from `where`) where one is no legal turn there.
  static std::string listed_defences(const Position& pos, const std::vector<DefenceGroup>& groups,
                                     const std::string& where, std::map<TurnKey, const DefenceGroup*>& listed) {
    for (const DefenceGroup& g : groups) {
      for (const Turn& d : g.turns) {
        const auto after_d = after_turn(pos, d);
        if (!after_d) return where + " " + uci(d) + ": not a legal defence";
        listed[turn_key(d, *after_d)] = &g;
      }
    }
    return "";
  }

  std::string check_defence(const Position& after_d, const DefenceGroup& g, int left, const std::string& here) {
    if (goal(after_d)) return g.ending != Ending::None && g.answer.empty() ? "" : here + ": the goal is not marked";
    if (outcome(after_d).is_over()) return here + ": the defence ends the game without the goal";
    if (left == 0 || g.answer.empty()) return here + ": no answer within the length";
    const AttackNode& a = g.answer.front();
    if (std::string e = check_attack(after_d, a, left, {}, here); !e.empty()) return e;
    for (const Turn& dual : g.answer.front().duals) {
      if (!after_turn(after_d, dual)) return here + " dual " + uci(dual) + ": not a legal turn";
      if (full_ && !brute_works(after_d, dual, a.length)) return here + " dual " + uci(dual) + ": does not work";
    }
    if (full_ && a.length > 1 && oracle::shortest_length(after_d, with_turns(a.length - 1)) != 0) {
      return here + ": a shorter answer exists";
    }
    return "";
  }

  std::string check_threats(const Position& after_key, const AttackNode& node) {
    if (node.threats.empty()) return "";
    const auto pass = oracle::passed(after_key);
    if (!pass) return uci(node.turn) + ": threats where the defender cannot pass";
    for (const AttackNode& t : node.threats) {
      const std::string here = uci(node.turn) + " threat " + uci(t.turn);
      const auto after = after_turn(*pass, t.turn);
      if (!after) return here + ": not a legal turn";
      if (t.length < 1 || t.length >= node.length) return here + ": length out of range";
      if (t.length == 1 && stip_.play == Play::Direct && stip_.goal != Goal::Win) {
        // A threat's defender runs into a stalemate inside its turn in every line (M6): the
        // threat is shown without those lines.
        const bool stalls =
            stip_.goal == Goal::Stalemate && after->side_to_move() != attacker_ && stranded_in_turn(*after, false);
        if (!goal(*after) && !stalls) return here + ": does not reach the goal";
      } else if (full_ && !brute_works(*pass, t.turn, t.length)) {
        return here + ": does not work";
      }
    }
    return "";
  }

  std::string check_direct() {
    if (tree_.post_key) return check_post_key(*tree_.post_key);
    const Position& pos = tree_.position;
    std::set<std::string> key_names;
    int shortest = 0;
    for (const AttackNode& key : tree_.keys) {
      key_names.insert(uci(key.turn));
      if (std::string e = check_attack(pos, key, stip_.turns, {}, "key"); !e.empty()) return e;
      if (std::string e = check_threats(*after_turn(pos, key.turn), key); !e.empty()) return e;
      if (full_ && key.length > 1 && brute_works(pos, key.turn, key.length - 1)) {
        return "key " + uci(key.turn) + ": works in fewer turns than " + std::to_string(key.length);
      }
      shortest = shortest == 0 ? key.length : std::min(shortest, key.length);
    }
    if (tree_.length != shortest && !tree_.keys.empty()) return "the shortest length is not the keys' shortest";
    for (const Try& t : tree_.tries) {
      if (std::string e = check_try(pos, t); !e.empty()) return e;
    }
    if (std::string e = check_set_variations(); !e.empty()) return e;
    if (!full_) return "";
    std::set<std::string> expected;
    for (const Turn& k : oracle::keys(pos, stip_)) expected.insert(uci(k));
    if (expected != key_names) return "the key set differs from the full-width search's";
    if (!expected.empty() && oracle::shortest_length(pos, stip_) != tree_.length) {
      return "the shortest length differs from the full-width search's";
    }
    return "";
  }

  // Post-key play: the key taken as played (the attacker passed), its threats as a key's, every
  // defender turn shown, answered within turns - 1 or (with full_, none found by the full-width
  // search) refuting; the status Solved exactly when none refutes.
  std::string check_post_key(const AttackNode& key) {
    if (!tree_.keys.empty() || !tree_.tries.empty()) return "keys or tries beside post-key play";
    const auto after_key = oracle::passed(tree_.position);
    if (!after_key || outcome(*after_key).is_over()) {
      const bool none = key.defences.empty() && key.threats.empty() && tree_.status == problem::SolveStatus::NoSolution;
      return none ? "" : "post-key play where no key can lead";
    }
    if (std::string e = check_threats(*after_key, key); !e.empty()) return e;
    const int left = stip_.turns - 1;
    std::map<TurnKey, const DefenceGroup*> listed;
    if (std::string e = listed_defences(*after_key, key.defences, "post-key", listed); !e.empty()) return e;
    bool refuted = false;
    std::string error;
    const std::set<TurnKey> forced = forced_defences(*after_key);
    for_each_turn(*after_key, [&](const Turn& d, const Position& after_d) {
      const TurnKey key_of_d = turn_key(d, after_d);
      const std::string here = "post-key " + uci(d);
      const auto found = listed.find(key_of_d);
      if (!forced.empty() && !forced.count(key_of_d)) {
        if (found != listed.end()) error = here + ": a defence the reflex rule forbids";
      } else if (found == listed.end()) {
        error = here + ": defence missing from the tree";
      } else if (found->second->answer.empty() && found->second->ending == Ending::None) {
        refuted = true;
        const bool answered = goal(after_d) || (left > 0 && !outcome(after_d).is_over() &&
                                                oracle::shortest_length(after_d, with_turns(left)) != 0);
        if (full_ && answered) error = here + ": shown as refuting, but it is answered";
      } else {
        error = check_defence(after_d, *found->second, left, here);
      }
      return error.empty();
    });
    if (!error.empty()) return error;
    const bool solved = tree_.status == problem::SolveStatus::Solved;
    return solved == !refuted ? "" : "the status does not follow from the defences";
  }

  // Set play: from the position where the attacker passed, each defender turn shown is legal
  // and answered within turns - 1 (check_defence); with full_, every defender turn the attacker
  // so answers, or that reaches the goal itself, is shown.
  std::string check_set_variations() {
    if (!tree_.set_play_sought) return tree_.set_variations.empty() ? "" : "set play that was not looked for";
    const auto pass = oracle::passed(tree_.position);
    if (!pass) return tree_.set_variations.empty() ? "" : "set play where the attacker cannot pass";
    const int left = stip_.turns - 1;
    std::map<TurnKey, const DefenceGroup*> listed;
    if (std::string e = listed_defences(*pass, tree_.set_variations, "set play", listed); !e.empty()) return e;
    std::string error;
    const std::set<TurnKey> forced = forced_defences(*pass);
    for_each_turn(*pass, [&](const Turn& d, const Position& after_d) {
      const TurnKey key = turn_key(d, after_d);
      const std::string here = "set play " + uci(d);
      const auto found = listed.find(key);
      if (!forced.empty() && !forced.count(key)) {
        if (found != listed.end()) error = here + ": a defence the reflex rule forbids";
      } else if (found != listed.end()) {
        error = check_defence(after_d, *found->second, left, here);
      } else if (full_ && (goal(after_d) ||
                           (!outcome(after_d).is_over() && oracle::shortest_length(after_d, with_turns(left)) != 0))) {
        error = here + ": a set variation missing from the tree";
      }
      return error.empty();
    });
    return error;
  }

  std::string check_try(const Position& pos, const Try& t) {
    const std::string here = "try " + uci(t.play.turn);
    const auto after = after_turn(pos, t.play.turn);
    if (!after) return here + ": not a legal turn";
    if (t.stalemates) {
      const Outcome o = outcome(*after);
      return o.is_over() && o.reason == "stalemate" ? "" : here + ": does not stalemate";
    }
    std::set<TurnKey> refuting;
    for (const Refutation& r : t.refutations) {
      const auto after_r = after_turn(*after, r.turn);
      if (!after_r) return here + " but " + uci(r.turn) + ": not a legal defence";
      refuting.insert(turn_key(r.turn, *after_r));
      if (!full_) continue;
      const bool refutes = !goal(*after_r) && (outcome(*after_r).is_over() ||
                                               oracle::shortest_length(*after_r, with_turns(stip_.turns - 1)) == 0);
      if (!refutes) return here + " but " + uci(r.turn) + ": does not refute";
    }
    if (t.refutations.empty()) return here + ": no refutation";
    return check_attack(pos, t.play, stip_.turns, refuting, "try");
  }

  // `complete`: the lines are all there are; else (TreeOptions::max_solutions, or stopped after
  // the short solutions) some of them.
  std::string check_lines(const Position& start, const std::vector<Line>& lines, const Stipulation& stip,
                          const std::string& what, bool complete) {
    std::set<std::string> names;
    for (const Line& line : lines) {
      const std::string here = what + " " + problem::line_to_uci(line);
      Position pos = start;
      int attacker_turns = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (outcome(pos).is_over()) return here + ": the game ended before the line did";
        if (pos.side_to_move() == attacker_) ++attacker_turns;
        const auto after = after_turn(pos, line[i]);
        if (!after) return here + ": an illegal turn";
        pos = *after;
      }
      // 1 to N attacker turns: a shorter line is a short solution.
      if (attacker_turns < 1 || attacker_turns > stip.turns || !goal(pos)) return here + ": does not reach the goal";
      names.insert(problem::line_to_uci(line));
    }
    if (!full_) return "";
    std::set<std::string> expected;
    for (const Line& line : oracle::help_solutions(start, stip)) expected.insert(problem::line_to_uci(line));
    const bool agree = complete ? expected == names
                                : std::includes(expected.begin(), expected.end(), names.begin(), names.end());
    return agree ? "" : what + "s differ from the full-width search's";
  }

  // Series play: each line is 1 to N turns of the series mover, each legal where the other side
  // has passed after the one before, none but the last giving check, then the end the
  // stipulation asks for; the length is the shortest line's; with full_, the lines are every
  // line the full-width search finds.
  std::string check_series() {
    const Color mover = tree_.position.side_to_move();
    const size_t last_step = stip_.play == Play::Series ? 0 : 1;
    std::set<std::string> names;
    size_t shortest = 0;
    for (const Line& line : tree_.solutions) {
      const std::string here = "solution " + problem::line_to_uci(line);
      if (line.size() <= last_step || line.size() > size_t(stip_.turns) + last_step) {
        return here + ": " + std::to_string(line.size()) + " turns";
      }
      const size_t series_turns = line.size() - last_step;
      shortest = shortest == 0 ? series_turns : std::min(shortest, series_turns);
      Position pos = tree_.position;
      for (size_t i = 0; i < line.size(); ++i) {
        const Outcome o = outcome(pos);
        // Between series turns the other side passes, stalemated or not (ser-= too: only the
        // position after the last series turn is read for the goal).
        const bool passes = i > 0 && i < series_turns;
        const bool stalemate_passed = passes && o.reason == "stalemate";
        if (i > 0 && o.is_over() && !stalemate_passed) return here + ": the game ended before the line did";
        if (passes) {
          if (oracle::stands_attacked(pos)) return here + ": a check before the last turn";
          const auto pass = oracle::passed(pos);
          if (!pass || pass->side_to_move() != mover) return here + ": the other side cannot pass";
          pos = *pass;
        }
        if (i == series_turns && stip_.play == Play::SeriesSelf) {
          bool forced = true;
          for_each_turn(pos, [&](const Turn&, const Position& end) { return forced = goal(end); });
          if (!forced) return here + ": the other side is not forced to reach the goal";
        }
        const auto after = after_turn(pos, line[i]);
        if (!after) return here + ": an illegal turn";
        pos = *after;
      }
      if (!goal(pos)) return here + ": does not reach the goal";
      names.insert(problem::line_to_uci(line));
    }
    if (shortest != 0 && tree_.length != int(shortest)) return "the length is not the shortest solution's";
    if (!full_) return "";
    std::set<std::string> expected;
    for (const Line& line : oracle::series_solutions(tree_.position, stip_)) {
      expected.insert(problem::line_to_uci(line));
    }
    // Stopped after the short solutions (solutions_complete false): those of their length.
    if (!tree_.solutions_complete) {
      std::erase_if(expected, [&](const std::string& line) {
        return size_t(std::count(line.begin(), line.end(), ' ')) + 1 > shortest + last_step;
      });
    }
    return expected == names ? "" : "solutions differ from the full-width search's";
  }

  std::string check_help() {
    if (std::string e = check_lines(tree_.position, tree_.solutions, stip_, "solution", tree_.solutions_complete);
        !e.empty()) {
      return e;
    }
    if (!tree_.solutions.empty()) {
      size_t shortest = tree_.solutions.front().size();
      for (const Line& line : tree_.solutions) shortest = std::min(shortest, line.size());
      if (tree_.length != stip_.line_length(shortest)) return "the length is not the shortest solution's";
    }
    if (tree_.set_play.empty()) return "";
    const auto pass = oracle::passed(tree_.position);
    if (!pass) return "set play where the side to move cannot pass";
    Stipulation set = stip_;
    set.attacker_starts = true;
    return check_lines(*pass, tree_.set_play, set, "set play", tree_.set_play_complete);
  }

  // The defender's turns from pos as a proof tree shows them: all of them, each answered by a
  // legal turn whose position (added to `claims`) the proof must hold, or each ending the game
  // won by the attacker.
  std::string check_proof_defences(const Position& pos, const std::vector<DefenceGroup>& groups,
                                   const std::string& where, std::set<std::string>& claims) const {
    std::set<TurnKey> shown;
    for (const DefenceGroup& group : groups) {
      for (const Turn& turn : group.turns) {
        const std::string here = where + (where.empty() ? "" : " ") + uci(turn);
        const auto after = after_turn(pos, turn);
        if (!after) return here + ": not a legal turn";
        if (!shown.insert(turn_key(turn, *after)).second) return here + ": shown twice";
        if (group.answer.empty()) {
          if (!goal(*after)) return here + ": no answer, and the game is not won";
          continue;
        }
        const auto reached = after_turn(*after, group.answer.front().turn);
        if (!reached) return here + " " + uci(group.answer.front().turn) + ": not a legal turn";
        if (!goal(*reached)) claims.insert(proof::canonical_fen(*reached));
      }
    }
    std::string missing;
    for_each_turn(pos, [&](const Turn& turn, const Position& after) {
      if (shown.contains(turn_key(turn, after))) return true;
      missing = (where.empty() ? "" : where + " ") + uci(turn) + ": a defence the tree leaves out";
      return false;
    });
    return missing;
  }

  const SolutionTree& tree_;
  Stipulation stip_;
  bool full_;
  Color attacker_;
};

// Counts the turns of the game tree up to `depth` turns deep, stopping past `budget`.
void count_turns(const Position& pos, int depth, uint64_t budget, uint64_t& count) {
  if (depth == 0) return;
  // The last level, most of the count: where a turn is one move, its legal moves are its turns.
  if (depth == 1 && !pos.variant().is_multi_move()) {
    MoveList moves;
    generate_legal(pos, moves);
    count += moves.size();
    return;
  }
  for_each_turn(pos, [&](const Turn&, const Position& after) {
    if (++count > budget) return false;
    if (depth > 1 && !outcome(after).is_over()) count_turns(after, depth - 1, budget, count);
    return count <= budget;
  });
}

// The turns a full-width search of the whole problem may visit: both sides' turns.
int problem_depth(const Stipulation& s) {
  if (s.play == Play::Help) return 2 * s.turns - (s.attacker_starts ? 1 : 0);
  if (s.is_series()) return s.turns + (s.play == Play::Series ? 0 : 1);
  return s.attacker_is_victim() ? 2 * s.turns : 2 * s.turns - 1;
}

}  // namespace

CheckResult check_tree(const SolutionTree& tree, const CheckOptions& options) {
  // A stopped build leaves parts of its tree out: nothing there can be held against it.
  if (tree.status == problem::SolveStatus::Unknown) {
    return {CheckVerdict::Partial, "the tree is incomplete (status unknown)"};
  }
  if (tree.stipulation.is_proof()) {
    if (tree.status == problem::SolveStatus::NoSolution) {
      return {CheckVerdict::Partial, "a disproof has no proof file to re-check"};
    }
    if (!tree.proof) return {CheckVerdict::Partial, "no proof file was written: " + tree.proof_error};
    const proof::CheckResult checked = proof::check_proof(tree.proof->file);
    // No verdict on the proof (no room for the checker's node file): no disagreement either.
    if (checked.status == proof::CheckStatus::Error) {
      return {CheckVerdict::Partial, "the proof could not be re-checked: " + checked.flaw()};
    }
    const std::string error = Checker(tree, false).check_proof(checked);
    if (!error.empty()) return {CheckVerdict::Disagreement, error};
    return {CheckVerdict::Full, ""};
  }
  uint64_t count = 0;
  count_turns(tree.position, problem_depth(tree.stipulation), options.brute_force_nodes, count);
  const bool full = count <= options.brute_force_nodes;
  const std::string error = Checker(tree, full).run();
  if (!error.empty()) return {CheckVerdict::Disagreement, error};
  if (!full) return {CheckVerdict::Partial, "too large for the full-width comparison"};
  return {CheckVerdict::Full, ""};
}

}  // namespace dm::tree
