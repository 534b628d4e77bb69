// The explore store (solver/explore/job_store.h), in memory and in a file: jobs found again by
// position, attacker and budget among the jobs numbered up to a given one (as the explorer
// reads it), job and session numbers, a file locked while open and read whole by the next
// open, and the stores and files it refuses.

#include "solver/explore/job_store.h"

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <filesystem>

#include "temp_dir.h"
#include "test_data.h"

using namespace dm;
using namespace dm::explore;

namespace {

// Antichess: White's king on a1 against Black's pawn on a7, each side to move.
constexpr const char* kWhiteToMove = "8/p7/8/8/8/8/8/K7 w - -";
constexpr const char* kBlackToMove = "8/p7/8/8/8/8/8/1K6 b - -";

Expected<std::unique_ptr<JobStore>> open_store(const std::string& path, const Variant& variant) {
  return JobStore::open(path, std::string(variant.name), variant.describe_options());
}

std::unique_ptr<JobStore> antichess_store(const std::string& path) {
  auto store = open_store(path, test::variant_named("antichess"));
  INFO((store ? std::string() : store.error()));
  REQUIRE(store);
  return std::move(*store);
}

JobRecord open_job(uint64_t id, const char* fen, uint64_t budget) {
  JobRecord job;
  job.id = id;
  job.fen = fen;
  job.attacker = Color::White;
  job.budget = budget;
  job.status = JobStatus::Open;
  job.nodes = budget;
  job.seconds = 0.25;
  job.pn = 3;
  job.dn = 7;
  return job;
}

JobRecord proven_job(uint64_t id, const char* fen, uint64_t budget) {
  JobRecord job;
  job.id = id;
  job.fen = fen;
  job.attacker = Color::White;
  job.budget = budget;
  job.status = JobStatus::Proven;
  job.turn = "a1b1";
  job.proof_file = std::to_string(id) + ".proof.zst";
  job.proof_nodes = 12;
  job.proof_depth = 3;
  job.nodes = 900;
  job.seconds = 0.5;
  return job;
}

// The id of what the store finds, 0 for nothing.
uint64_t found_id(JobStore& store, const char* fen, Color attacker, uint64_t budget, uint64_t last_id) {
  const auto job = store.find(fen, attacker, budget, last_id);
  return job ? job->id : 0;
}

}  // namespace

TEST_CASE("a store finds a proof with any budget and an open job with at least the budget asked", "[explore]") {
  const auto store = antichess_store(":memory:");
  CHECK(store->next_id() == 1);
  REQUIRE_FALSE(store->record(open_job(1, kWhiteToMove, 1000)));
  CHECK(store->next_id() == 2);

  const auto open = store->find(kWhiteToMove, Color::White, 1000, 1);
  REQUIRE(open);
  CHECK(open->id == 1);
  CHECK(open->status == JobStatus::Open);
  CHECK(open->budget == 1000);
  CHECK(open->nodes == 1000);
  CHECK(open->seconds == 0.25);
  CHECK(open->pn == 3);
  CHECK(open->dn == 7);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 500, 1) == 1);   // spent more than asked
  CHECK(found_id(*store, kWhiteToMove, Color::White, 2000, 1) == 0);  // spent less
  CHECK(found_id(*store, kWhiteToMove, Color::Black, 1000, 1) == 0);  // the other attacker
  CHECK(found_id(*store, kBlackToMove, Color::White, 1000, 1) == 0);  // another position

  REQUIRE_FALSE(store->record(proven_job(2, kWhiteToMove, 2000)));
  const auto proven = store->find(kWhiteToMove, Color::White, 1'000'000, 2);
  REQUIRE(proven);
  CHECK(proven->id == 2);
  CHECK(proven->status == JobStatus::Proven);
  CHECK(proven->turn == "a1b1");
  CHECK(proven->proof_file == "2.proof.zst");
  CHECK(proven->proof_nodes == 12);
  CHECK(proven->proof_depth == 3);
  CHECK(proven->pn == 0);  // not known for a decided job
  CHECK(proven->dn == 0);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 1000, 2) == 2);  // the proof before the open job
  // Among the jobs numbered up to 1, the proof is not there yet.
  CHECK(found_id(*store, kWhiteToMove, Color::White, 1000, 1) == 1);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 1'000'000, 1) == 0);
}

