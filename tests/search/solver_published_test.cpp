// Published problems with known solutions (../shared/testdata/orthodox): the set of keys (or
// of help-play lines) must equal the published one, and "no solution" where the source says
// so. The quick ones run by default; the rest are tagged [slow].

#include <catch2/catch.hpp>

#include "solver_support.h"

using namespace dm::test;

namespace {

void check_all(const std::vector<PublishedProblem>& problems, size_t every = 1) {
  REQUIRE_FALSE(problems.empty());
  for (size_t i = 0; i < problems.size(); i += every) check_published(problems[i], 2);
}

std::vector<PublishedProblem> with_stipulations(const std::vector<PublishedProblem>& problems,
                                                std::initializer_list<const char*> stipulations) {
  std::vector<PublishedProblem> out;
  for (const auto& p : problems) {
    for (const char* s : stipulations) {
      if (p.stipulation == s) out.push_back(p);
    }
  }
  return out;
}

}  // namespace

TEST_CASE("Popeye: direct mates, selfmates and the stalemate, short", "[solver][published]") {
  check_all(with_stipulations(popeye_problems(""), {"#1", "#2", "s#1", "s#2", "=2"}));
}

TEST_CASE("Popeye: direct mates and selfmates, long", "[solver][published][slow]") {
  check_all(with_stipulations(popeye_problems(""), {"#3", "#4", "s#3", "s#4", "s#6"}));
}

TEST_CASE("Popeye: helpmates and help stalemates, short", "[solver][published]") {
  check_all(with_stipulations(popeye_problems("h"),
                              {"h#0.5", "h#1", "h#1.5", "h#2", "h=0.5", "h=1", "h=1.5", "h=2"}));
}

// Lines of five turns of the attacker or more are split four moves deep among the threads
// (solver.cpp, split_help): the quick ones of them, on two threads, must give exactly Popeye's
// solutions, none lost or found twice by the split.
TEST_CASE("Popeye: helpmates of five moves and more, the quick ones", "[solver][published]") {
  check_all(with_stipulations(popeye_problems("h"), {"h#5", "h#8", "h#9"}));
}

TEST_CASE("Popeye: helpmates and help stalemates, long", "[solver][published][slow]") {
  std::vector<PublishedProblem> longer;
  for (const auto& p : popeye_problems("h")) {
    if (std::stod(p.stipulation.substr(2)) > 2.0) longer.push_back(p);
  }
  // Most take seconds. The examples of Popeye's intelligent mode (a few men a side, long play
  // and promotions) take minutes: each problem gets 20 seconds first, and those left undecided
  // get kLongestSeconds more with every hardware thread and a larger table. Every one must be
  // decided, with exactly Popeye's solution set.
  constexpr double kLongestSeconds = 1800.0;
  REQUIRE_FALSE(longer.empty());
  std::vector<PublishedProblem> longest;
  for (const auto& p : longer) {
    if (!check_published_within(p, 2, 20.0)) longest.push_back(p);
  }
  WARN(longer.size() - longest.size() << " of " << longer.size() << " longer help problems decided within 20 s each");
  for (const auto& p : longest) CHECK(check_published_within(p, 0, kLongestSeconds, 1024));
}

TEST_CASE("vaeth/chessproblem: two-movers and the selfmate in two", "[solver][published]") {
  check_all(with_stipulations(vaeth_problems(), {"#2", "s#2"}));
}

TEST_CASE("vaeth/chessproblem: every problem", "[solver][published][slow]") { check_all(vaeth_problems()); }

TEST_CASE("Lichess mates in two and three, a sample", "[solver][published]") {
  check_all(with_stipulations(lichess_problems(), {"#2", "#3"}), 16);
}

TEST_CASE("Lichess mates in two and three, all", "[solver][published][slow]") {
  check_all(with_stipulations(lichess_problems(), {"#2", "#3"}));
}

TEST_CASE("matetrack: mates in two, a sample", "[solver][published]") {
  check_all(with_stipulations(matetrack_problems(), {"#2"}), 8);
}

TEST_CASE("matetrack: every mate in two to five", "[solver][published][slow]") { check_all(matetrack_problems()); }
