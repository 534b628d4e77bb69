#include "solver/search/help/help_solver.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <string>
#include <utility>

#include "rules/movegen.h"
#include "solver/search/core/progress_monitor.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/help_search.h"
#include "solver/search/help/series_search.h"
#include "solver/search/root_turns.h"

namespace dm::search {

namespace {

// Adds the lines each task found to result.solutions and sets the status.
void take_lines(std::vector<std::vector<Line>>& found, const SearchControl& control, SolveResult& result) {
  // Sorted by their UCI text, each written once: a long series' help play finds millions.
  std::vector<std::pair<std::string, Line>> named;
  for (auto& lines : found) {
    for (auto& line : lines) named.emplace_back(line_to_uci(line), std::move(line));
  }
  // Shortest first, as Popeye prints them (a limit then keeps the short solutions), each length
  // in UCI order.
  std::sort(named.begin(), named.end(), [](const auto& a, const auto& b) {
    return a.second.size() != b.second.size() ? a.second.size() < b.second.size() : a.first < b.first;
  });
  for (auto& [name, line] : named) result.solutions.push_back(std::move(line));
  // Other workers may find a few more before they see the flag the limit raised.
  if (control.solution_limit() && result.solutions.size() > control.solution_limit()) {
    result.solutions.resize(control.solution_limit());
  }
  if (control.stopped()) {
    result.status = SolveStatus::Unknown;
  } else {
    result.status = result.solutions.empty() ? SolveStatus::NoSolution : SolveStatus::Solved;
  }
}

// Help play: the first moves of every line split the enumeration into tasks, enough of them
// that one first move with a big tree below it does not leave threads idle: the first two
// moves, and in lines of kLongSplitTurns attacker turns or more the first four. The trees below
// two moves of a long line are far from even, so that one task could hold most of the search
// and no number of threads make it much faster; below four moves they are even enough, at
// almost no cost in nodes (reports/help-bound-figures.md). The split is the search itself down
// to the tasks (HelpSearch::split), with its pruning and its table; a split of four moves that
// would leave more than kMaxHelpTasks tasks is given up for one of two. With one thread there is
// nothing to share out: the whole search is one task, which replays no first moves.
constexpr int kShortSplitMoves = 2;
constexpr int kLongSplitMoves = 4;
constexpr int kLongSplitTurns = 5;
constexpr size_t kMaxHelpTasks = size_t(1) << 18;

struct HelpSplit {
  std::vector<std::vector<PlayedMove>> tasks;  // the moves to each task's position
  std::vector<Line> solutions;                 // lines complete within the split
};

HelpSplit split_help(Position& root, int turns, int threads, HelpSearch& search) {
  HelpSplit split;
  if (threads == 1) {
    search.split(root, turns, 0, SIZE_MAX, split.tasks, split.solutions);  // one task: the root
    return split;
  }
  if (turns >= kLongSplitTurns &&
      search.split(root, turns, kLongSplitMoves, kMaxHelpTasks, split.tasks, split.solutions)) {
    return split;
  }
  split = {};
  search.split(root, turns, kShortSplitMoves, SIZE_MAX, split.tasks, split.solutions);
  return split;
}

// Series play: the first series turns (the first two where the series is longer) split the
// enumeration of the series of one length into tasks, each the position after them with the
// series turns left.
struct SeriesTask {
  Line prefix;
  Position pos;
  int series_left;
};

void split_series(const Position& pos, int series_left, int depth, Line& prefix, std::vector<SeriesTask>& tasks) {
  if (depth == 0 || series_left == 1) {
    tasks.push_back({prefix, pos, series_left});
    return;
  }
  Position own = pos;
  for_each_turn(own, [&](const Turn& turn, Position& after) {
    if (!may_pass(after)) return true;
    const Move pass = Move::pass();
    StateInfo st;
    after.do_move(pass, st);
    prefix.push_back(turn);
    split_series(after, series_left - 1, depth - 1, prefix, tasks);
    prefix.pop_back();
    after.undo_move(pass);
    return true;
  });
}

// The calling worker's bound: the shared tables with the thread's own scratch, made in `slot`;
// nullptr where the bound does not hold.
const EndingBound* worker_bound(std::optional<EndingBound>& slot, const std::optional<EndingBound::Shared>& shared,
                                Workers& workers) {
  if (!shared) return nullptr;
  slot.emplace(*shared, workers.scratch<EndingBound::Scratch>());
  return &*slot;
}

}  // namespace

// Every line of 1 to N attacker turns, as Popeye solves help play: a shorter one is a short
// solution. The table's entries (no solution with so many attacker turns left) hold for every
// length, so that the shorter searches' entries serve the longer ones.
void solve_help(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                Workers& workers, SearchControl& control, SolveResult& result) {
  // The ending bound (its tables made once), for help play of two turns or more; in
  // variants of turns of several moves, its count of the moves left only (counts_moves holds
  // wherever applies does).
  std::optional<EndingBound::Shared> shared;
  if (rules.root_turns() >= 2 && EndingBound::counts_moves(pos.variant(), rules.stipulation().goal)) {
    shared.emplace(pos.variant(), rules.stipulation().goal);
  }
  std::atomic<size_t> task_count{0};
  std::atomic<size_t> decided{0};
  ProgressMonitor monitor(options, [&] {
    return task_progress(control, task_count.load(std::memory_order_relaxed), decided.load(std::memory_order_relaxed));
  });
  // h#, h=: the final pictures, listed once for every length and task (help_targets.h).
  std::optional<HelpTargets> help_targets;
  const Goal goal = rules.stipulation().goal;
  if (shared && options.help_targets && HelpTargets::applies(pos.variant(), rules.stipulation().play, goal)) {
    // Each side's moves: at most moves_per_turn a turn.
    const Color attacker = rules.attacker();
    const int turns = rules.root_turns();
    const int per_turn = pos.variant().moves_per_turn;
    help_targets.emplace(*shared, pos, goal, attacker, turns * per_turn,
                         (pos.side_to_move() == attacker ? turns - 1 : turns) * per_turn);
  }
  const HelpTargets* targets = help_targets && help_targets->holds() ? &*help_targets : nullptr;
  // Where the targets hold, the searches go without the ending bound: its tests at a node cost
  // more than the nodes they rule out that the pictures leave (docs/help-bound.md, "Help
  // targets").
  const std::optional<EndingBound::Shared> no_bound;
  const std::optional<EndingBound::Shared>& search_bound = targets ? no_bound : shared;
  std::vector<std::vector<Line>> found;
  result.length = 0;
  for (int length = 1; length <= rules.root_turns() && !control.stopped(); ++length) {
    if (result.length != 0 && options.stop_on_short_solutions) break;
    Position root_pos = pos;
    HelpSplit split;
    if (rules.evaluate(root_pos, length) == NodeValue::Open) {
      std::optional<EndingBound> bound;
      HelpSearch splitter(rules, tt, control, worker_bound(bound, search_bound, workers));
      splitter.share_help_targets(targets);
      split = split_help(root_pos, length, workers.threads(), splitter);
    }
    decided.store(0, std::memory_order_relaxed);
    task_count.store(split.tasks.size(), std::memory_order_relaxed);
    const size_t first = found.size();
    found.resize(first + split.tasks.size() + 1);
    found[first] = std::move(split.solutions);
    workers.for_each(split.tasks.size(), [&](size_t i) {
      std::optional<EndingBound> bound;
      HelpSearch search(rules, tt, control, worker_bound(bound, search_bound, workers));
      search.share_help_targets(targets);
      search.solve_task(pos, length, split.tasks[i], found[first + 1 + i]);
      decided.fetch_add(1, std::memory_order_relaxed);
    });
    for (size_t i = first; i < found.size() && result.length == 0; ++i) {
      if (!found[i].empty()) result.length = length;
    }
  }
  if (result.length == 0) result.length = rules.root_turns();
  take_lines(found, control, result);
}

// Every series of 1 to N turns, as Popeye solves series play: a shorter one is a short solution.
// The table's entries (no solution with so many series turns left) hold for every length.
void solve_series(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                  Workers& workers, SearchControl& control, SolveResult& result) {
  const Color mover = SeriesSearch::series_mover(rules);
  std::atomic<size_t> task_count{0};
  std::atomic<size_t> decided{0};
  ProgressMonitor monitor(options, [&] {
    return task_progress(control, task_count.load(std::memory_order_relaxed), decided.load(std::memory_order_relaxed));
  });
  std::optional<EndingBound::Shared> shared;
  if (EndingBound::applies(pos.variant(), rules.stipulation().goal)) {
    shared.emplace(pos.variant(), rules.stipulation().goal);
  }
  // ser-h=: the final pictures, listed once for every length and task (stalemate_targets.h).
  std::optional<StalemateTargets> stalemate_targets;
  if (shared && pos.side_to_move() == mover &&
      StalemateTargets::applies(pos.variant(), rules.stipulation().play, rules.stipulation().goal)) {
    stalemate_targets.emplace(*shared, pos, rules.root_turns());
  }
  // ser-#, ser-= and ser-h#: help play's pictures, with the series mover's N moves and none of
  // the other side's, or the other side's one move after them (help_targets.h).
  std::optional<HelpTargets> pictures;
  const Stipulation& stip = rules.stipulation();
  if (shared && options.help_targets && pos.side_to_move() == mover &&
      HelpTargets::applies(pos.variant(), stip.play, stip.goal)) {
    const bool helped = stip.play == Play::SeriesHelp;
    pictures.emplace(*shared, pos, stip.goal, rules.attacker(), helped ? 1 : rules.root_turns(),
                     helped ? rules.root_turns() : 0);
  }
  std::vector<std::vector<Line>> found;
  result.length = 0;
  for (int length = 1; length <= rules.root_turns() && !control.stopped(); ++length) {
    if (result.length != 0 && options.stop_on_short_solutions) break;
    std::vector<SeriesTask> tasks;
    if (pos.side_to_move() == mover && !king_lost(pos)) {
      Line prefix;
      split_series(pos, length, 2, prefix, tasks);
    }
    decided.store(0, std::memory_order_relaxed);
    task_count.store(tasks.size(), std::memory_order_relaxed);
    const size_t first = found.size();
    found.resize(first + tasks.size());
    workers.for_each(tasks.size(), [&](size_t i) {
      Position own = tasks[i].pos;
      std::optional<EndingBound> bound;
      SeriesSearch search(rules, tt, control, worker_bound(bound, shared, workers));
      if (stalemate_targets) search.share_stalemate_targets(&*stalemate_targets);
      if (pictures) search.share_help_targets(&*pictures);
      search.solve(own, tasks[i].series_left, tasks[i].prefix, found[first + i]);
      decided.fetch_add(1, std::memory_order_relaxed);
    });
    if (result.length == 0) {
      for (size_t i = first; i < found.size(); ++i) {
        if (!found[i].empty()) result.length = length;
      }
    }
  }
  if (result.length == 0) result.length = rules.root_turns();
  take_lines(found, control, result);
}

}  // namespace dm::search
