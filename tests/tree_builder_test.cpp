// The annotated solution tree (solver/tree/tree_builder.h): tries and set play against
// Popeye's, the structure of published problems' trees, and double-move trees.

#include "solver/tree/tree_builder.h"

#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "solver/search/brute_force.h"
#include "solver/tree/tree_check.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;
using dm::tree::SolutionTree;

namespace {

struct PopeyeRow {
  std::string fen;
  std::string stipulation;
  std::set<std::string> solutions;
  std::set<std::string> tries;     // empty when Popeye gives none
  std::set<std::string> set_play;  // empty when Popeye gives none
};

std::set<std::string> field_set(const std::string& field) {
  std::set<std::string> out;
  if (field == "-") return out;
  for (const auto& part : split(field, '|')) out.insert(trim(part));
  return out;
}

std::vector<PopeyeRow> popeye_rows() {
  const auto lines = read_lines(testdata_path("orthodox/popeye_orthodox_clean.tsv"));
  REQUIRE(lines);
  std::vector<PopeyeRow> rows;
  for (const auto& line : *lines) {
    if (line.empty() || line.front() == '#') continue;
    const auto f = split(line, '\t');
    if (f.size() < 5) continue;
    rows.push_back({f[0], f[1], field_set(f[2]), field_set(f[3]), field_set(f[4])});
  }
  return rows;
}

SolutionTree tree_of(std::string_view variant, std::string_view fen, std::string_view stipulation,
                     tree::TreeOptions options = {}) {
  const Position pos = position_of(variant, fen);
  const auto stip = search::parse_stipulation(stipulation);
  REQUIRE(stip);
  if (options.threads == 0) options.threads = 1;
  search::TranspositionTable tt(16);
  return tree::build_tree(pos, *stip, options, tt);
}

std::set<std::string> key_names(const SolutionTree& t) {
  std::set<std::string> out;
  for (const auto& k : t.keys) out.insert(turn_to_uci(k.turn));
  return out;
}

std::set<std::string> try_names(const SolutionTree& t) {
  std::set<std::string> out;
  for (const auto& k : t.tries) out.insert(turn_to_uci(k.play.turn));
  return out;
}

std::set<std::string> line_names(const std::vector<search::Line>& lines) {
  std::set<std::string> out;
  for (const auto& l : lines) out.insert(search::line_to_uci(l));
  return out;
}

}  // namespace

TEST_CASE("tries with one refutation equal Popeye's where it gives them", "[tree]") {
  int compared = 0;
  for (const PopeyeRow& row : popeye_rows()) {
    if (row.tries.empty()) continue;
    INFO(row.fen << " " << row.stipulation);
    const SolutionTree t = tree_of("chess", row.fen, row.stipulation);
    REQUIRE(t.status == search::SolveStatus::Solved);
    REQUIRE(t.tries_complete);
    CHECK(key_names(t) == row.solutions);
    CHECK(try_names(t) == row.tries);
    ++compared;
  }
  CHECK(compared > 0);
}

namespace {

// Compares our solutions and set play with Popeye's on the rows that give set play and whose
// stipulation is at most max_turns long.
void compare_set_play(int max_turns) {
  int compared = 0;
  for (const PopeyeRow& row : popeye_rows()) {
    const auto stip = search::parse_stipulation(row.stipulation);
    REQUIRE(stip);
    if (row.set_play.empty() || stip->turns > max_turns) continue;
    INFO(row.fen << " " << row.stipulation);
    const SolutionTree t = tree_of("chess", row.fen, row.stipulation);
    REQUIRE(t.status == search::SolveStatus::Solved);
    CHECK(line_names(t.solutions) == row.solutions);
    CHECK(line_names(t.set_play) == row.set_play);
    ++compared;
  }
  CHECK(compared > 0);
}

}  // namespace

TEST_CASE("set play of short helpmates equals Popeye's", "[tree]") { compare_set_play(3); }

TEST_CASE("set play of every helpmate equals Popeye's", "[tree][slow]") { compare_set_play(search::kMaxTurns); }