TEST_CASE("of several open jobs the earliest with the budget is found", "[explore]") {
  const auto store = antichess_store(":memory:");
  REQUIRE_FALSE(store->record(open_job(1, kWhiteToMove, 1000)));
  REQUIRE_FALSE(store->record(open_job(2, kWhiteToMove, 4000)));
  CHECK(found_id(*store, kWhiteToMove, Color::White, 500, 2) == 1);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 2000, 2) == 2);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 8000, 2) == 0);
}

TEST_CASE("find_next finds the first job after a number, in the order recorded", "[explore]") {
  // What a resumed explore replays at a leaf: the job its earlier run ran there, not a later
  // proof of the same position (a bigger job, run after it).
  const auto store = antichess_store(":memory:");
  REQUIRE_FALSE(store->record(open_job(1, kWhiteToMove, 1000)));
  REQUIRE_FALSE(store->record(open_job(2, kWhiteToMove, 2000)));
  REQUIRE_FALSE(store->record(proven_job(3, kWhiteToMove, 4000)));
  const auto next_id = [&](uint64_t budget, uint64_t after) {
    const auto job = store->find_next(kWhiteToMove, Color::White, budget, after);
    return job ? job->id : 0;
  };
  CHECK(next_id(1000, 0) == 1);
  CHECK(next_id(2000, 0) == 2);  // job 1 spent less
  CHECK(next_id(2000, 1) == 2);
  CHECK(next_id(4000, 1) == 3);
  CHECK(next_id(1000, 3) == 0);  // nothing after the last
  CHECK_FALSE(store->find_next(kWhiteToMove, Color::Black, 1000, 0));
  // find() prefers the proof among the jobs up to a number.
  CHECK(found_id(*store, kWhiteToMove, Color::White, 1000, 3) == 3);
}

TEST_CASE("next_id follows the jobs recorded, and a number taken twice is refused", "[explore]") {
  const auto store = antichess_store(":memory:");
  REQUIRE_FALSE(store->record(open_job(store->next_id(), kWhiteToMove, 1000)));
  REQUIRE_FALSE(store->record(open_job(store->next_id(), kBlackToMove, 1000)));
  CHECK(store->next_id() == 3);
  const auto error = store->record(open_job(2, kWhiteToMove, 2000));
  REQUIRE(error);
  CHECK_THAT(*error, Catch::StartsWith(":memory:: cannot write the store: "));
  CHECK(store->next_id() == 3);
  CHECK(found_id(*store, kWhiteToMove, Color::White, 2000, 3) == 0);  // the refused row is not there
  CHECK(store->proof_path(7) == store->proof_dir() + "/7.proof.zst");
}

TEST_CASE("a session keeps its first job number, and a new one starts at the next job", "[explore]") {
  const auto store = antichess_store(":memory:");
  CHECK(*store->session_start("first") == 1);
  REQUIRE_FALSE(store->record(open_job(1, kWhiteToMove, 1000)));
  REQUIRE_FALSE(store->record(open_job(2, kBlackToMove, 1000)));
  CHECK(*store->session_start("first") == 1);
  CHECK(*store->session_start("second") == 3);
  REQUIRE_FALSE(store->record(open_job(3, kWhiteToMove, 2000)));
  CHECK(*store->session_start("second") == 3);
}

