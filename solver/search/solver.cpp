#include "solver/search/solver.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <thread>

#include "rules/movegen.h"
#include "solver/search/candidate_pool.h"
#include "solver/search/help_search.h"
#include "solver/search/dfpn.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_reader.h"
#include "solver/search/root_turns.h"
#include "solver/search/series_search.h"

namespace dm::search {

namespace {

// Calls the progress callback about once per interval until stopped.
class ProgressMonitor {
 public:
  ProgressMonitor(const SolveOptions& options, std::function<Progress()> snapshot)
      : options_(options), snapshot_(std::move(snapshot)) {
    if (options_.on_progress) thread_ = std::thread([this] { run(); });
  }
  ~ProgressMonitor() {
    {
      std::lock_guard lock(mutex_);
      done_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
  }
  ProgressMonitor(const ProgressMonitor&) = delete;
  ProgressMonitor& operator=(const ProgressMonitor&) = delete;

 private:
  void run() {
    std::unique_lock lock(mutex_);
    const auto interval = std::chrono::duration<double>(options_.progress_interval);
    while (!wake_.wait_for(lock, interval, [this] { return done_; })) options_.on_progress(snapshot_());
  }

  const SolveOptions& options_;
  std::function<Progress()> snapshot_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

// The search's figures with the root's numbers as the table holds them: the progress of a
// search of the root position alone.
Progress root_progress(const SearchControl& control, const TranspositionTable& tt, uint64_t root_key, int turns) {
  Progress p;
  p.nodes = control.nodes();
  p.seconds = control.elapsed_seconds();
  const TtProbe probe = tt.probe(root_key, turns);
  p.root_pn = probe.pn;
  p.root_dn = probe.dn;
  return p;
}

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
// two moves of a long line are far from even: one of the 128 tasks of popeye-59 (h=7) took 29%
// of the whole search on one thread, so that no number of threads could make it more than 3.4
// times as fast; below four moves the largest of its 11,523 took 3%, with 0.01% more nodes in
// all. The split is the search itself down to the tasks (HelpSearch::split), with its pruning
// and its table; a split of four moves that would leave more than kMaxHelpTasks tasks is given
// up for one of two.
constexpr int kShortSplitMoves = 2;
constexpr int kLongSplitMoves = 4;
constexpr int kLongSplitTurns = 5;
constexpr size_t kMaxHelpTasks = size_t(1) << 18;

struct HelpSplit {
  std::vector<std::vector<PlayedMove>> tasks;  // the moves to each task's position
  std::vector<Line> solutions;                 // lines complete within the split
};

HelpSplit split_help(Position& root, int turns, HelpSearch& search) {
  HelpSplit split;
  if (turns >= kLongSplitTurns && search.split(root, turns, kLongSplitMoves, kMaxHelpTasks, split.tasks, split.solutions)) {
    return split;
  }
  split = {};
  search.split(root, turns, kShortSplitMoves, SIZE_MAX, split.tasks, split.solutions);
  return split;
}

// Every line of 1 to N attacker turns, as Popeye solves help play: a shorter one is a short
// solution. The table's entries (no solution with so many attacker turns left) hold for every
// length, so that the shorter searches' entries serve the longer ones.
void solve_help(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                Workers& workers, SearchControl& control, SolveResult& result) {
  // The ending bound (its tables take about 2 ms), for help play of two turns or more; in
  // variants of turns of several moves, its count of the moves left only (counts_moves holds
  // wherever applies does).
  std::optional<EndingBound> ending_bound;
  if (rules.root_turns() >= 2 && EndingBound::counts_moves(pos.variant(), rules.stipulation().goal)) {
    ending_bound.emplace(pos.variant(), rules.stipulation().goal);
  }
  const EndingBound* const bound = ending_bound ? &*ending_bound : nullptr;
  std::atomic<size_t> task_count{0};
  std::atomic<size_t> decided{0};
  ProgressMonitor monitor(options, [&] {
    Progress p;
    p.nodes = control.nodes();
    p.seconds = control.elapsed_seconds();
    p.candidates = task_count.load(std::memory_order_relaxed);
    p.decided = decided.load(std::memory_order_relaxed);
    return p;
  });
  std::vector<std::vector<Line>> found;
  result.length = 0;
  for (int length = 1; length <= rules.root_turns() && !control.stopped(); ++length) {
    if (result.length != 0 && options.stop_on_short_solutions) break;
    Position root_pos = pos;
    HelpSplit split;
    if (rules.evaluate(root_pos, length) == NodeValue::Open) {
      HelpSearch splitter(rules, tt, control, bound);
      split = split_help(root_pos, length, splitter);
    }
    decided.store(0, std::memory_order_relaxed);
    task_count.store(split.tasks.size(), std::memory_order_relaxed);
    const size_t first = found.size();
    found.resize(first + split.tasks.size() + 1);
    found[first] = std::move(split.solutions);
    workers.for_each(split.tasks.size(), [&](size_t i) {
      HelpSearch search(rules, tt, control, bound);
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

// Every series of 1 to N turns, as Popeye solves series play: a shorter one is a short solution.
// The table's entries (no solution with so many series turns left) hold for every length.
void solve_series(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                  Workers& workers, SearchControl& control, SolveResult& result) {
  const Color mover = SeriesSearch::series_mover(rules);
  std::atomic<size_t> task_count{0};
  std::atomic<size_t> decided{0};
  ProgressMonitor monitor(options, [&] {
    Progress p;
    p.nodes = control.nodes();
    p.seconds = control.elapsed_seconds();
    p.candidates = task_count.load(std::memory_order_relaxed);
    p.decided = decided.load(std::memory_order_relaxed);
    return p;
  });
  std::optional<EndingBound> ending_bound;
  if (EndingBound::applies(pos.variant(), rules.stipulation().goal)) {
    ending_bound.emplace(pos.variant(), rules.stipulation().goal);
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
      SeriesSearch search(rules, tt, control, ending_bound ? &*ending_bound : nullptr);
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

// win, lose and loseN: the root itself is searched, every worker on it (kept apart by the busy
// marks), until one of them decides it. The proof's first turn (win) is read back afterwards.
void solve_proof(const Position& pos, const NodeRules& rules, const SolveOptions& options, TranspositionTable& tt,
                 Workers& workers, SearchControl& control, SolveResult& result) {
  const int turns = rules.root_turns();
  Position root = pos;
  NodeValue value = rules.evaluate(root, turns);
  if (value == NodeValue::Open) {
    std::atomic<bool> done{false};
    std::atomic<NodeValue> verdict{NodeValue::Open};
    ProgressMonitor monitor(options, [&] {
      Progress p = root_progress(control, tt, pos.key(), turns);
      p.candidates = 1;
      p.decided = done.load(std::memory_order_relaxed) ? 1 : 0;
      return p;
    });
    workers.for_each(size_t(workers.threads()), [&](size_t) {
      Position own = pos;
      Dfpn dfpn(rules, tt, control, workers.marks());
      const NodeValue found = dfpn.solve(own, turns, &done);
      if (found == NodeValue::Open) return;
      NodeValue open = NodeValue::Open;
      verdict.compare_exchange_strong(open, found);
      done.store(true, std::memory_order_relaxed);
    });
    value = verdict.load();
  }
  if (value == NodeValue::Open) {
    result.status = SolveStatus::Unknown;
    return;
  }
  if (value == NodeValue::Disproven) {
    result.status = SolveStatus::NoSolution;
    return;
  }
  ProofReader reader(rules, tt, control);
  const std::optional<int> need = reader.proven_within(root, turns);
  const bool attacker_to_move = root.side_to_move() == rules.attacker();
  std::optional<Turn> key;
  if (need && attacker_to_move && !rules.goal_reached(root)) key = reader.attacker_turn(root, *need);
  if (!need || (attacker_to_move && !rules.goal_reached(root) && !key)) {
    result.status = SolveStatus::Unknown;  // a limit stopped the reading of the proof
    return;
  }
  result.status = SolveStatus::Solved;
  result.length = *need;
  if (key) result.keys.push_back(*key);
}

}  // namespace

SolveResult solve(const Position& pos, const Stipulation& stipulation, const SolveOptions& options,
                  TranspositionTable& tt) {
  if (stipulation.is_proof()) {
    if (!options.keep_table) tt.clear_growing_early();
  } else {
    tt.clear();
  }
  std::optional<Workers> own_workers;
  Workers& workers = options.workers ? *options.workers : own_workers.emplace(options.threads);
  SearchControl control(options.limits);
  NodeRules rules = NodeRules::for_problem(stipulation, pos, options.tables);
  rules.stop_table_making_when([&control] { return control.poll(); });
  SolveResult result;
  if (rules.is_help()) {
    solve_help(pos, rules, options, tt, workers, control, result);
  } else if (stipulation.is_series()) {
    solve_series(pos, rules, options, tt, workers, control, result);
  } else if (stipulation.is_proof()) {
    solve_proof(pos, rules, options, tt, workers, control, result);
  } else {
    DirectSolver(pos, rules, options, tt, workers, control).run(result);
  }
  result.nodes = control.nodes();
  result.seconds = control.elapsed_seconds();
  result.threads = workers.threads();
  return result;
}

}  // namespace dm::search
