// Double-move problems with known answers (docs/rules.md M4, M6, D2, L4).

#include <catch2/catch.hpp>

#include "solver/tree/tree_check.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm::test;
using dm::problem::SolveStatus;

TEST_CASE("chessvariants.com: Ke6 Qc7 against Kg8 in Marseillais", "[solver][double-move]") {
  const char* fen = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  const SolverRun mate = solve_fen("marseillais", fen, "#1");
  CHECK(mate.result.status == SolveStatus::Solved);
  CHECK(mate.result.length == 1);
  // 1.Qb7,Qf7+? Kh8 is no mate: the check ends the turn and Black escapes (M4).
  CHECK_FALSE(mate.answers.count("c7b7,b7f7"));
  CHECK_FALSE(mate.answers.empty());

  // The page's own trap, "1.Qb7,Qf7+? Kh8 stalemate": the check ends White's turn, Black escapes
  // with Kh8 and has no second move, which M6 makes a stalemate. So does every turn that ends
  // with Qf7+ (Qf7+ alone too: the check ends the turn at once), and Qg6+ by way of c2, which
  // leaves Kf8 and Kh8 no second move. Three keys box the king in at once: Qh6 by way of c1,
  // f4 or h2.
  const SolverRun stalemate = solve_fen("marseillais", fen, "=1");
  CHECK(stalemate.result.status == SolveStatus::Solved);
  CHECK(stalemate.answers == std::set<std::string>{"c7a7,a7f7", "c7b7,b7f7", "c7d7,d7f7", "c7e7,e7f7", "c7f4,f4f7",
                                                   "c7f7", "e6f6,c7f7", "c7c2,c2g6", "c7c1,c1h6", "c7f4,f4h6",
                                                   "c7h2,h2h6"});
  CHECK(brute_force_answers("marseillais", fen, "=1") == stalemate.answers);

  // Under no-second-move=pass Black's turn just ends after Kh8: no stalemate.
  const auto passing_rules = dm::make_variant("marseillais", {"no-second-move=pass"});
  REQUIRE(passing_rules);
  const SolverRun passing = solve_position(position_of(*passing_rules, fen), "=1");
  CHECK_FALSE(passing.answers.count("c7b7,b7f7"));
  CHECK(passing.answers.count("c7c1,c1h6"));
}

TEST_CASE("a stalemate inside the defender's turn ends help play too (M6)", "[solver][double-move]") {
  // h=1, Black first: a turn of Black's that brings the king back to g8, then 1.Qb7,Qf7+: Black
  // has no way through its turn (Kh8 and no second move), which is the goal at once.
  const char* fen = "6k1/2Q5/4K3/8/8/8/8/8 b - - 0 1";
  const SolverRun help = solve_fen("marseillais", fen, "h=1");
  CHECK(help.result.status == SolveStatus::Solved);
  CHECK(help.answers.count("g8h8,h8g8 c7b7,b7f7"));
  CHECK(brute_force_answers("marseillais", fen, "h=1") == help.answers);
  const auto passing_rules = dm::make_variant("marseillais", {"no-second-move=pass"});
  REQUIRE(passing_rules);
  CHECK_FALSE(solve_position(position_of(*passing_rules, fen), "h=1").answers.count("g8h8,h8g8 c7b7,b7f7"));
}

TEST_CASE("Double Move chess: the threat after 1.e4 e5,Nc6 2.Qf3,Bc4 is a king capture", "[solver][double-move]") {
  const SolverRun run =
      solve_fen("doublemove", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1", "#1");
  CHECK(run.result.status == SolveStatus::Solved);
  CHECK(run.result.length == 1);
  CHECK(run.answers.count("f3f7,f7e8"));
  CHECK(run.answers.count("c4f7,f7e8"));
}

TEST_CASE("a limit stops the search with status unknown", "[solver]") {
  const dm::Position pos = position_of("chess", "3K4/1p3p2/1P3P2/8/4RB1p/3B1p1p/5kp1/6bb w - - 0 1");
  const auto stip = dm::problem::parse_stipulation("#5");
  REQUIRE(stip);
  dm::search::SolveOptions options;
  options.threads = 1;
  options.limits.nodes = 2000;
  dm::search::TranspositionTable tt(4);
  const auto result = dm::search::solve(pos, *stip, options, tt);
  CHECK(result.status == SolveStatus::Unknown);
  CHECK(result.keys.empty());

  std::atomic<bool> interrupt{true};
  options.limits = {};
  options.limits.interrupt = &interrupt;
  CHECK(dm::search::solve(pos, *stip, options, tt).status == SolveStatus::Unknown);
}

TEST_CASE("a solution limit stops help and series play after that many solutions", "[solver]") {
  // A queen and her king (and in Marseillais a pawn) against a bare king: hundreds of help and
  // series mates, far more than the limit.
  struct Case {
    const char* variant;
    const char* fen;
    const char* stipulation;
  };
  for (const Case c : {Case{"marseillais", "8/1P6/8/8/2Q5/5K2/8/6k1 b - - 0 1", "h#2"},
                       Case{"chess", "8/8/8/8/2Q5/5K2/8/6k1 b - - 0 1", "h#3"},
                       Case{"chess", "8/8/8/8/2Q5/5K2/8/6k1 w - - 0 1", "ser-#3"}}) {
    CAPTURE(c.variant, c.stipulation);
    const SolverRun all = solve_fen(c.variant, c.fen, c.stipulation);
    REQUIRE(all.result.status == SolveStatus::Solved);
    REQUIRE(all.answers.size() > 20);
    const dm::Position pos = position_of(c.variant, c.fen);
    const auto stip = dm::problem::parse_stipulation(c.stipulation);
    REQUIRE(stip);
    for (const int threads : {1, 2}) {
      dm::search::SolveOptions options;
      options.threads = threads;
      options.limits.solutions = 7;
      dm::search::TranspositionTable tt(8);
      const auto limited = dm::search::solve(pos, *stip, options, tt);
      CHECK(limited.status == SolveStatus::Unknown);
      CHECK(limited.solutions.size() == 7);
      for (const auto& line : limited.solutions) CHECK(all.answers.count(dm::problem::line_to_uci(line)));
    }
  }
}

TEST_CASE("winN: an attacker with no way through its next turn has won (L3, L4)", "[solver][double-move]") {
  // Losing Marseillais, White Bg1 Pa4, Black Kd2 Pa6. 1.a5,Be3 Kxe3 leaves White no move; and
  // 1.Bb6,Be3 Kxe3 and any second move leaves White's a4 pawn its one move, a5, after which
  // White has no second move: every line of White's next turn ends inside it, a win (L4), and
  // so within one turn as a turn with no move at all is.
  const char* fen = "8/8/p7/8/P7/8/3k4/6B1 w - - 0 1";
  const SolverRun run = solve_fen("losing-marseillais", fen, "win1");
  CHECK(run.result.status == SolveStatus::Solved);
  CHECK(run.answers.count("a4a5,g1e3"));
  CHECK(run.answers.count("g1b6,b6e3"));
  CHECK(run.answers.size() == 8);
  CHECK(brute_force_answers("losing-marseillais", fen, "win1") == run.answers);
  const auto tree = tree_of("losing-marseillais", fen, "win1");
  const auto checked = dm::tree::check_tree(tree);
  INFO(checked.message);
  CHECK(checked.verdict == dm::tree::CheckVerdict::Full);
}
