// Every small case is solved twice: by the solver (df-pn and the help enumeration over the table,
// in parallel) and by the plain full-width oracle (oracle/brute_force.h, no table, goals read from
// the rules engine's outcome()). The two must agree exactly.

#include <catch2/catch.hpp>

#include "solver_support.h"

using namespace dm::test;

namespace {

void cross_check(std::string_view variant, std::string_view fen, std::string_view stipulation, int threads = 2) {
  INFO(variant << " " << fen << " " << stipulation);
  const SolverRun run = solve_fen(variant, fen, stipulation, threads);
  REQUIRE(run.result.status != dm::problem::SolveStatus::Unknown);
  CHECK(run.answers == brute_force_answers(variant, fen, stipulation));
}

}  // namespace

TEST_CASE("the solver agrees with the full-width oracle on Popeye's short problems", "[solver][oracle]") {
  for (const char* prefix : {"#1", "#2", "s#1", "h#0.5", "h#1", "h=0.5", "h=2"}) {
    for (const auto& p : popeye_problems(prefix)) {
      if (p.stipulation != prefix) continue;
      cross_check("chess", p.fen, p.stipulation);
    }
  }
}

TEST_CASE("the solver agrees with the oracle on s#2 and h#2", "[solver][oracle][slow]") {
  for (const char* prefix : {"s#2", "h#1.5", "h#2", "=2"}) {
    for (const auto& p : popeye_problems(prefix)) {
      if (p.stipulation == prefix) cross_check("chess", p.fen, p.stipulation);
    }
  }
}

TEST_CASE("the solver agrees with the oracle in the double-move variants", "[solver][oracle]") {
  // chessvariants.com: White Ke6 Qc7, Black Kg8.
  const char* cv = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  for (const char* variant : {"marseillais", "bennekom", "doublemove"}) {
    cross_check(variant, cv, "#1");
    cross_check(variant, cv, "=1");
  }
  cross_check("marseillais", cv, "h=1");
  cross_check("marseillais", "7k/8/6K1/8/8/8/8/R7 w - - 0 1", "#1");
  cross_check("marseillais", "7k/8/6K1/8/8/8/8/R7 b - - 0 1", "h#1");
  cross_check("marseillais", "6rk/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1", "s#1");
  // Double Move chess after 1.e4 e5,Nc6 2.Qf3,Bc4 with White to play again: the threat.
  cross_check("doublemove", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1", "#1");
  cross_check("doublemove", "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "#2", 1);
  cross_check("marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "#1", 1);
  cross_check("marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "=1", 1);
}

TEST_CASE("the solver agrees with the oracle in the other variants", "[solver][oracle]") {
  cross_check("marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "#1", 1);
  cross_check("marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "#1", 1);
  // Losing chess: White wins by losing its last pieces.
  cross_check("antichess", "8/8/8/8/8/2p5/8/1R6 w - - 0 1", "win1");
  cross_check("antichess", "8/8/8/3p4/8/8/2R5/8 w - - 0 1", "win2");
  cross_check("losing-marseillais", "8/8/8/3p4/8/8/2R5/8 w - - 0 1", "win1");
  // Mainzer Schach: stalemating the opponent loses, mate wins.
  cross_check("mainzer", "5k5/11/5K5/11/11/11/11/A10 w - - 0 1", "#1");
  cross_check("mainzer", "5k5/11/5K5/11/11/11/11/A10 w - - 0 1", "win1");
}
