// Endgame tables of the losing variants (solver/tablebase/), checked in ways that share none of
// their code:
// - against the rules engine: a position's value must follow from its legal moves as the
//   engine's generator makes them and do_move plays them (won after one ply more than its
//   quickest move that wins for it, lost after one more than its slowest when all lose, else
//   drawn; a move that keeps the turn, in Losing Marseillais, keeps its child's value for the
//   mover), and a finished game must be scored as outcome() scores it. A table consistent
//   everywhere with exact distances is the game's true value;
// - against the game-graph oracle (game_graph.h): backward induction over every position
//   reachable from a start, which must give the winner the same number of turns;
// - Losing Marseillais: against positions valued by hand from docs/rules.md section 5, and
//   against the search without tables (winN at the table's turns and not one fewer).

#include <atomic>
#include <catch2/catch.hpp>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "game_graph.h"
#include "rules/movegen.h"
#include "rules/outcome.h"
#include "rules/piece.h"
#include "solver/search/search_control.h"
#include "solver/tablebase/tablebase.h"
#include "solver_support.h"
#include "temp_dir.h"
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

// The FEN of a placement at `layer` of its side's turn (w1/b1 for the second move of two).
std::string fen_of(const Placement& p, int layer = 0) {
  std::string board(64, '.');
  for (int k = 0; k < p.men; ++k) board[p.square[size_t(k)]] = piece_letter(p.piece[size_t(k)]);
  return test::board_field(board, 8, 8) + (p.side == Color::White ? " w" : " b") + (layer ? "1" : "") + " - -";
}

// A value as these checks reckon it, apart from the tables' byte: who wins and after how many
// plies.
struct Reckoned {
  TableValue::Kind kind = TableValue::Kind::Draw;
  int plies = 0;
  bool operator==(const Reckoned&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Reckoned& v) {
  const char* kind = v.kind == TableValue::Kind::Win ? "win" : v.kind == TableValue::Kind::Loss ? "loss" : "draw";
  return out << kind << " after " << v.plies;
}

Reckoned reckoned(const TableValue& v) { return {v.kind, v.kind == TableValue::Kind::Draw ? 0 : v.plies}; }

// A finished game for its side to move, by outcome(): a win now, a loss (now, or with turns of
// one move after one ply: the tables' convention for a stalemate that loses) or a draw.
Reckoned finished_value(const Position& pos) {
  const int score = outcome(pos).score_for(pos.side_to_move());
  if (score < 0) return {TableValue::Kind::Loss, pos.turn_length() == 1 ? 1 : 0};
  return {score > 0 ? TableValue::Kind::Win : TableValue::Kind::Draw, 0};
}

// The value of pos from its moves as the engine plays them (the pass of no-second-move=pass
// included), each child valued by outcome() where the game is over, else by the tables, else
// (e.p. rights, or a side left with no man inside the other's turn) by its own moves in turn.
// A move that keeps the turn keeps the child's value for the mover; one that ends it turns it
// over.
Reckoned value_by_moves(Tablebase& tb, Position& pos) {
  const Color mover = pos.side_to_move();
  MoveList moves;
  generate_legal(pos, moves);
  std::optional<int> quickest_win;
  int slowest_loss = -1;
  bool all_lost = true;
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    Reckoned child;
    if (outcome(pos).is_over()) {
      child = finished_value(pos);
    } else if (const auto v = tb.probe(pos)) {
      child = reckoned(*v);
    } else {
      // The tables answer every other position of few men.
      REQUIRE((pos.ep_squares() || !pos.pieces(Color::White) || !pos.pieces(Color::Black)));
      child = value_by_moves(tb, pos);
    }
    const bool same = pos.side_to_move() == mover;
    pos.undo_move(m);
    if (child.kind == TableValue::Kind::Draw) {
      all_lost = false;
    } else if ((child.kind == TableValue::Kind::Win) == same) {
      quickest_win = std::min(quickest_win.value_or(1000), child.plies + 1);
    } else {
      slowest_loss = std::max(slowest_loss, child.plies + 1);
    }
  }
  REQUIRE(!moves.empty());
  if (quickest_win) return {TableValue::Kind::Win, *quickest_win};
  return all_lost ? Reckoned{TableValue::Kind::Loss, slowest_loss} : Reckoned{};
}

