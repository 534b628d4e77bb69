// Endgame tables of the losing variants (solver/tablebase/), checked two ways that share none of
// their code:
// - against the rules engine: a position's value must follow from its legal moves as the
//   engine's generator makes them and do_move plays them (won after one ply more than its
//   quickest lost child, lost after one more than its slowest child when all are won, else
//   drawn), and a finished game must be scored as outcome() scores it. A table consistent
//   everywhere with exact distances is the game's true value;
// - against the game-graph oracle (game_graph.h): backward induction over every position
//   reachable from a start, which must give the winner the same number of turns.

#include <catch2/catch.hpp>
#include <chrono>
#include <random>
#include <thread>
#include <string>
#include <string_view>

#include "game_graph.h"
#include "rules/movegen.h"
#include "rules/outcome.h"
#include "rules/piece.h"
#include "solver/search/search_control.h"
#include "solver/tablebase/tablebase.h"
#include "test_data.h"

namespace dm {
namespace {

using tablebase::Material;
using tablebase::Placement;
using tablebase::TableValue;
using tablebase::Tablebase;

Material material_named(std::string_view name) {
  Material m;
  Color c = Color::White;
  for (const char letter : name) {
    if (letter == 'v') {
      c = Color::Black;
      continue;
    }
    m.add(make_piece(c, piece_type_from_letter(letter)));
  }
  return m;
}

std::string fen_of(const Placement& p) {
  std::string board(64, '.');
  for (int k = 0; k < p.men; ++k) board[p.square[size_t(k)]] = piece_letter(p.piece[size_t(k)]);
  return test::board_field(board, 8, 8) + (p.side == Color::White ? " w - -" : " b - -");
}

// A value as a number that orders like the table's bytes: 0 a draw, else plies + 1.
int byte_of(const TableValue& v) { return v.kind == TableValue::Kind::Draw ? 0 : v.plies + 1; }

// The value of a finished game for its side to move, by outcome(): a win now, a loss after
// one ply (the tables' convention for a stalemate that loses), or a draw.
int finished_byte(const Position& pos) {
  const int score = outcome(pos).score_for(pos.side_to_move());
  return score > 0 ? 1 : score < 0 ? 2 : 0;
}

// The value of pos from its moves as the engine plays them, each child valued by the tables
// (or, where it has e.p. rights, by its own moves in turn).
int value_from_moves(Tablebase& tb, Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  int quickest_win = 1000;
  int slowest_loss = 0;
  bool all_won = true;
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    int child;
    if (outcome(pos).is_over()) {
      child = finished_byte(pos);
    } else if (const auto v = tb.probe(pos)) {
      child = byte_of(*v);
    } else {
      REQUIRE(pos.ep_squares());  // the tables answer every other position of few men
      child = value_from_moves(tb, pos);
    }
    pos.undo_move(m);
    if (child != 0 && child % 2 == 0) quickest_win = std::min(quickest_win, child + 1);
    if (child % 2 == 1) slowest_loss = std::max(slowest_loss, child + 1);
    if (child == 0) all_won = false;
  }
  if (quickest_win < 1000) return quickest_win;
  return all_won ? slowest_loss : 0;
}

// Checks every `stride`-th index of the table of m (from a random offset) against the engine.
void check_against_engine(const Variant& variant, std::string_view material, uint64_t stride) {
  Tablebase tb(variant, {});
  const Material m = material_named(material);
  const tablebase::LosingTable* table = tb.table(m);
  REQUIRE(table);
  std::mt19937_64 rng(std::hash<std::string_view>{}(material));
  size_t checked = 0;
  size_t decided = 0;
  for (uint64_t i = rng() % stride; i < m.index_count(); i += stride) {
    const Placement p = Placement::decode(m, i);
    if (!p.is_position()) continue;
    Position pos = test::position_of(variant, fen_of(p));
    const int expected = outcome(pos).is_over() ? finished_byte(pos) : value_from_moves(tb, pos);
    INFO(material << " " << pos.fen() << " [" << variant.describe_options() << "]");
    REQUIRE(table->byte(i) == expected);
    ++checked;
    decided += expected != 0;
  }
  CHECK(checked > 0);
  CHECK(decided > 0);  // the check is no trivial one of draws
}

}  // namespace

