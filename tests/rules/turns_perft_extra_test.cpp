// Perft of Extra Move chess and Progressive chess (docs/rules-extramove-progressive.md) against
// tests/data/turns_perft_extra.tsv, the counts of tests/reference/turns/xcheck_turns_perft.py:
// an independent Python generator with its own board, moves and turn rules. Rows count single
// moves (an Extra Move pass is a move) or whole turns, from the start positions, from positions
// of seeded random play (series under way included) and from hand-made positions for each rule
// (second moves, two-steps, checks within a series, e.p.). Every row runs (the largest is
// 1.7 million nodes); a mismatch prints the count below each first move.

#include <catch2/catch.hpp>

#include <map>
#include <sstream>

#include "rules/notation.h"
#include "rules/perft.h"
#include "test_data.h"

namespace dm {
namespace {

struct Row {
  size_t line = 0;
  std::string variant;
  std::string fen;
  PerftUnit unit = PerftUnit::Moves;
  int depth = 0;
  uint64_t nodes = 0;
};

std::vector<Row> read_table() {
  const std::string path = test::tests_path("data/turns_perft_extra.tsv");
  const auto lines = test::read_lines(path);
  REQUIRE(lines);
  std::vector<Row> rows;
  for (size_t i = 0; i < lines->size(); ++i) {
    const std::string& text = (*lines)[i];
    if (text.empty() || text[0] == '#') continue;
    const auto cells = test::split(text, '\t');
    INFO(path << ":" << i + 1);
    REQUIRE(cells.size() == 6);
    REQUIRE((cells[2] == "moves" || cells[2] == "turns"));
    rows.push_back({i + 1, cells[0], cells[1], cells[2] == "moves" ? PerftUnit::Moves : PerftUnit::Turns,
                    std::stoi(cells[3]), std::stoull(cells[4])});
  }
  return rows;
}

uint64_t count(Position& pos, const Row& row) {
  return row.unit == PerftUnit::Moves ? perft(pos, row.depth) : perft_turns(pos, row.depth);
}

std::string divided(Position& pos, const Row& row) {
  std::ostringstream out;
  for (const auto& [m, n] : perft_divide(pos, row.depth, row.unit)) out << move_to_uci(m) << ' ' << n << '\n';
  return out.str();
}

TEST_CASE("perft: Extra Move and Progressive chess against the independent Python reference", "[rules][perft][turns]") {
  const std::vector<Row> rows = read_table();
  std::map<std::string, size_t> per_variant;
  for (const Row& row : rows) {
    Position pos = test::position_of(row.variant, row.fen);
    const std::string before = pos.fen();
    const uint64_t nodes = count(pos, row);
    INFO("turns_perft_extra.tsv:" << row.line << " " << row.variant << " " << row.fen << " "
                                  << (row.unit == PerftUnit::Moves ? "depth " : "turns ") << row.depth);
    if (nodes != row.nodes) INFO("per first move:\n" << divided(pos, row));
    CHECK(nodes == row.nodes);
    CHECK(pos.fen() == before);
    ++per_variant[row.variant];
  }
  // Every variant is covered, by moves and by turns, well beyond the start position.
  CHECK(per_variant["extramove"] >= 50);
  CHECK(per_variant["progressive-italian"] >= 50);
  CHECK(per_variant["progressive-scottish"] >= 50);
}

}  // namespace
}  // namespace dm