// Checks every `stride`-th index of the table of m (from a random offset; every layer of a turn
// of two moves) against the engine's moves. A stride of 1: the whole table, every value
// consistent with its moves.
void check_against_engine(const Variant& variant, std::string_view material, uint64_t stride) {
  Tablebase tb(variant, {});
  const Material m = material_named(material);
  const std::shared_ptr<const tablebase::LosingTable> table = tb.table(m);
  REQUIRE(table);
  REQUIRE(table->size_bytes() == uint64_t(variant.moves_per_turn) * m.index_count());
  std::mt19937_64 rng(std::hash<std::string_view>{}(material));
  size_t checked = 0;
  size_t decided = 0;
  for (uint64_t i = rng() % stride; i < table->size_bytes(); i += stride) {
    const int layer = table->layer_of(i);
    const Placement p = Placement::decode(m, i % m.index_count());
    if (!p.is_position()) continue;
    Position pos = test::position_of(variant, fen_of(p, layer));
    REQUIRE(table->index_of(Placement::of(pos), pos.turn_length() - pos.moves_left()) == i);
    const Reckoned expected = outcome(pos).is_over() ? finished_value(pos) : value_by_moves(tb, pos);
    INFO(material << " " << pos.fen() << " [" << variant.describe_options() << "]");
    REQUIRE(reckoned(table->value(i)) == expected);
    ++checked;
    decided += expected.kind != TableValue::Kind::Draw;
  }
  CHECK(checked > 0);
  CHECK(decided > 0);  // the check is no trivial one of draws
}

