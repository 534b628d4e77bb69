// The independent re-check of a solution tree (solver/tree/tree_check.h): built trees pass it,
// and every kind of corruption is reported as a disagreement.

#include "solver/tree/tree_check.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "rules/notation.h"
#include "solver/tree/tree_builder.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;
using dm::tree::CheckVerdict;
using dm::tree::SolutionTree;

namespace {

// A #2 with a threat, several variations and a try (Popeye BEISPIEL, G. Schoepfer 1927 is a
// #2 without variations; this one has them).
constexpr const char* kMateInTwo = "5r2/2P1p3/1K1k2N1/1bN1p1p1/2P1P1pB/6PB/5P2/5r1R w - - 0 1";

Move uci_move(const Position& pos, std::string_view text) {
  const auto m = parse_move(pos, text);
  REQUIRE(m);
  return *m;
}

}  // namespace

TEST_CASE("a built #2 tree passes the full re-check", "[tree]") {
  const SolutionTree t = tree_of("chess", kMateInTwo, "#2");
  REQUIRE(t.status == problem::SolveStatus::Solved);
  const auto result = tree::check_tree(t);
  INFO(result.message);
  CHECK(result.verdict == CheckVerdict::Full);
}

TEST_CASE("the re-check reports a removed defence", "[tree]") {
  SolutionTree t = tree_of("chess", kMateInTwo, "#2");
  REQUIRE_FALSE(t.keys.empty());
  auto& groups = t.keys.front().defences;
  REQUIRE_FALSE(groups.empty());
  if (groups.front().turns.size() > 1) {
    groups.front().turns.pop_back();
  } else {
    groups.erase(groups.begin());
  }
  const auto result = tree::check_tree(t);
  CHECK(result.verdict == CheckVerdict::Disagreement);
  CHECK(result.message.find("missing") != std::string::npos);
}

TEST_CASE("the re-check reports a changed key", "[tree]") {
  SolutionTree t = tree_of("chess", kMateInTwo, "#2");
  REQUIRE_FALSE(t.tries.empty());
  // The first try put in the key's place: its refutation is not in the tree.
  t.keys.front() = t.tries.front().play;
  const auto result = tree::check_tree(t);
  CHECK(result.verdict == CheckVerdict::Disagreement);
}

TEST_CASE("the re-check reports a replaced final move", "[tree]") {
  SolutionTree t = tree_of("chess", kMateInTwo, "#2");
  REQUIRE_FALSE(t.keys.empty());
  auto& answer = t.keys.front().defences.front().answer;
  REQUIRE(answer.size() == 1);
  // The king steps instead of mating: a legal move of the position, but no mate.
  Position pos = t.position;
  StateInfo s1;
  StateInfo s2;
  pos.do_move(t.keys.front().turn.front(), s1);
  pos.do_move(t.keys.front().defences.front().turns.front().front(), s2);
  answer.front().turn = {uci_move(pos, "b6a6")};
  const auto result = tree::check_tree(t);
  CHECK(result.verdict == CheckVerdict::Disagreement);
}

TEST_CASE("the re-check reports a missing key and a false refutation", "[tree]") {
  SolutionTree t = tree_of("chess", kMateInTwo, "#2");
  SECTION("missing key") {
    REQUIRE_FALSE(t.tries.empty());
    SolutionTree other = t;
    other.keys.clear();
    other.tries.clear();
    const auto result = tree::check_tree(other);
    CHECK(result.verdict == CheckVerdict::Disagreement);
    CHECK(result.message.find("key set") != std::string::npos);
  }
  SECTION("false refutation") {
    REQUIRE_FALSE(t.tries.empty());
    const auto with_defences =
        std::find_if(t.tries.begin(), t.tries.end(), [](const tree::Try& x) { return !x.play.defences.empty(); });
    REQUIRE(with_defences != t.tries.end());
    auto& tr = *with_defences;
    // A defence that loses, claimed as the refutation.
    tr.refutations.front().turn = tr.play.defences.front().turns.front();
    const auto result = tree::check_tree(t);
    CHECK(result.verdict == CheckVerdict::Disagreement);
  }
}
