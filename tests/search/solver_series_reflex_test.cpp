// Series play (ser-#N, ser-=N, ser-h#N, ser-s#N) and reflex play (r#N): the solver against the
// plain full-width oracle (oracle/brute_force.h: the other side passes by a position set up anew
// from the FEN, goals read from outcome()), on the positions of Popeye's published problems with
// these stipulations put on them, and on positions where a rule of the genre decides.

#include <catch2/catch.hpp>

#include "rules/movegen.h"
#include "rules/variant.h"
#include "solver/oracle/brute_force.h"
#include "solver/tree/tree_check.h"
#include "solver_support.h"

using namespace dm;
using namespace dm::test;

namespace {

void check_with_oracle(std::string_view variant, std::string_view fen, std::string_view stipulation) {
  INFO(variant << " " << fen << " " << stipulation);
  const SolverRun run = solve_fen(variant, fen, stipulation, 2);
  REQUIRE(run.result.status != problem::SolveStatus::Unknown);
  CHECK(run.answers == brute_force_answers(variant, fen, stipulation));
  CHECK((run.result.status == problem::SolveStatus::Solved) == !run.answers.empty());
}

// The positions of Popeye's problems whose stipulation starts with one of the prefixes.
std::vector<std::string> positions_of(std::initializer_list<const char*> prefixes) {
  std::vector<std::string> out;
  for (const char* prefix : prefixes) {
    for (const auto& p : popeye_problems(prefix)) out.push_back(p.fen);
  }
  return out;
}

}  // namespace

TEST_CASE("series play agrees with the full-width oracle", "[solver][series][oracle]") {
  // White to move: Popeye's direct and self problems.
  for (const std::string& fen : positions_of({"#1", "#2", "s#1", "s#2"})) {
    for (const char* stip : {"ser-#1", "ser-#2", "ser-=2", "ser-s#1", "ser-s#2", "ser-s=2"}) check_with_oracle("chess", fen, stip);
  }
  // Black to move: Popeye's helpmates.
  for (const std::string& fen : positions_of({"h#1", "h#2", "h=2"})) {
    for (const char* stip : {"ser-h#1", "ser-h#2", "ser-h=2"}) check_with_oracle("chess", fen, stip);
  }
}

TEST_CASE("series play agrees with the oracle in the double-move variants", "[solver][series][oracle]") {
  const char* cv = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";  // chessvariants.com: White Ke6 Qc7, Black Kg8
  for (const char* variant : {"marseillais", "bennekom", "doublemove"}) {
    for (const char* stip : {"ser-#1", "ser-#2", "ser-=2", "ser-s#1"}) check_with_oracle(variant, cv, stip);
  }
  check_with_oracle("marseillais", "7k/8/6K1/8/8/8/8/R7 b - - 0 1", "ser-h#1");
  check_with_oracle("doublemove", "7k/8/6K1/8/8/8/8/R7 b - - 0 1", "ser-h#1");
}

TEST_CASE("reflex play agrees with the full-width oracle", "[solver][reflex][oracle]") {
  for (const std::string& fen : positions_of({"#1", "#2", "s#1", "s#2"})) {
    for (const char* stip : {"r#1", "r#2", "r=1"}) check_with_oracle("chess", fen, stip);
  }
  check_with_oracle("marseillais", "6rk/6pp/8/8/8/8/5PPP/R5K1 w - - 0 1", "r#1");
}

TEST_CASE("a check before the series' last turn is no solution", "[solver][series]") {
  // White Kg6 Rb1, Black Kh8: 1.Rb8# ends a ser-#1; in ser-#2 the first turn may not check, so
  // 1.Rh1+ (a check) is never the start of a solution, while quiet rook moves are.
  const char* fen = "7k/8/6K1/8/8/8/8/1R6 w - - 0 1";
  const SolverRun one = solve_fen("chess", fen, "ser-#1");
  CHECK(one.answers == std::set<std::string>{"b1b8"});
  const SolverRun two = solve_fen("chess", fen, "ser-#2");
  CHECK(two.answers.count("b1b2 b2b8"));
  for (const std::string& line : two.answers) CHECK(line.rfind("b1h1", 0) != 0);
  CHECK(two.answers == brute_force_answers("chess", fen, "ser-#2"));
}

