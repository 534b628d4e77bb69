// The explorer's leader loop over a job pool (Explorer::run, solver/explore/explorer.h), with
// a pool of several workers that runs its jobs in this process: the same verdicts as the local
// pool of one worker (local_pool.h), a pool with no worker left, and results the explorer did
// not hand out or has had already.
//
// The position: antichess, White's rook on e1 against Black's pawns on b2 and c2, White to
// move: Re2 loses, every other rook move wins.

#include "solver/explore/explorer.h"
#include "solver/explore/local_pool.h"

#include <catch2/catch.hpp>
#include <deque>
#include <map>

#include "rules/notation.h"
#include "solver/proof/proof_check.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"
#include "test_data.h"

using namespace dm;
using namespace dm::explore;

namespace {

constexpr const char* kRookAndPawns = "8/8/8/8/8/8/1pp5/4R3 w - - 0 1";

// A pool whose workers are slots: submit() queues a job, next() runs the oldest on this thread
// with a JobRunner and gives back its result, with a proof's bytes read back from the file the
// runner wrote. Faults on request: no worker left, a result with a ticket never handed out
// before each real one, each result given twice.
class InProcessPool : public JobPool {
 public:
  InProcessPool(const Variant& variant, size_t workers) : variant_(variant), workers_(workers) {
    runner_.keep_table(false);
  }

  bool no_worker_left = false;
  bool stray_tickets = false;
  bool results_twice = false;

  size_t idle_workers() const override { return queue_.size() < workers_ ? workers_ - queue_.size() : 0; }
  void submit(const PoolJob& job) override {
    queue_.push_back(job);
    most_queued_ = std::max(most_queued_, queue_.size());
  }
  std::optional<PoolResult> next(const std::atomic<bool>*) override {
    if (no_worker_left) return std::nullopt;
    if (again_) {
      ++repeated_;
      return std::exchange(again_, std::nullopt);
    }
    if (stray_tickets && !stray_given_) {
      stray_given_ = true;
      ++strays_;
      PoolResult stray;
      stray.ticket = 1'000'000 + ran_;
      stray.outcome.record.status = JobStatus::Proven;
      stray.outcome.record.turn = "e1e8";
      stray.outcome.proof_bytes = "no proof";
      stray.outcome.complete = true;
      return stray;
    }
    REQUIRE_FALSE(queue_.empty());
    const PoolJob job = queue_.front();
    queue_.pop_front();
    stray_given_ = false;
    JobOutcome outcome = runner_.run(test::position_of(variant_, job.fen), job.attacker, job.budget, {}, {});
    REQUIRE(outcome.complete);
    ++ran_;
    PoolResult result{job.ticket, std::move(outcome)};
    if (result.outcome.record.status == JobStatus::Proven) REQUIRE_FALSE(result.outcome.proof_bytes.empty());
    if (results_twice) again_ = result;
    return result;
  }
  void stop() override { stopped_ = true; }

  uint64_t ran() const { return ran_; }
  uint64_t strays() const { return strays_; }
  uint64_t repeated() const { return repeated_; }
  size_t most_queued() const { return most_queued_; }
  bool stopped() const { return stopped_; }

