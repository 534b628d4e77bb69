// The verdict, the keys, the solutions and the length do not depend on the thread count.

#include <cstdint>
#include <set>

#include <catch2/catch.hpp>

#include "solver/search/core/dfpn.h"
#include "solver/search/direct/candidate_pool.h"
#include "solver/search/help/help_search.h"
#include "solver/search/root_turns.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm::test;
using dm::search::NodeValue;

namespace {

void same_for_all_thread_counts(std::string_view variant, std::string_view fen, std::string_view stipulation) {
  INFO(variant << " " << fen << " " << stipulation);
  const SolverRun one = solve_fen(variant, fen, stipulation, 1);
  REQUIRE(one.result.status != dm::problem::SolveStatus::Unknown);
  for (const int threads : {2, 3, 4}) {
    INFO(threads << " threads");
    const SolverRun many = solve_fen(variant, fen, stipulation, threads);
    CHECK(many.result.status == one.result.status);
    CHECK(many.result.length == one.result.length);
    CHECK(many.answers == one.answers);
  }
}

// Each candidate alone in a pool of `threads` workers, so that they all search the same
// candidate at once: the verdict is the single worker's.
void same_verdicts_with_shared_candidates(std::string_view fen, std::string_view stipulation) {
  INFO(fen << " " << stipulation);
  const dm::Position pos = position_of("chess", fen);
  const auto stip = dm::problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  const auto rules = dm::search::NodeRules::for_problem(*stip, pos);
  const auto candidates = dm::search::enumerate_root_turns(pos);
  REQUIRE(!candidates.empty());
  size_t proven = 0;
  for (const auto& candidate : candidates) {
    const int turns = rules.child_turns(pos.side_to_move(), candidate.after, rules.root_turns());
    dm::search::TranspositionTable alone_tt(8);
    dm::search::SearchControl alone_control({});
    dm::Position after = candidate.after;
    const NodeValue alone = dm::search::Dfpn(rules, alone_tt, alone_control).solve(after, turns);
    REQUIRE(alone != NodeValue::Open);
    proven += alone == NodeValue::Proven;
    for (const int threads : {2, 4}) {
      INFO(dm::problem::turn_to_uci(candidate.moves) << ", " << threads << " workers");
      dm::search::Workers workers(threads);
      dm::search::TranspositionTable tt(8);
      dm::search::SearchControl control({});
      std::vector<std::atomic<NodeValue>> verdicts(1);
      dm::search::CandidatePool(rules, tt, control, workers).decide({{&candidate.after, turns}}, verdicts, false);
      CHECK(verdicts[0].load() == alone);
    }
  }
  CHECK(proven > 0);  // the key is among them
}

}  // namespace

TEST_CASE("several workers on one candidate decide it as one does", "[solver][threads]") {
  same_verdicts_with_shared_candidates("8/8/3K4/2R5/8/2Pk4/5Q2/8 w - - 0 1", "#3");
  same_verdicts_with_shared_candidates("8/8/8/8/2R1P3/kp1B4/8/K7 w - - 0 1", "s#1");
}