// Compares the tables with the game graph of each root (every layer of a turn of two moves):
// the winner's turns must be the graph's, and a draw no side's win. Returns the positions
// compared.
size_t check_against_game_graph(const Variant& variant, const std::vector<std::string_view>& fens) {
  Tablebase tb(variant, {});
  size_t compared = 0;
  for (const std::string_view fen : fens) {
    const Position root = test::position_of(variant, fen);
    const auto graph = test::GameGraph::explore(root, 2'000'000);
    REQUIRE(graph);
    const auto white = graph->turns_to_win(Color::White);
    const auto black = graph->turns_to_win(Color::Black);
    const Material m = Material::of(root);
    const std::shared_ptr<const tablebase::LosingTable> table = tb.table(m);
    REQUIRE(table);
    const size_t before = compared;
    for (uint64_t i = 0; i < table->size_bytes(); ++i) {
      const Placement p = Placement::decode(m, i % m.index_count());
      if (!p.is_position()) continue;
      const Position pos = test::position_of(variant, fen_of(p, table->layer_of(i)));
      const auto node = graph->node_of(pos.key());
      if (!node || outcome(pos).is_over()) continue;
      const TableValue v = table->value(i);
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
  return compared;
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
  // The pieces' starts reach every placement of their men (and of fewer); the pawns' fewer.
  CHECK(check_against_game_graph(
            test::variant_named("antichess"),
            {"8/8/8/3k4/8/8/8/R7 w - -", "8/8/8/8/2n5/8/8/4B3 b - -", "8/5p2/8/8/8/8/3P4/8 w - -"}) > 10000);
}

TEST_CASE("tablebase: probes answer only where the tables hold the position", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  Tablebase tb(variant, {3, size_t(64) << 20, ""});
  CHECK(tb.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/R7 w - -")));
  CHECK_FALSE(tb.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/RR5n w - -")));  // 4 men, over max_men
  CHECK_FALSE(tb.probe(test::position_of(variant, "8/8/8/8/3pP3/8/8/8 b - e3")));   // e.p. rights
  CHECK(Tablebase::applies_to(test::variant_named("losing-marseillais")));
  CHECK_FALSE(Tablebase::applies_to(test::variant_named("chess")));
  // A budget too small for a table: no answer, and nothing kept.
  Tablebase small(variant, {4, size_t(1) << 20, ""});
  CHECK_FALSE(small.probe(test::position_of(variant, "8/8/8/3k4/8/8/8/RR5n w - -")));
  CHECK(small.stats().bytes == 0);
}

namespace {

// A FEN with White's men `white` and Black's `black` (piece letters, no pawns) on distinct
// squares drawn by rng, and a side to move drawn too.
std::string random_fen(std::string_view white, std::string_view black, std::mt19937& rng) {
  std::string board(64, ' ');
  auto put = [&](char piece) {
    size_t sq;
    do sq = rng() % 64;
    while (board[sq] != ' ');
    board[sq] = piece;
  };
  for (const char c : white) put(char(std::toupper(c)));
  for (const char c : black) put(char(std::tolower(c)));
  std::string fen;
  for (size_t sq = 0; sq < 64; ++sq) {
    if (board[sq] != ' ') {
      fen += board[sq];
    } else if (!fen.empty() && fen.back() >= '1' && fen.back() < '8' && sq % 8 != 0) {
      ++fen.back();  // the empty squares run on
    } else {
      fen += '1';
    }
    if (sq % 8 == 7 && sq != 63) fen += '/';
  }
  return fen + (rng() % 2 ? " w - -" : " b - -");
}

}  // namespace

TEST_CASE("tablebase: past its budget, tables are read again into a cache and answer the same", "[tablebase]") {
  // A budget of half the six materials' files holds no three-man table whole (512 KiB; half
  // the budget is the resident tables'), so all six are cached, packed, and take turns. Before
  // the cache, a table past the budget answered nothing for the rest of the run, and a proof
  // written through the tables' endings (hundreds of materials) fell back on a search without
  // them that never ended.
  const Variant variant = test::variant_named("antichess");
  const test::TempDir dir;
  Tablebase roomy(variant, {3, size_t(64) << 20, dir.path().string()});
  const std::vector<std::pair<std::string_view, std::string_view>> materials = {{"RB", "n"}, {"QN", "r"}, {"R", "bn"},
                                                                                {"K", "qr"}, {"BB", "k"}, {"N", "qq"}};
  std::mt19937 rng(7);
  for (const auto& [white, black] : materials)
    REQUIRE(roomy.probe(test::position_of(variant, random_fen(white, black, rng))));
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir.path()))
    if (entry.is_regular_file()) files += size_t(entry.file_size());
  const size_t cache_budget = files / 2;
  REQUIRE(cache_budget < size_t(1) << 20);
  Tablebase tight(variant, {3, cache_budget, dir.path().string()});
  int answered = 0;
  for (int round = 0; round < 3; ++round) {
    for (const auto& [white, black] : materials) {
      for (int i = 0; i < 20; ++i) {
        const Position pos = test::position_of(variant, random_fen(white, black, rng));
        const std::optional<TableValue> expected = roomy.probe(pos);
        REQUIRE(expected);
        const std::optional<TableValue> got = tight.probe(pos);
        INFO(pos.fen());
        REQUIRE(got);
        CHECK(got->kind == expected->kind);
        CHECK(got->plies == expected->plies);
        ++answered;
      }
    }
  }
  CHECK(answered == 360);
  CHECK(tight.stats().evicted > 5);
  CHECK(tight.stats().bytes <= cache_budget);

  // A table its caller holds (whole, as a table being made holds those it rests on) stays
  // whole: the cache does not drop it, and the others take turns in the rest of the budget.
  {
    const size_t holding_budget = cache_budget + (size_t(512) << 10);
    Tablebase holding(variant, {3, holding_budget, dir.path().string()});
    const std::shared_ptr<const tablebase::LosingTable> held =
        holding.table(Material::of(test::position_of(variant, random_fen("N", "qq", rng))));
    REQUIRE(held);
    REQUIRE_FALSE(held->packed());
    const std::vector<uint8_t> values = held->values();
    int others = 0;
    for (int round = 0; round < 2; ++round) {
      for (const auto& [white, black] : materials) {
        const Position pos = test::position_of(variant, random_fen(white, black, rng));
        const std::optional<TableValue> got = holding.probe(pos);
        others += bool(got);
        if (got) CHECK(got->plies == roomy.probe(pos)->plies);
      }
    }
    CHECK(others == 12);
    CHECK(held->values() == values);
    CHECK(holding.stats().evicted > 0);
    CHECK(holding.stats().bytes <= holding_budget);
  }

  // Four threads at once take turns in the cache: never a wrong value, and within the budget.
  // (A probe may answer nothing while the others' tables fill the cache.)
  Tablebase shared(variant, {3, cache_budget, dir.path().string()});
  std::vector<std::pair<std::string, TableValue>> cases;
  for (int i = 0; i < 400; ++i) {
    const auto& [white, black] = materials[size_t(i) % materials.size()];
    std::string fen = random_fen(white, black, rng);
    cases.emplace_back(fen, *roomy.probe(test::position_of(variant, fen)));
  }
  std::atomic<int> wrong{0};
  std::atomic<int> answered_together{0};
  std::vector<std::thread> threads;
  for (size_t t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (size_t i = 0; i < cases.size(); ++i) {
        const auto& [fen, expected] = cases[(i + t * 100) % cases.size()];
        Position pos;  // set without Catch, whose messages are not for threads
        if (pos.set(variant, fen)) {
          ++wrong;
          continue;
        }
        const std::optional<TableValue> got = shared.probe(pos);
        if (!got) continue;
        ++answered_together;
        wrong += got->kind != expected.kind || got->plies != expected.plies;
      }
    });
  }
  for (std::thread& t : threads) t.join();
  CHECK(wrong == 0);
  CHECK(answered_together > 800);
  CHECK(shared.stats().evicted > 0);
  CHECK(shared.stats().bytes <= cache_budget);
  CHECK(roomy.stats().evicted == 0);
}