TEST_CASE("tablebase: every value follows from the moves the rules engine generates", "[tablebase]") {
  // Every position of two men under each stalemate rule; a sample of three men, with pawns
  // (double steps, e.p. rights, promotions into tables of other men), under two.
  // Under the sanitizers (test_data.h), the two-man tables of one rule.
  for (const char* rule : {"stalemate=win", "stalemate=draw", "stalemate=fewer-pieces"}) {
    if (test::kSanitized && std::string_view(rule) != "stalemate=win") continue;
    const Variant variant = test::variant_with("antichess", {rule});
    check_against_engine(variant, "KvK", 1);
    check_against_engine(variant, "QvN", 1);
    check_against_engine(variant, "PvP", 1);
    check_against_engine(variant, "RvB", 1);
    check_against_engine(variant, "RvK", 1);
  }
  const uint64_t every = test::kSanitized ? 4 * 97 : 97;  // a smaller sample under the sanitizers
  check_against_engine(test::variant_with("antichess", {"stalemate=win"}), "KPvP", every);
  check_against_engine(test::variant_with("antichess", {"stalemate=fewer-pieces"}), "NvPP", every);
}

TEST_CASE("tablebase: the winner's turns equal the game graph's backward induction", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  Tablebase tb(variant, {});
  // The pieces' starts reach every placement of their men (and of fewer); the pawns' fewer.
  size_t compared = 0;
  for (const char* fen : {"8/8/8/3k4/8/8/8/R7 w - -", "8/8/8/8/2n5/8/8/4B3 b - -", "8/5p2/8/8/8/8/3P4/8 w - -"}) {
    const Position root = test::position_of(variant, fen);
    const auto graph = test::GameGraph::explore(root, 2'000'000);
    REQUIRE(graph);
    const auto white = graph->turns_to_win(Color::White);
    const auto black = graph->turns_to_win(Color::Black);
    const Material m = Material::of(root);
    const size_t before = compared;
    for (uint64_t i = 0; i < m.index_count(); ++i) {
      const Placement p = Placement::decode(m, i);
      if (!p.is_position()) continue;
      const Position pos = test::position_of(variant, fen_of(p));
      const auto node = graph->node_of(pos.key());
      if (!node || outcome(pos).is_over()) continue;
      const TableValue v = tb.table(m)->value(i);
      const Color us = pos.side_to_move();
      const auto& ours = us == Color::White ? white : black;
      const auto& theirs = us == Color::White ? black : white;
      INFO(pos.fen());
      switch (v.kind) {
        case TableValue::Kind::Win:
          REQUIRE(ours[*node] == v.winner_turns());
          REQUIRE_FALSE(theirs[*node]);
          break;
        case TableValue::Kind::Loss:
          REQUIRE(theirs[*node] == v.winner_turns());
          REQUIRE_FALSE(ours[*node]);
          break;
        case TableValue::Kind::Draw:
          REQUIRE_FALSE(ours[*node]);
          REQUIRE_FALSE(theirs[*node]);
          break;
      }
      ++compared;
    }
    CHECK(compared > before);
  }
  CHECK(compared > 10000);
}

TEST_CASE("tablebase: probes answer only where the tables hold the position", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  Tablebase tb(variant, {3, 64, ""});
  CHECK(tb.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/R7 w - -")));
  CHECK_FALSE(tb.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/RR5n w - -")));  // 4 men, over max_men
  CHECK_FALSE(tb.probe(test::position_of(variant, "8/8/8/8/3pP3/8/8/8 b - e3")));   // e.p. rights
  CHECK_FALSE(Tablebase::applies_to(test::variant_named("losing-marseillais")));
  CHECK_FALSE(Tablebase::applies_to(test::variant_named("chess")));
  // A budget too small for a table: no answer, and nothing kept.
  Tablebase small(variant, {4, 1, ""});
  CHECK_FALSE(small.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/RR5n w - -")));
  CHECK(small.stats().bytes == 0);
}

TEST_CASE("tablebase: the time spent making tables is clocked and left out of a search's --time", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  Tablebase tb(variant, {3, 64, ""});
  CHECK(tb.making_seconds() == 0.0);
  REQUIRE(tb.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/R7 w - -")));
  const double made = tb.making_seconds();
  CHECK(made > 0.0);
  // Probing a table made already is not making one.
  REQUIRE(tb.probe(test::position_of(variant, "8/8/8/4k3/8/8/8/R7 w - -")));
  CHECK(tb.making_seconds() == made);

  // A search's clock: the uncounted time since it started is taken off what --time counts.
  double uncounted = 100.0;
  search::SearchLimits limits;
  limits.seconds = 0.001;
  limits.uncounted = [&uncounted] { return uncounted; };
  search::SearchControl control(limits);
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  uncounted = 200.0;  // the 20 ms and much more were spent making tables
  CHECK(control.elapsed_seconds() < 0.0);
  CHECK_FALSE(control.poll());
  uncounted = 100.0;  // had they not been, the limit is past
  CHECK(control.elapsed_seconds() >= 0.02);
  CHECK(control.poll());
}

}  // namespace dm
