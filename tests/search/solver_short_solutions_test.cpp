// Short solutions in help play (issue 55): as Popeye does, the solver lists the lines of every
// length from one attacker turn up to the stipulated one, shortest first, and option
// stoponshortsolutions stops after the first length that has any. The expected answers are
// Popeye's (REGRESSIONTESTS/4_47_to_4_49.reg). Series play: solver_series_reflex_test.cpp.

#include <catch2/catch.hpp>

#include "solver/search/solver.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;

namespace {

// Popeye's REGRESSIONS/4_47_to_4_49.inp, problem 9: White Ka3 Qg8 Sg4, Black Ka1 Sa8, h#2.
// Popeye: "1.Sa8-b6 Qg8-a2 #", "1.Sa8-c7 Qg8-a2 #", then the lines of two moves.
constexpr const char* kHelpmate = "n5Q1/8/8/8/6N1/K7/8/k7 b - - 0 1";

std::vector<std::string> uci_lines(const search::SolveResult& result) {
  std::vector<std::string> out;
  for (const auto& line : result.solutions) out.push_back(problem::line_to_uci(line));
  return out;
}

search::SolveResult solve_with(std::string_view fen, std::string_view stipulation, bool stop_on_short) {
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  search::SolveOptions options;
  options.threads = 2;
  options.stop_on_short_solutions = stop_on_short;
  search::TranspositionTable tt(16);
  return search::solve(position_of("chess", fen), *stip, options, tt);
}

}  // namespace

TEST_CASE("help play lists its short solutions first, as Popeye does", "[solver][help][short]") {
  const SolverRun run = solve_fen("chess", kHelpmate, "h#2", 2);
  REQUIRE(run.result.status == problem::SolveStatus::Solved);
  CHECK(run.result.length == 1);
  const std::vector<std::string> lines = uci_lines(run.result);
  CHECK(lines.size() == 342);  // Popeye 4.104: the two short lines, then 340 of two moves
  REQUIRE(lines.size() > 2);
  CHECK(lines[0] == "a8b6 g8a2");
  CHECK(lines[1] == "a8c7 g8a2");
  // Every other line is of the full length, and Popeye's third line is among them.
  for (size_t i = 2; i < lines.size(); ++i) CHECK(run.result.solutions[i].size() == 4);
  CHECK(run.answers.count("a1b1 g4e3 b1a1 g8a2"));
  CHECK(run.answers == brute_force_answers("chess", kHelpmate, "h#2"));
}

TEST_CASE("stoponshortsolutions leaves the full-length lines out", "[solver][help][short]") {
  const search::SolveResult stopped = solve_with(kHelpmate, "h#2", true);
  CHECK(stopped.status == problem::SolveStatus::Solved);
  CHECK(stopped.length == 1);
  CHECK(uci_lines(stopped) == std::vector<std::string>{"a8b6 g8a2", "a8c7 g8a2"});
  // Where the shortest length is the stipulated one, the option changes nothing.
  const search::SolveResult full = solve_with(kHelpmate, "h#1", true);
  CHECK(uci_lines(full) == std::vector<std::string>{"a8b6 g8a2", "a8c7 g8a2"});
}

TEST_CASE("h#N.5 lists the short solutions the attacker begins too", "[solver][help][short]") {
  // White to move: h#0.5 is 1.Qa2# at once, a short solution of the h#1.5.
  const char* fen = "n5Q1/8/8/8/6N1/K7/8/k7 w - - 0 1";
  const SolverRun run = solve_fen("chess", fen, "h#1.5", 2);
  REQUIRE(run.result.status == problem::SolveStatus::Solved);
  CHECK(run.result.length == 1);
  REQUIRE_FALSE(run.result.solutions.empty());
  CHECK(problem::line_to_uci(run.result.solutions.front()) == "g8a2");
  CHECK(run.answers == brute_force_answers("chess", fen, "h#1.5"));
}