TEST_CASE("tablebase: the time spent making tables is clocked and left out of a search's --time", "[tablebase]") {
  const Variant variant = test::variant_named("antichess");
  Tablebase tb(variant, {3, size_t(64) << 20, ""});
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
  CHECK(control.elapsed_seconds() == 0.0);  // never below
  CHECK_FALSE(control.poll());
  uncounted = 100.0;  // had they not been, the limit is past
  CHECK(control.elapsed_seconds() >= 0.02);
  CHECK(control.poll());
}

// Losing Marseillais: turns of two moves (docs/rules.md section 5), tables of two layers.
namespace {

const std::vector<std::vector<std::string_view>> kMarseillaisOptions = {
    {"stalemate=win", "no-second-move=stalemate"},          {"stalemate=win", "no-second-move=pass"},
    {"stalemate=draw", "no-second-move=stalemate"},         {"stalemate=draw", "no-second-move=pass"},
    {"stalemate=fewer-pieces", "no-second-move=stalemate"}, {"stalemate=fewer-pieces", "no-second-move=pass"}};

}  // namespace

TEST_CASE("tablebase: the value byte holds win or loss and the plies", "[tablebase]") {
  // One move a turn: the plies' parity is the winner (byte - 1 = plies); two: a loss bit.
  const tablebase::ValueCode one{1};
  const tablebase::ValueCode two{2};
  static_assert(tablebase::ValueCode::kDraw == 0 && tablebase::ValueCode::kLongest == 254);
  CHECK(one.win(0) == 1);
  CHECK(one.loss(1) == 2);
  CHECK(one.win(4) == 5);
  CHECK(two.win(0) == 1);
  CHECK(two.loss(0) == 2);
  CHECK(two.win(3) == 7);
  CHECK(two.loss(3) == 8);
  CHECK(two.loss(126) == 254);
  CHECK(reckoned(two.value(8, 0)) == Reckoned{TableValue::Kind::Loss, 3});
  // Within the turn the side keeps its value; at the turn's end it turns over.
  CHECK(two.before(uint8_t(two.win(3)), true) == two.win(4));
  CHECK(two.before(uint8_t(two.loss(3)), true) == two.loss(4));
  CHECK(two.before(uint8_t(two.win(3)), false) == two.loss(4));
  CHECK(two.before(uint8_t(two.loss(3)), false) == two.win(4));
  CHECK(one.before(uint8_t(one.loss(3)), false) == one.win(4));
  // The winner's turns in which it moves. A win after 4 plies from the start of a turn ends at
  // the start of the winner's next turn: one turn of its own; after 5, inside that turn: two.
  CHECK(two.value(uint8_t(two.win(4)), 0).winner_turns() == 1);
  CHECK(two.value(uint8_t(two.win(5)), 0).winner_turns() == 2);
  CHECK(two.value(uint8_t(two.win(0)), 1).winner_turns() == 0);   // stalemated inside its turn
  CHECK(two.value(uint8_t(two.loss(2)), 0).winner_turns() == 0);  // the winner never moves
  CHECK(two.value(uint8_t(two.loss(3)), 1).winner_turns() == 1);
  CHECK(one.value(uint8_t(one.win(4)), 0).winner_turns() == 2);
}

