#include "solver/search/help/series_search.h"

#include <array>
#include <cassert>

#include "rules/movegen.h"
#include "solver/search/help/targets/leave_on_return.h"

namespace dm::search {

namespace {

// The stipulation of the step that follows the series' last turn, from the position before it.
Stipulation last_step(const Stipulation& series) {
  Stipulation s = series;
  s.turns = 1;
  s.attacker_starts = true;
  switch (series.play) {
    case Play::SeriesHelp:
      s.play = Play::Help;
      s.attacker_starts = false;
      break;
    case Play::SeriesSelf: s.play = Play::Self; break;
    default: s.play = Play::Direct; break;
  }
  return s;
}

}  // namespace

bool may_pass(const Position& after) {
  if (king_lost(after)) return false;
  // A royal king's check was found by the move; a capturable king is looked at here.
  const Color side = after.side_to_move();
  const Square king = after.king_square(side);
  const bool en_prise = after.variant().king_rule == KingRule::Capturable && king != kNoSquare &&
                        after.attackers_of(~side, king, after.pieces()) != 0;
  return !after.in_check() && !en_prise;
}

Color SeriesSearch::series_mover(const NodeRules& rules) {
  return rules.stipulation().play == Play::SeriesHelp ? ~rules.attacker() : rules.attacker();
}

SeriesSearch::SeriesSearch(const NodeRules& rules, TranspositionTable& tt, SearchControl& control,
                           const EndingBound* ending_bound)
    : rules_(rules),
      pruner_(rules, ending_bound),
      last_step_(last_step(rules.stipulation()), rules.attacker()),
      tt_(tt),
      control_(control),
      mover_(series_mover(rules)),
      nodes_(control),
      ending_bound_(ending_bound) {
  assert(rules.stipulation().is_series());
}

void SeriesSearch::solve(Position& pos, int series_left, const Line& prefix, std::vector<Line>& solutions) {
  solutions_ = &solutions;
  path_ = prefix;
  const Stipulation& stip = rules_.stipulation();
  if (!targets_ && ending_bound_ && SeriesTargets::applies(pos.variant(), stip.play, stip.goal)) {
    targets_.emplace(*ending_bound_);
  }
  if (!stalemate_ && ending_bound_ && prefix.empty() &&
      StalemateTargets::applies(pos.variant(), stip.play, stip.goal)) {
    own_stalemate_.emplace(ending_bound_->shared(), pos, series_left);
    stalemate_ = &*own_stalemate_;
  }
  if (stalemate_ && stalemate_->holds()) {
    walk_.emplace(*stalemate_);
    walk_->start(prefix);
  }
  if (pictures_ && pictures_->holds()) {
    std::vector<PlayedMove> played;
    for (const Turn& turn : prefix) {
      for (const Move m : turn) played.push_back({m, mover_});
    }
    picture_walk_.emplace(*pictures_);
    picture_walk_->start(played);
  }
  turn_.clear();
  if (pos.side_to_move() == mover_ && series_left > 0) search(pos, series_left);
}

void SeriesSearch::record(const Turn& last) {
  Line line = path_;
  line.push_back(turn_);
  if (!last.empty()) line.push_back(last);
  solutions_->push_back(std::move(line));
  control_.add_solution();
}

template <class Ended>
bool SeriesSearch::each_turn_end(Position& pos, Turn& turn, bool mating, const HelpPruner::Moves& allowed,
                                 const Ended& ended) {
  const Color side = pos.side_to_move();
  MoveList moves;
  // A turn of one move that must mate a royal king: only its checks can.
  if (mating && rules_.mates_only_by_check(pos)) {
    generate_checks(pos, moves);
  } else {
    generate_legal(pos, moves);
  }
  bool found = false;
  for (const Move m : moves) {
    if (control_.stopped()) return true;
    if (!allowed.allows(pos, m)) continue;
    StateInfo st;
    const bool followed = walk_ && side == mover_;
    const bool pictured = picture_walk_ && side == mover_;
    if (followed) walk_->moved(m);
    if (pictured) picture_walk_->moved(m);
    pos.do_move(m, st);
    nodes_.count();
    turn.push_back(m);
    found |= pos.side_to_move() == side && !king_lost(pos) ? each_turn_end(pos, turn, mating, {}, ended) : ended(pos);
    turn.pop_back();
    pos.undo_move(m);
    if (pictured) picture_walk_->unmoved();
    if (followed) walk_->unmoved();
  }
  return found;
}

bool SeriesSearch::search(Position& pos, int series_left) {
  const uint64_t key = pos.key();
  if (tt_.has_no_exact_solution(key, series_left)) return false;
  // The stalemate targets first, the cheaper test: some picture may still be reached (kept for
  // the turns below until the node is left).
  const bool walked = walk_ && !pos.mid_turn();
  if (walked && !walk_->enter(series_left)) {
    tt_.store_no_exact_solution(key, series_left, 0);
    return false;
  }
  const targets::LeaveOnReturn<StalemateTargets::Walk> leave_walk(walked ? &*walk_ : nullptr);
  // Help play's pictures, with each side's moves left: the series mover's turns, and the other
  // side's one move after a help series or none.
  const bool pictured = picture_walk_ && !pos.mid_turn();
  if (pictured) {
    const bool helped = rules_.stipulation().play == Play::SeriesHelp;
    if (!picture_walk_->enter(helped ? 1 : series_left, helped ? series_left : 0)) {
      tt_.store_no_exact_solution(key, series_left, 0);
      return false;
    }
  }
  const targets::LeaveOnReturn<HelpTargets::Walk> leave_pictures(pictured ? &*picture_walk_ : nullptr);
  // Ruled out by the bound: stored as failed, as a searched node is (help_search.h). On the
  // series' last turn, also the moves it may still try.
  HelpPruner::Moves allowed;
  if (!pos.mid_turn() && pruner_.judge_series(pos, mover_, series_left, allowed) == HelpPruner::Verdict::RuledOut) {
    tt_.store_no_exact_solution(key, series_left, 0);
    return false;
  }
  if (!pos.mid_turn() && targets_ && !targets_->may_reach(pos, series_left)) {
    tt_.store_no_exact_solution(key, series_left, 0);
    return false;
  }
  const uint64_t nodes_before = nodes_.total();
  const bool mating = series_left == 1 && rules_.stipulation().play == Play::Series;
  const bool found = each_turn_end(pos, turn_, mating, allowed, [&](Position& after) {
    if (series_left == 1) return finish(after);
    return may_pass(after) && pass_and_search(after, series_left - 1);
  });
  if (!found && !control_.stopped()) tt_.store_no_exact_solution(key, series_left, nodes_.total() - nodes_before);
  return found || control_.stopped();
}

bool SeriesSearch::pass_and_search(Position& pos, int series_left) {
  // Each pass ends the other side's turn (position.h), so one suffices.
  StateInfo st;
  const Move pass = Move::pass();
  pos.do_move(pass, st);
  assert(pos.side_to_move() == mover_);
  path_.push_back(turn_);
  Turn under_way = std::move(turn_);
  turn_.clear();
  const bool found = search(pos, series_left);
  turn_ = std::move(under_way);
  path_.pop_back();
  pos.undo_move(pass);
  return found;
}

bool SeriesSearch::finish(Position& pos) {
  const Play play = rules_.stipulation().play;
  if (play == Play::Series) {
    if (last_step_.evaluate(pos, 0) != NodeValue::Proven) return false;
    record({});
    return true;
  }
  // ser-s#: every turn of the other side reaches the goal, each one a line of its own.
  // ser-h#: the other side's turns that reach the goal.
  const int turns_left = play == Play::SeriesSelf ? 0 : 1;
  if (last_step_.evaluate(pos, turns_left) != (play == Play::SeriesSelf ? NodeValue::Proven : NodeValue::Open)) {
    return false;
  }
  Turn last;
  HelpPruner::Moves allowed;
  if (play == Play::SeriesHelp) allowed.attacker = pruner_.series_last_moves(pos);
  return each_turn_end(pos, last, play == Play::SeriesHelp, allowed, [&](Position& after) {
    if (play == Play::SeriesHelp && last_step_.evaluate(after, 0) != NodeValue::Proven) return false;
    record(last);
    return true;
  });
}

}  // namespace dm::search