 private:
  Variant variant_;
  size_t workers_;
  search::Workers threads_{1};
  search::TranspositionTable tt_{2};
  JobRunner runner_{threads_, tt_};
  std::deque<PoolJob> queue_;
  std::optional<PoolResult> again_;
  bool stray_given_ = false;
  uint64_t ran_ = 0;
  uint64_t strays_ = 0;
  uint64_t repeated_ = 0;
  size_t most_queued_ = 0;
  bool stopped_ = false;
};

// Jobs of 800 to 3,200 nodes decide every root without expanding it; with jobs of 500 to
// 2,000 nodes some roots run out and are expanded, and the run takes some three times the jobs.
ExploreOptions small_jobs(uint64_t first = 800, uint64_t most = 3200) {
  ExploreOptions options;
  options.job_nodes = first;
  options.max_job_nodes = most;
  options.fresh_tables = true;
  return options;
}

std::unique_ptr<JobStore> memory_store(const Variant& variant) {
  auto store = JobStore::open(":memory:", std::string(variant.name), variant.describe_options());
  INFO((store ? std::string() : store.error()));
  REQUIRE(store);
  return std::move(*store);
}

// Each first move in UCI with its verdict, in the order of their names.
std::string verdicts_of(const Explorer& explorer) {
  std::map<std::string, MoveStatus> verdicts;
  for (const MoveResult& r : explorer.results()) verdicts[turn_to_uci(r.turn)] = r.status;
  std::string text;
  for (const auto& [move, status] : verdicts) {
    text += (text.empty() ? "" : ", ") + move + " " + std::string(move_status_name(status));
  }
  return text;
}

// Re2 loses, every other rook move wins.
constexpr const char* kVerdicts =
    "e1a1 won, e1b1 won, e1c1 won, e1d1 won, e1e2 lost, e1e3 won, e1e4 won, e1e5 won, e1e6 won, e1e7 won, "
    "e1e8 won, e1f1 won, e1g1 won, e1h1 won";

uint64_t total_jobs(const Explorer& explorer) {
  uint64_t jobs = 0;
  for (const MoveResult& r : explorer.results()) jobs += r.jobs;
  return jobs;
}

// What a run over the pool leaves: the verdicts, the jobs the explorer counted, and the store's next number.
struct PoolRun {
  ExploreEnd end;
  std::string error;
  std::string verdicts;
  uint64_t jobs = 0;
  uint64_t next_id = 0;
};

PoolRun explore_in_pool(InProcessPool& pool, const ExploreOptions& options = small_jobs()) {
  const Variant variant = test::variant_named("antichess");
  const Position pos = test::position_of(variant, kRookAndPawns);
  const auto store = memory_store(variant);
  const auto first = store->session_start(Explorer::session_name(pos, options));
  REQUIRE(first);
  Explorer explorer(pos, *store, options, *first);
  const ExploreEnd end = explorer.run(pool, {});
  return {end, explorer.error(), verdicts_of(explorer), total_jobs(explorer), store->next_id()};
}

}  // namespace

TEST_CASE("a pool of several workers decides the moves that the local pool decides, with the same verdicts",
          "[explore]") {
  const Variant variant = test::variant_named("antichess");
  const Position pos = test::position_of(variant, kRookAndPawns);

  const auto store = memory_store(variant);
  const ExploreOptions options = small_jobs(500, 2000);
  search::Workers workers(1);
  search::TranspositionTable tt(2);
  JobRunner runner(workers, tt);
  runner.keep_table(false);
  Explorer one(pos, *store, options, *store->session_start(Explorer::session_name(pos, options)));
  LocalPool local(runner, variant, options.limits);
  REQUIRE(one.run(local, {}) == ExploreEnd::Decided);
  CHECK(verdicts_of(one) == kVerdicts);
  // Some root ran out at the most budget and was expanded: in the pool's run, leaves of one
  // tree are busy at once.
  bool expanded = false;
  for (size_t i = 0; i < one.results().size(); ++i) {
    expanded = expanded || one.tree(i, Question::MoverWins).root().source == TopTree::Source::Expanded;
  }
  CHECK(expanded);

  InProcessPool pool(variant, 3);
  const auto pool_store = memory_store(variant);
  Explorer many(pos, *pool_store, options, *pool_store->session_start(Explorer::session_name(pos, options)));
  REQUIRE(many.run(pool, {}) == ExploreEnd::Decided);
  CHECK(verdicts_of(many) == kVerdicts);
  CHECK(pool.most_queued() == 3);  // several jobs at once
  CHECK(total_jobs(many) == pool.ran());
  CHECK(pool_store->next_id() == pool.ran() + 1);
  CHECK_FALSE(pool.stopped());

  // The proofs came through whole: a won move decided by one job has its proof in the store.
  bool checked = false;
  for (size_t i = 0; i < many.results().size() && !checked; ++i) {
    const TopTree* proven = many.proof_tree(i);
    if (!proven || proven->root().source != TopTree::Source::Job || proven->root().job->proof_file.empty()) continue;
    const proof::CheckResult check = proof::check_proof(pool_store->proof_dir() + "/" + proven->root().job->proof_file);
    INFO(check.flaw());
    CHECK(check.accepted());
    checked = true;
  }
  CHECK(checked);
}

TEST_CASE("a pool with no worker left ends the run with an error", "[explore]") {
  SECTION("the workers die with jobs handed out") {
    InProcessPool pool(test::variant_named("antichess"), 2);
    pool.no_worker_left = true;
    const PoolRun run = explore_in_pool(pool);
    CHECK(run.end == ExploreEnd::Error);
    CHECK(run.error == "no worker is left");
    CHECK(run.next_id == 1);  // nothing recorded
    CHECK(pool.stopped());
    CHECK(pool.ran() == 0);
  }
  SECTION("no worker ever takes a job") {
    InProcessPool pool(test::variant_named("antichess"), 0);
    const PoolRun run = explore_in_pool(pool);
    CHECK(run.end == ExploreEnd::Error);
    CHECK(run.error == "no worker is left");
    CHECK(run.next_id == 1);
    CHECK(pool.most_queued() == 0);
  }
}