TEST_CASE("results are identical for every thread count", "[solver][threads]") {
  same_for_all_thread_counts("chess", "8/8/8/8/2R1P3/kp1B4/8/K7 w - - 0 1", "s#1");
  same_for_all_thread_counts("chess", "8/8/3K4/2R5/8/2Pk4/5Q2/8 w - - 0 1", "#3");
  same_for_all_thread_counts("chess", "8/8/8/5K2/4N3/2Qbk3/4p3/7R w - - 0 1", "#2");
  same_for_all_thread_counts("chess", "B1k5/p1q5/8/6p1/7b/6p1/7B/4K2R b K - 0 1", "h#2");
  for (const auto& p : popeye_problems("h=2")) same_for_all_thread_counts("chess", p.fen, p.stipulation);
  same_for_all_thread_counts("marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "#1");
  same_for_all_thread_counts("doublemove", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1", "#1");
}

TEST_CASE("results are identical for every thread count on harder problems", "[solver][threads][slow]") {
  same_for_all_thread_counts("chess", "3K4/1p3p2/1P3P2/8/4RB1p/3B1p1p/5kp1/6bb w - - 0 1", "#5");
  same_for_all_thread_counts("chess", "R5b1/7p/7P/np1pB3/1N1n4/3p4/2pN4/k1K5 w - - 0 1", "s#4");
}

TEST_CASE("progress reports come while the workers search", "[solver][threads]") {
  const dm::Position pos = position_of("chess", "8/8/3K4/2R5/8/2Pk4/5Q2/8 w - - 0 1");
  const auto stip = dm::problem::parse_stipulation("#3");
  REQUIRE(stip);
  for (const int threads : {2, 4}) {
    std::vector<dm::search::Progress> reports;  // written by the monitor thread only
    dm::search::SolveOptions options;
    options.threads = threads;
    options.progress_interval = 0.0005;
    options.on_progress = [&](const dm::search::Progress& p) { reports.push_back(p); };
    dm::search::TranspositionTable tt(8);
    const auto result = dm::search::solve(pos, *stip, options, tt);
    CHECK(result.status == dm::problem::SolveStatus::Solved);
    for (size_t i = 1; i < reports.size(); ++i) {
      CHECK(reports[i].nodes >= reports[i - 1].nodes);
      CHECK(reports[i].decided <= reports[i].candidates);
    }
  }
}

// The help-play bound's caches are the workers' scratch, one per thread, within the budget the
// workers were given (a batch gives them a share of --hash): the same solutions whatever the
// budget, and no scratch where no help play asked for one. The help problem keeps White's
// castling rights, where the help targets say nothing and the searches ask the bound.
TEST_CASE("the help bound's scratch is the workers', within their budget", "[solver][threads][help]") {
  // popeye-99, no #2 for Black; popeye-17 (h#2), two solutions, one of them castling.
  const dm::Position pos = position_of("chess", "8/4N3/2p1kB2/3b4/5P2/2K5/8/8 b - - 0 1");
  const dm::Position castling = position_of("chess", "8/8/8/8/8/1P1k1p2/7r/R3K2R b KQ - 0 1");
  const auto help = dm::problem::parse_stipulation("h#2");
  const auto direct = dm::problem::parse_stipulation("#2");
  REQUIRE(help);
  REQUIRE(direct);
  constexpr size_t kMiB = size_t(1) << 20;
  std::vector<dm::problem::Line> found[2];
  size_t bytes[2] = {};
  for (const int i : {0, 1}) {
    dm::search::Workers workers(1, i == 0 ? 2 * kMiB : 0);  // a small budget; the full size
    dm::search::TranspositionTable tt(8);
    dm::search::SolveOptions options;
    options.workers = &workers;
    CHECK(dm::search::solve(pos, *direct, options, tt).status == dm::problem::SolveStatus::NoSolution);
    CHECK(workers.scratch_bytes() == 0);  // direct play keeps none
    const auto result = dm::search::solve(castling, *help, options, tt);
    REQUIRE(result.status == dm::problem::SolveStatus::Solved);
    found[i] = result.solutions;
    bytes[i] = workers.scratch_bytes();
  }
  CHECK(found[0] == found[1]);
  CHECK(found[0].size() == 2);
  CHECK(bytes[0] > 0);
  CHECK(bytes[0] <= 2 * kMiB);
  CHECK(bytes[1] > 2 * kMiB);
  CHECK(bytes[1] <= 26 * kMiB);
}

// A help problem is split into tasks, the lines of its first moves that the search goes on
// from (HelpSearch::split); solved one by one, the tasks must find every solution of the
// whole search, each once, and a split over its cap must say that it was given up.
TEST_CASE("the tasks of a split help search find its solutions, each once", "[solver][threads][help]") {
  using namespace dm;
  using namespace dm::search;
  const auto problems = popeye_problems("h#5");
  REQUIRE_FALSE(problems.empty());
  const PublishedProblem& problem = problems.front();
  INFO(problem.fen << " " << problem.stipulation);
  const Position start = position_of("chess", problem.fen);
  const Stipulation stipulation = *parse_stipulation(problem.stipulation);
  const NodeRules rules = NodeRules::for_problem(stipulation, start, nullptr);
  const EndingBound bound(start.variant(), stipulation.goal);

  std::multiset<std::string> whole;
  {
    TranspositionTable tt(16);
    SearchControl control({});
    HelpSearch search(rules, tt, control, &bound);
    Position pos = start;
    std::vector<Line> lines;
    search.solve(pos, rules.root_turns(), {}, lines);
    for (const Line& line : lines) whole.insert(line_to_uci(line));
  }
  REQUIRE(std::set<std::string>(whole.begin(), whole.end()) == problem.expected);
  REQUIRE(whole.size() == problem.expected.size());

  TranspositionTable tt(16);
  SearchControl control({});
  std::vector<std::vector<PlayedMove>> tasks;
  std::vector<Line> within;
  Position pos = start;
  HelpSearch splitter(rules, tt, control, &bound);
  REQUIRE(splitter.split(pos, rules.root_turns(), 4, SIZE_MAX, tasks, within));
  CHECK(within.empty());
  REQUIRE(tasks.size() > 1);
  std::multiset<std::string> from_tasks;
  for (const std::vector<PlayedMove>& task : tasks) {
    REQUIRE(task.size() == 4);
    HelpSearch search(rules, tt, control, &bound);
    std::vector<Line> lines;
    search.solve_task(start, rules.root_turns(), task, lines);
    for (const Line& line : lines) from_tasks.insert(line_to_uci(line));
  }
  CHECK(from_tasks == whole);

  TranspositionTable fresh(16);
  std::vector<std::vector<PlayedMove>> capped;
  HelpSearch over_cap(rules, fresh, control, &bound);
  const size_t cap = tasks.size() / 2;
  CHECK_FALSE(over_cap.split(pos, rules.root_turns(), 4, cap, capped, within));
  CHECK(capped.size() > cap);
}
