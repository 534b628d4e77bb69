// The messages of explore's job pool (solver/explore/pool_messages.h), as the MPI ranks send
// them: each read back gives what was written, and malformed bytes are refused.
#include <catch2/catch.hpp>

#include "solver/explore/pool_messages.h"

using namespace dm;
using namespace dm::explore;

TEST_CASE("a job message reads back as the job", "[explore]") {
  const PoolJob job{42, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b - -", Color::Black, 300000};
  const auto read = parse_job(job_message(job));
  REQUIRE(read);
  CHECK(read->ticket == 42);
  CHECK(read->fen == job.fen);
  CHECK(read->attacker == Color::Black);
  CHECK(read->budget == 300000);
}

TEST_CASE("a result message reads back with its proof bytes", "[explore]") {
  PoolResult result;
  result.ticket = 7;
  result.outcome.record.status = JobStatus::Proven;
  result.outcome.record.turn = "e7e5,d8h4";
  result.outcome.record.proof_nodes = 1234;
  result.outcome.record.proof_depth = 17;
  result.outcome.record.nodes = 99999;
  result.outcome.record.seconds = 0.125;
  result.outcome.proof_bytes = std::string("\x28\xb5\x2f\xfd\n\0binary\n", 13);  // a zstd frame may hold anything
  const auto read = parse_result(result_message(result));
  REQUIRE(read);
  CHECK(read->ticket == 7);
  CHECK(read->outcome.record.status == JobStatus::Proven);
  CHECK(read->outcome.record.turn == "e7e5,d8h4");
  CHECK(read->outcome.record.proof_nodes == 1234);
  CHECK(read->outcome.record.proof_depth == 17);
  CHECK(read->outcome.record.nodes == 99999);
  CHECK(read->outcome.record.seconds == 0.125);
  CHECK(read->outcome.proof_bytes == result.outcome.proof_bytes);
}

TEST_CASE("an open result has no turn and no proof", "[explore]") {
  PoolResult result;
  result.ticket = 3;
  result.outcome.record.nodes = 5;
  result.outcome.record.seconds = 1.0 / 3.0;
  result.outcome.record.pn = 17;
  result.outcome.record.dn = 4294967294u;
  const auto read = parse_result(result_message(result));
  REQUIRE(read);
  CHECK(read->outcome.record.status == JobStatus::Open);
  CHECK(read->outcome.record.pn == 17);  // the root's numbers go into the leader's top tree
  CHECK(read->outcome.record.dn == 4294967294u);
  CHECK(read->outcome.record.turn.empty());
  CHECK(read->outcome.record.seconds == result.outcome.record.seconds);  // all 17 digits travel
  CHECK(read->outcome.proof_bytes.empty());
}

TEST_CASE("malformed pool messages are refused", "[explore]") {
  CHECK_FALSE(parse_job(""));
  CHECK_FALSE(parse_job("1\nx\n100\n8/8/8/8/8/8/8/8 w - -"));  // no such attacker
  CHECK_FALSE(parse_job("one\nw\n100\nfen"));
  CHECK_FALSE(parse_result(""));
  CHECK_FALSE(parse_result("1\nwon\n\n0\n0\n0\n0\n"));  // no such status
  CHECK_FALSE(parse_result("1\nproven\ne2e4\n10\n"));   // fields missing
  CHECK_FALSE(parse_result("1\nopen\n\n0\n0\n5\n0.5\n"));  // no root numbers
}