TEST_CASE("stores in memory are apart, take no lock, and keep proofs in a folder removed with them", "[explore]") {
  auto first = antichess_store(":memory:");
  auto second = antichess_store(":memory:");  // not locked out by the first
  REQUIRE_FALSE(first->record(open_job(1, kWhiteToMove, 1000)));
  CHECK(found_id(*first, kWhiteToMove, Color::White, 1000, 1) == 1);
  CHECK(found_id(*second, kWhiteToMove, Color::White, 1000, 1) == 0);
  CHECK(second->next_id() == 1);

  const std::filesystem::path folder = first->proof_dir();
  CHECK(folder != second->proof_dir());
  CHECK(folder.filename().string().rfind("dmsolve-store-", 0) == 0);
  REQUIRE(std::filesystem::is_directory(folder));
  test::TempDir scratch;
  std::filesystem::copy_file(scratch.write("proof", "bytes"), first->proof_path(1));
  first.reset();
  CHECK_FALSE(std::filesystem::exists(folder));
  CHECK(std::filesystem::is_directory(second->proof_dir()));
}

TEST_CASE("a store file is locked while open, and the next open sees its jobs and sessions", "[explore]") {
  const test::TempDir dir;
  const std::string path = dir.file("jobs.sqlite");
  auto store = antichess_store(path);
  CHECK(store->proof_dir() == path + ".proofs");
  CHECK(std::filesystem::is_directory(store->proof_dir()));
  CHECK(*store->session_start("session") == 1);
  REQUIRE_FALSE(store->record(proven_job(1, kBlackToMove, 1000)));
  REQUIRE_FALSE(store->record(open_job(2, kWhiteToMove, 1000)));

  const auto locked = open_store(path, test::variant_named("antichess"));
  REQUIRE_FALSE(locked);
  CHECK(locked.error() == path + ": cannot lock the store (is another explore using it?)");

  store.reset();
  store = antichess_store(path);
  CHECK(store->next_id() == 3);
  CHECK(*store->session_start("session") == 1);
  const auto proven = store->find(kBlackToMove, Color::White, 1000, 2);
  REQUIRE(proven);
  CHECK(proven->id == 1);
  CHECK(proven->status == JobStatus::Proven);
  CHECK(proven->proof_file == "1.proof.zst");
  CHECK(found_id(*store, kWhiteToMove, Color::White, 1000, 2) == 2);
}

TEST_CASE("a store file of other rules is refused, naming both", "[explore]") {
  const test::TempDir dir;
  const std::string path = dir.file("jobs.sqlite");
  antichess_store(path);  // made for antichess, then closed
  const auto draw = open_store(path, test::variant_with("antichess", {"stalemate=draw"}));
  REQUIRE_FALSE(draw);
  CHECK(draw.error() == path + ": the store holds antichess (stalemate=win), not antichess (stalemate=draw)");
  const auto other = open_store(path, test::variant_named("chess"));
  REQUIRE_FALSE(other);
  CHECK(other.error() == path + ": the store holds antichess (stalemate=win), not chess ()");
  CHECK(open_store(path, test::variant_named("antichess")));  // its own rules still open it
}

TEST_CASE("a file that is no explore store is refused", "[explore]") {
  const test::TempDir dir;
  SECTION("no SQLite database") {
    const std::string path = dir.write("notes.sqlite", "dmsolve explore jobs, written by hand\n");
    const auto store = open_store(path, test::variant_named("antichess"));
    REQUIRE_FALSE(store);
    CHECK(store.error() == path + ": not an explore store: file is not a database");
  }
  SECTION("a SQLite database of another format") {
    const std::string path = dir.file("old.sqlite");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db,
                       "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);"
                       "INSERT INTO meta VALUES ('format', 'dmsolve-explore 0');",
                       nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    const auto store = open_store(path, test::variant_named("antichess"));
    REQUIRE_FALSE(store);
    CHECK(store.error() == path + ": not an explore store of this version (format 'dmsolve-explore 0')");
  }
  SECTION("a SQLite database of another program") {
    const std::string path = dir.file("other.sqlite");
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    CHECK(sqlite3_exec(db, "CREATE TABLE jobs(name TEXT);", nullptr, nullptr, nullptr) == SQLITE_OK);
    sqlite3_close(db);
    const auto store = open_store(path, test::variant_named("antichess"));
    REQUIRE_FALSE(store);
    CHECK(store.error() == path + ": not an explore store: no such column: fen");
  }
}