TEST_CASE("tablebase: Losing Marseillais values follow from the engine's moves", "[tablebase]") {
  // Every position of two men, both layers, under each stalemate and no-second-move rule; a
  // sample of three men (pawns, promotions into tables of other men) under two.
  for (const auto& options : kMarseillaisOptions) {
    if (test::kSanitized && options != kMarseillaisOptions[0]) continue;
    const Variant variant = test::variant_with("losing-marseillais", options);
    for (const char* m : {"KvK", "PvN", "RvB", "PvK", "QvP"}) check_against_engine(variant, m, 1);
  }
  const uint64_t every = test::kSanitized ? 4 * 101 : 101;
  check_against_engine(test::variant_with("losing-marseillais", kMarseillaisOptions[0]), "KPvN", every);
  check_against_engine(test::variant_with("losing-marseillais", kMarseillaisOptions[5]), "RvNN", every);
}

TEST_CASE("tablebase: Losing Marseillais positions valued by hand", "[tablebase]") {
  using Kind = TableValue::Kind;
  const auto value = [](const std::vector<std::string_view>& options, std::string_view fen) {
    const Variant variant = test::variant_with("losing-marseillais", options);
    Tablebase tb(variant, {3, size_t(64) << 20, ""});
    const auto v = tb.probe(test::position_of(variant, fen));
    REQUIRE(v);
    return *v;
  };
  const std::string_view blocked = "8/8/8/8/8/k7/P7/8 w - -";    // Pa2 against Ka3: White has no move
  const std::string_view blocked1 = "8/8/8/8/8/k7/P7/8 w1 - -";  // the same, White's second move
  // L3 at the start of White's turn: stalemate=win, a win now; draw and fewer-pieces (1 v 1), drawn.
  CHECK(reckoned(value({"stalemate=win"}, blocked)) == Reckoned{Kind::Win, 0});
  CHECK(reckoned(value({"stalemate=draw"}, blocked)) == Reckoned{Kind::Draw, 0});
  CHECK(reckoned(value({"stalemate=fewer-pieces"}, blocked)) == Reckoned{Kind::Draw, 0});
  // Fewer pieces: White's one against Black's two wins.
  CHECK(reckoned(value({"stalemate=fewer-pieces"}, "8/8/8/8/8/k7/P7/7n w - -")) == Reckoned{Kind::Win, 0});
  // L4, no second move. M6=stalemate: White counts as stalemated (wins under stalemate=win,
  // draws under draw). M6=pass: White passes, Black must take (Kxa2), moves again, and White
  // starts its turn with no man: a win for White after 3 plies, under either stalemate rule.
  CHECK(reckoned(value({"stalemate=win", "no-second-move=stalemate"}, blocked1)) == Reckoned{Kind::Win, 0});
  CHECK(reckoned(value({"stalemate=draw", "no-second-move=stalemate"}, blocked1)) == Reckoned{Kind::Draw, 0});
  CHECK(reckoned(value({"stalemate=win", "no-second-move=pass"}, blocked1)) == Reckoned{Kind::Win, 3});
  CHECK(reckoned(value({"stalemate=draw", "no-second-move=pass"}, blocked1)) == Reckoned{Kind::Win, 3});
  CHECK(value({"stalemate=draw", "no-second-move=pass"}, blocked1).winner_turns() == 1);  // the pass
  // White's first move a3 is its only one and leaves no second: M6=stalemate wins after 1 ply
  // (one turn of White's); M6=pass: a3, pass, Kxa3, a king move, and White has no man: 4 plies.
  const std::string_view step = "8/8/8/8/k7/8/P7/8 w - -";
  CHECK(reckoned(value({"no-second-move=stalemate"}, step)) == Reckoned{Kind::Win, 1});
  CHECK(value({"no-second-move=stalemate"}, step).winner_turns() == 1);
  CHECK(reckoned(value({"no-second-move=pass"}, step)) == Reckoned{Kind::Win, 4});
  // White's first move must take Black's last man (Rxa8); its second is forced too, and Black
  // starts its turn with no man: White has lost after 2 plies, Black never moving.
  const TableValue taken = value({}, "n7/8/8/8/8/8/8/R7 w - -");
  CHECK(reckoned(taken) == Reckoned{Kind::Loss, 2});
  CHECK(taken.winner_turns() == 0);
}

