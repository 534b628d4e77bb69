// The explorer's scheduler (solver/explore/explorer.h, top_tree.h): a leaf whose job runs out
// is run again with twice the budget until the most, and only then expanded; every turn gets
// work in turn (least effort first), the mover's question waits for the opponent's to be
// disproven, and a run stopped and resumed grows the same trees as one that never stopped
// (with --fresh-tables). A worker that keeps its table goes on where its last job stopped.
#include <catch2/catch.hpp>

#include <algorithm>

#include "explore/job_records.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "solver/explore/explorer.h"
#include "solver/explore/job_runner.h"
#include "solver/explore/job_store.h"
#include "solver/explore/local_pool.h"
#include "solver/explore/top_tree.h"
#include "solver/files/whole_file.h"
#include "solver/proof/proof_check.h"
#include "solver/search/root_turns.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"
#include "temp_dir.h"

using namespace dm;
using namespace dm::explore;

namespace {

Variant losing_marseillais() {
  auto variant = make_variant("losing-marseillais", {});
  REQUIRE(variant);
  return *variant;
}

Position start_position(const Variant& variant) {
  Position pos;
  pos.set_start(variant);  // the balanced start: White's first turn is one move
  return pos;
}

// One explore run of the start of Losing Marseillais on one thread, small jobs, to `jobs`
// jobs of its session, on the store at path.
struct Run {
  std::vector<MoveResult> results;
  std::vector<bool> mover_question_untouched;  // its tree still a single leaf at the first budget
};

Run explore_start(const std::string& path, uint64_t jobs, bool fresh_tables = false) {
  const Variant variant = losing_marseillais();
  const Position pos = start_position(variant);
  auto store = JobStore::open(path, std::string(variant.name), variant.describe_options());
  REQUIRE(store);
  ExploreOptions options;
  options.job_nodes = 2000;
  options.max_job_nodes = 16000;
  options.max_jobs = jobs;
  options.fresh_tables = fresh_tables;
  const auto first = (*store)->session_start(Explorer::session_name(pos, options));
  REQUIRE(first);
  search::Workers workers(1);
  search::TranspositionTable tt(4);
  JobRunner runner(workers, tt);
  runner.keep_table(!fresh_tables);
  Explorer explorer(pos, **store, options, *first);
  LocalPool pool(runner, variant, options.limits);
  const ExploreEnd end = explorer.run(pool, {});
  CHECK((end == ExploreEnd::Limit || end == ExploreEnd::Decided));
  Run run{explorer.results(), {}};
  for (size_t i = 0; i < run.results.size(); ++i) {
    const TopTree& win = explorer.tree(i, Question::MoverWins);
    run.mover_question_untouched.push_back(win.size() == 1 && win.root().source == TopTree::Source::Leaf &&
                                           win.budget(0) == options.job_nodes);
  }
  return run;
}

const MoveResult& result_of(const Run& run, std::string_view uci) {
  const auto it = std::find_if(run.results.begin(), run.results.end(),
                               [&](const MoveResult& r) { return turn_to_uci(r.turn) == uci; });
  REQUIRE(it != run.results.end());
  return *it;
}

}  // namespace

TEST_CASE("a leaf that runs out is run again with twice the budget, then expanded", "[explore]") {
  const Variant variant = losing_marseillais();
  std::optional<Position> after;  // 1.a3
  for (search::RootTurn& turn : search::enumerate_root_turns(start_position(variant))) {
    if (turn_to_uci(turn.moves) == "a2a3") after = turn.after;
  }
  REQUIRE(after);
  TopTree tree(*after, Color::Black, {100, 400}, [](const Position&) { return std::nullopt; });
  REQUIRE(tree.most_proving_leaf() == 0);
  CHECK(tree.budget(0) == 100);

  tree.record(0, test::open_job(100, 7, 900));
  CHECK(tree.size() == 1);  // not expanded
  CHECK(tree.budget(0) == 200);
  CHECK(tree.root().pn == 7);  // the numbers the job's search left at its root
  CHECK(tree.root().dn == 900);

  tree.record(0, test::open_job(200, 0, 0));  // numbers not known: kept
  CHECK(tree.budget(0) == 400);
  CHECK(tree.root().pn == 7);

  tree.mark_busy(0);
  CHECK_FALSE(tree.has_free_leaf());
  tree.record(0, test::open_job(400, 9, 9));  // the most budget spent: expanded into Black's turns
  CHECK(tree.root().source == TopTree::Source::Expanded);
  CHECK(tree.size() > 100);
  const uint32_t leaf = tree.most_proving_leaf();
  CHECK(leaf != 0);
  CHECK(tree.budget(leaf) == 100);  // a new leaf starts at the first budget
}