TEST_CASE("an interrupt raised before a pool's run hands out no job", "[explore]") {
  InProcessPool pool(test::variant_named("antichess"), 2);
  std::atomic<bool> interrupt{true};
  ExploreOptions options = small_jobs();
  options.limits.interrupt = &interrupt;
  const PoolRun run = explore_in_pool(pool, options);
  CHECK(run.end == ExploreEnd::Interrupted);
  CHECK(run.error.empty());
  CHECK(run.next_id == 1);
  CHECK(pool.most_queued() == 0);
  CHECK(pool.ran() == 0);
}

TEST_CASE("a result with a ticket the explorer never handed out is ignored", "[explore]") {
  InProcessPool pool(test::variant_named("antichess"), 3);
  pool.stray_tickets = true;
  const PoolRun run = explore_in_pool(pool);
  CHECK(pool.strays() == pool.ran());  // one before each real result
  CHECK(run.end == ExploreEnd::Decided);
  CHECK(run.verdicts == kVerdicts);
  CHECK(run.jobs == pool.ran());
  CHECK(run.next_id == pool.ran() + 1);  // no row for the strays
}

TEST_CASE("a result given twice is recorded once", "[explore]") {
  InProcessPool pool(test::variant_named("antichess"), 3);
  pool.results_twice = true;
  const PoolRun run = explore_in_pool(pool);
  CHECK(pool.repeated() + 1 >= pool.ran());  // every result but perhaps the last came again
  CHECK(run.end == ExploreEnd::Decided);
  CHECK(run.verdicts == kVerdicts);
  CHECK(run.jobs == pool.ran());
  CHECK(run.next_id == pool.ran() + 1);  // one row a job
}

TEST_CASE("the local pool runs a job within what the run's limits leave, and drops one they stop", "[explore]") {
  const Variant variant = test::variant_named("losing-marseillais");
  search::Workers workers(1);
  search::TranspositionTable tt(2);
  JobRunner runner(workers, tt);
  runner.keep_table(false);
  const PoolJob start{7, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", Color::Black, 1'000'000};

  SECTION("a job within the limits runs to its budget") {
    LocalPool pool(runner, variant, {});
    CHECK(pool.idle_workers() == 1);
    pool.submit({start.ticket, start.fen, start.attacker, 2000});
    CHECK(pool.idle_workers() == 0);
    const auto result = pool.next(nullptr);
    REQUIRE(result);
    CHECK(result->ticket == 7);
    CHECK(result->outcome.complete);
    CHECK(result->outcome.record.status == JobStatus::Open);
    CHECK(result->outcome.record.nodes >= 2000);
    CHECK(pool.idle_workers() == 1);
  }
  SECTION("the run's nodes run out within the job: it comes back not complete") {
    search::SearchLimits limits;
    limits.nodes = 3000;
    LocalPool pool(runner, variant, limits);
    pool.submit({start.ticket, start.fen, start.attacker, 2000});
    const auto first = pool.next(nullptr);
    REQUIRE(first);
    CHECK(first->outcome.complete);  // 2,000 of the 3,000
    pool.submit(start);
    const auto second = pool.next(nullptr);
    REQUIRE(second);
    CHECK(second->ticket == 7);
    CHECK_FALSE(second->outcome.complete);
    CHECK(second->outcome.record.nodes < start.budget);
    CHECK(second->outcome.error.empty());
    // Nothing left for a third.
    pool.submit(start);
    const auto third = pool.next(nullptr);
    REQUIRE(third);
    CHECK_FALSE(third->outcome.complete);
    CHECK(third->outcome.record.nodes == 0);
  }
  SECTION("an interrupt: no result") {
    std::atomic<bool> interrupt{true};
    search::SearchLimits limits;
    limits.interrupt = &interrupt;
    LocalPool pool(runner, variant, limits);
    pool.submit(start);
    CHECK_FALSE(pool.next(&interrupt));
  }
  SECTION("the explorer stops at the limit and keeps only the jobs that ended") {
    const Variant antichess = test::variant_named("antichess");
    const Position pos = test::position_of(antichess, kRookAndPawns);
    ExploreOptions options = small_jobs();
    options.limits.nodes = 1000;
    const auto store = memory_store(antichess);
    Explorer explorer(pos, *store, options, *store->session_start(Explorer::session_name(pos, options)));
    LocalPool pool(runner, antichess, options.limits);
    CHECK(explorer.run(pool, {}) == ExploreEnd::Limit);
    CHECK(explorer.error().empty());
    CHECK(total_jobs(explorer) > 0);
    CHECK(store->next_id() == total_jobs(explorer) + 1);
  }
}