TEST_CASE("tablebase: Losing Marseillais tables agree with the search without tables", "[tablebase]") {
  // Random positions of three men, both layers (fixed seed): a table's win in t turns is the
  // search's winN for N = t and not for N = t - 1; a position the table does not win is no
  // search's win within 3 turns.
  const Variant variant = test::variant_named("losing-marseillais");
  Tablebase tb(variant, {3, size_t(256) << 20, ""});
  std::mt19937_64 rng(56);
  size_t wins = 0;
  size_t others = 0;
  for (const char* name : {"RvKN", "NvKB", "KPvB"}) {
    const Material m = material_named(name);
    const std::shared_ptr<const tablebase::LosingTable> table = tb.table(m);
    REQUIRE(table);
    for (int found = 0; found < test::sample_size(12);) {
      const uint64_t i = rng() % table->size_bytes();
      const Placement p = Placement::decode(m, i % m.index_count());
      if (!p.is_position()) continue;
      const Position pos = test::position_of(variant, fen_of(p, table->layer_of(i)));
      if (outcome(pos).is_over()) continue;
      ++found;
      const TableValue v = table->value(i);
      INFO(pos.fen() << " table: " << reckoned(v) << ", winner's turns " << v.winner_turns());
      if (v.kind == TableValue::Kind::Win) {
        ++wins;
        CHECK(test::solve_position(pos, "win" + std::to_string(v.winner_turns()), 1, 16).result.status ==
              search::SolveStatus::Solved);
        if (v.winner_turns() > 1) {
          CHECK(test::solve_position(pos, "win" + std::to_string(v.winner_turns() - 1), 1, 16).result.status ==
                search::SolveStatus::NoSolution);
        }
      } else {
        ++others;
        CHECK(test::solve_position(pos, "win3", 1, 16).result.status == search::SolveStatus::NoSolution);
      }
    }
  }
  CHECK(wins > 0);
  CHECK(others > 0);
}

TEST_CASE("tablebase: Losing Marseillais winner's turns equal the game graph's", "[tablebase]") {
  // Both layers; the turns counted as the search counts them (node_rules.h): each turn of the
  // winner's in which it moves, the one under way included.
  CHECK(check_against_game_graph(
            test::variant_named("losing-marseillais"),
            {"8/8/8/3k4/8/8/8/R7 w - -", "8/8/8/8/2n5/8/8/4B3 b - -", "8/8/8/8/8/8/3P4/5k2 w - -"}) > 10000);
}

}  // namespace dm