TEST_CASE("series stalemate: the series goes on through a stalemate of the other side", "[solver][series]") {
  // Issue 55: White Ba8 Rc8 Bf3 Rf2 Pc3 Pc4 Kg4, Black Ke5 Bc6 Pd6 Pd7, ser-=3. 1.Bxc6 2.Bd5
  // stalemates Black, who does not move in a series: 3.Rf1= is a solution all the same, one of
  // Popeye's 116 lines of three moves.
  const char* fen = "B1R5/3p4/2bp4/4k3/2P3K1/2P2B2/5R2/8 w - - 0 1";
  const SolverRun run = solve_fen("chess", fen, "ser-=3", 2);
  REQUIRE(run.result.status == problem::SolveStatus::Solved);
  size_t full = 0;
  for (const auto& line : run.result.solutions) full += line.size() == 3 ? 1 : 0;
  CHECK(full == 116);
  CHECK(run.answers.count("f3c6 c6d5 f2f1"));
  CHECK(run.answers.count("f3c6 c6d5"));  // the stalemate itself: a short solution
  CHECK(run.answers == brute_force_answers("chess", fen, "ser-=3"));
}

TEST_CASE("the reflex rule decides where self play does not", "[solver][reflex]") {
  // Popeye's TESTS/series_play.inp: White Ka1 Qb5 Bb1 Pb6, Black Ka3 Pc3 Pb7. After 1.Qb2+
  // Black may play Ka4 (so 1.Qb2+ is no s#1) but must mate with cxb2 (so it is an r#1).
  const char* fen = "8/1p6/1P6/1Q6/8/k1p5/8/KB6 w - - 0 1";
  CHECK_FALSE(solve_fen("chess", fen, "s#1").answers.count("b5b2"));
  CHECK(solve_fen("chess", fen, "r#1").answers.count("b5b2"));
  // An attacker that can mate at once must, and so has lost: White Kg6 Rb1, Black Kh8.
  const SolverRun refuted = solve_fen("chess", "7k/8/6K1/8/8/8/8/1R6 w - - 0 1", "r#2");
  CHECK(refuted.result.status == problem::SolveStatus::NoSolution);
}

TEST_CASE("a reflex attacker that would have to mate threatens nothing", "[solver][reflex][tree]") {
  // Popeye's REGRESSIONS/4_51_to_4_53.inp (issue 2843251): after 1.Kb1 White, were Black to
  // pass, would have to mate with Rh1, so the key has no threat.
  const tree::SolutionTree tree = tree_of("chess", "8/6p1/6pk/6p1/8/1p6/1P1p4/2KR4 w - - 0 1", "r#2");
  REQUIRE(tree.keys.size() == 1);
  CHECK(turn_to_uci(tree.keys.front().turn) == "c1b1");
  CHECK(tree.keys.front().threats.empty());
  CHECK(tree::check_tree(tree, {}).verdict == tree::CheckVerdict::Full);
}

TEST_CASE("series and reflex trees pass the independent re-check", "[solver][series][reflex][tree]") {
  const struct {
    const char* fen;
    const char* stipulation;
  } cases[] = {
      {"7k/8/6K1/8/8/8/8/1R6 w - - 0 1", "ser-#2"},
      {"7k/8/6K1/8/8/8/8/R7 b - - 0 1", "ser-h#2"},
      {"8/1p6/1P6/1Q6/8/k1p5/8/KB6 w - - 0 1", "r#2"},
      {"8/1p6/1P6/1Q6/8/k1p5/8/KB6 w - - 0 1", "ser-s#2"},
  };
  for (const auto& c : cases) {
    INFO(c.fen << " " << c.stipulation);
    const tree::SolutionTree tree = tree_of("chess", c.fen, c.stipulation);
    const tree::CheckResult check = tree::check_tree(tree, {});
    CHECK(check.verdict == tree::CheckVerdict::Full);
    CHECK(check.message == "");
  }
}