TEST_CASE("explore reaches every first turn and decides the quick refutations", "[explore]") {
  const test::TempDir dir;
  const Run run = explore_start(dir.file("a.sqlite"), 80);
  REQUIRE(run.results.size() == 20);
  uint64_t least = UINT64_MAX, most = 0;
  for (size_t i = 0; i < run.results.size(); ++i) {
    const MoveResult& r = run.results[i];
    INFO(turn_to_uci(r.turn));
    CHECK(r.jobs >= 1);  // every turn got work
    CHECK(r.status != MoveStatus::Won);
    // Nobody asked the mover's question: no opponent's question was disproven.
    CHECK(run.mover_question_untouched[i]);
    if (r.status == MoveStatus::Open) {
      least = std::min(least, r.nodes);
      most = std::max(most, r.nodes);
    }
  }
  // Least effort first: no open turn has had more than one job's worth (twice the effort
  // before it) over another.
  CHECK(most <= 2 * least + 16000);
  // Found lost within 8,000 nodes each (one `solve --stip win` of Black after the move).
  for (const char* move : {"e2e3", "e2e4", "d2d4", "d2d3"}) {
    INFO(move);
    CHECK(result_of(run, move).status == MoveStatus::Lost);
    CHECK(result_of(run, move).refutation);
  }
}

TEST_CASE("an explore stopped and resumed grows the trees of one that never stopped (fresh tables)", "[explore]") {
  const test::TempDir dir;
  const Run whole = explore_start(dir.file("whole.sqlite"), 60, true);
  explore_start(dir.file("resumed.sqlite"), 25, true);
  const Run resumed = explore_start(dir.file("resumed.sqlite"), 60, true);
  REQUIRE(whole.results.size() == resumed.results.size());
  for (size_t i = 0; i < whole.results.size(); ++i) {
    INFO(turn_to_uci(whole.results[i].turn));
    CHECK(whole.results[i].status == resumed.results[i].status);
    CHECK(whole.results[i].jobs == resumed.results[i].jobs);
    CHECK(whole.results[i].nodes == resumed.results[i].nodes);
  }
}

TEST_CASE("a worker that keeps its table goes on where its last job stopped", "[explore]") {
  // Losing Marseillais after 1.Na3: Black forces its win (found proven within 400,000 nodes).
  // A job of twice the budget on a kept table starts from the numbers its last job left, so
  // it proves with fewer nodes than the same job on an empty table. A job for the other side
  // in between (White's win, which a kept table must not mix up with Black's) changes nothing.
  // Both tables are 2 MiB, their first size, so that neither has grown more than the other.
  const Variant variant = losing_marseillais();
  Game game(start_position(variant));
  const auto na3 = parse_move(game.position(), "b1a3");
  REQUIRE(na3);
  game.play(*na3);
  const Position pos = game.position();
  const test::TempDir dir;
  search::Workers workers(1);
  const auto job = [&](JobRunner& runner, Color attacker, uint64_t budget, const std::string& name) {
    const JobOutcome outcome = runner.run(pos, attacker, budget, {}, {});
    REQUIRE(outcome.complete);
    CHECK(outcome.proof_bytes.empty() == (outcome.record.status != JobStatus::Proven));
    REQUIRE_FALSE(files::write_whole_file(dir.file(name), outcome.proof_bytes));
    return outcome.record;
  };
  search::TranspositionTable fresh_tt(2);
  JobRunner fresh(workers, fresh_tt);
  fresh.keep_table(false);
  const JobRecord alone = job(fresh, Color::Black, 1'000'000, "alone.proof");
  REQUIRE(alone.status == JobStatus::Proven);
  REQUIRE(alone.nodes > 60'000);

  search::TranspositionTable kept_tt(2);
  JobRunner kept(workers, kept_tt);
  const JobRecord first = job(kept, Color::Black, alone.nodes / 2, "first.proof");
  REQUIRE(first.status == JobStatus::Open);
  const JobRecord other_side = job(kept, Color::White, 20'000, "white.proof");
  CHECK(other_side.status != JobStatus::Proven);  // White does not force its win
  const JobRecord second = job(kept, Color::Black, alone.nodes, "second.proof");
  REQUIRE(second.status == JobStatus::Proven);
  CHECK(second.nodes < alone.nodes);
  const proof::CheckResult check = proof::check_proof(dir.file("second.proof"));
  INFO(check.flaw());
  CHECK(check.accepted());
}
