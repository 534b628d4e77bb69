// The independent check of perft for multi-move turns: the engine's perft and perft_turns
// (rules/perft.h) against the deliberately simple enumerator of tests/rules/turn_enumerator.h, which
// builds its own moves and applies the turn rules of docs/rules.md sections 2-5 by itself.
//
// Positions: the start positions of marseillais, marseillais-classical, doublemove, bennekom and
// losing-marseillais (balanced start M2 where the variant has it), hand-made positions that hold
// e.p. rights (double e.p.), castling, checks, pins and promotions, and positions reached by
// seeded random playouts from them (start of turn and mid-turn). Along every playout the
// enumerator replays the same moves with its own bookkeeping, and its legal moves must equal
// generate_legal's at every step. No published perft numbers exist for these variants
// (testdata/README.md), so agreement of two implementations is the check. On a mismatch the
// count below each first move is printed from both sides.

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <random>
#include <set>
#include <sstream>

#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/perft.h"
#include "test_data.h"
#include "tests/rules/turn_enumerator.h"

namespace dm {
namespace {

using testing::SimpleBoard;

using test::variant_with;

std::string moves_text(const MoveList& moves) {
  std::vector<std::string> names;
  for (const Move m : moves) names.push_back(move_to_uci(m));
  std::sort(names.begin(), names.end());
  std::string text;
  for (const auto& n : names) text += n + ' ';
  return text;
}

std::string simple_moves_text(const SimpleBoard& b) {
  std::vector<std::string> names;
  for (const auto& m : b.legal_moves()) names.push_back(m.uci());
  std::sort(names.begin(), names.end());
  std::string text;
  for (const auto& n : names) text += n + ' ';
  return text;
}

// The first moves whose counts differ between the engine and the enumerator.
std::string breakdown(Position& pos, const SimpleBoard& simple, int depth, PerftUnit unit) {
  std::map<std::string, std::pair<int64_t, int64_t>> rows;
  for (const auto& [m, n] : perft_divide(pos, depth, unit)) rows[move_to_uci(m)].first = int64_t(n);
  for (auto& row : rows) row.second.second = -1;
  for (const auto& [uci, n] : simple.divide(depth, unit == PerftUnit::Turns)) {
    if (!rows.count(uci)) rows[uci].first = -1;
    rows[uci].second = int64_t(n);
  }
  std::ostringstream out;
  out << "per first move (engine / enumerator, -1 = missing), differences only:\n";
  for (const auto& [uci, counts] : rows) {
    if (counts.first != counts.second) out << "  " << uci << ": " << counts.first << " / " << counts.second << '\n';
  }
  out << "enumerator board: " << simple.describe();
  return out.str();
}

// Engine and enumerator agree on perft by moves up to max_depth and by turns up to max_turns.
void check_counts(Position& pos, const SimpleBoard& simple, int max_depth, int max_turns) {
  const std::string fen = pos.fen();
  for (int depth = 1; depth <= max_depth; ++depth) {
    const uint64_t engine = perft(pos, depth);
    const uint64_t mine = simple.count_moves(depth);
    if (engine != mine) {
      FAIL_CHECK(pos.variant().name << " " << pos.variant().describe_options() << "\n" << fen << "\nperft depth "
                                    << depth << ": engine " << engine << ", enumerator " << mine << "\n"
                                    << breakdown(pos, simple, depth, PerftUnit::Moves));
    } else {
      SUCCEED();
    }
    CHECK(pos.fen() == fen);  // perft leaves the position as it was
  }
  for (int turns = 1; turns <= max_turns; ++turns) {
    const uint64_t engine = perft_turns(pos, turns);
    const uint64_t mine = simple.count_turns(turns);
    if (engine != mine) {
      FAIL_CHECK(pos.variant().name << " " << pos.variant().describe_options() << "\n" << fen << "\nperft_turns "
                                    << turns << ": engine " << engine << ", enumerator " << mine << "\n"
                                    << breakdown(pos, simple, turns, PerftUnit::Turns));
    } else {
      SUCCEED();
    }
  }
}

// perft by moves and by turns describe the same tree: at the start of a turn, the one-turn count
// is the sum over first moves of 1 (the move ended the turn: check, king capture) or the number
// of second moves.
void check_turns_from_moves(Position& pos) {
  if (pos.mid_turn()) return;
  MoveList moves;
  generate_legal(pos, moves);
  uint64_t implied = 0;
  const Color mover = pos.side_to_move();
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    implied += pos.side_to_move() != mover ? 1 : perft(pos, 1);
    pos.undo_move(m);
  }
  INFO(pos.fen());
  CHECK(perft_turns(pos, 1) == implied);
  if (!pos.variant().is_multi_move() || pos.variant().king_rule == KingRule::Royal) return;
  // Without check (doublemove, losing-marseillais) only a king capture or a pass ends a turn early.
}

struct Sample {
  Position pos;
  SimpleBoard simple;
  std::string origin;
};

// A seeded random playout of `plies` moves from start, played on the engine and, move by move
// in UCI, on the enumerator; their legal moves are compared before every move.
Sample playout(const Position& start, int plies, std::mt19937& rng, const std::string& origin) {
  Game game(start);
  SimpleBoard simple = SimpleBoard::from_position(start);
  for (int i = 0; i < plies; ++i) {
    MoveList moves;
    generate_legal(game.position(), moves);
    {
      INFO(origin << " after " << i << " plies: " << game.position().fen() << "\nenumerator: " << simple.describe());
      REQUIRE(moves_text(moves) == simple_moves_text(simple));
    }
    if (moves.empty()) break;
    const Move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
    REQUIRE(simple.play_uci(move_to_uci(m)));
    game.play(m);
  }
  return {game.position(), simple, origin};
}

// Hand-made positions that hold the features the random playouts rarely reach.
struct Seed {
  std::string_view variant;
  std::vector<std::string_view> options;
  std::string_view fen;
};

const std::vector<Seed>& seeds() {
  static const std::vector<Seed> list = {
      // Double e.p.: White's c- and e-pawns both advanced two squares; Black may take both (M7 any).
      {"marseillais", {}, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b KQkq c3e3 0 3"},
      {"marseillais", {"ep=second"}, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b KQkq c3e3 0 3"},
      {"marseillais", {"ep=none"}, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b KQkq - 0 3"},
      {"doublemove", {}, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b KQkq c3e3 0 3"},
      {"losing-marseillais", {}, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b - c3e3 0 3"},
      // Mid-turn with a pending two-step of the side to move (w1, e.p. field on White's third rank).
      {"marseillais", {}, "rnbqkbnr/pp1ppppp/8/8/2pPP3/8/PPP2PPP/RNBQKBNR w1 KQkq d3 0 3"},
      // E.p. that would expose the king along the rank (M3), and a pinned pawn.
      {"marseillais", {}, "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1"},
      {"doublemove", {}, "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 1"},
      // Castling both ways, with attacked squares (M8 vs D3) and Bennekom's king after castling.
      {"marseillais", {}, "r3k2r/p1p2p1p/8/1b6/6B1/8/P1P2P1P/R3K2R w KQkq - 0 1"},
      {"doublemove", {}, "r3k2r/p1p2p1p/8/1b6/6B1/8/P1P2P1P/R3K2R w KQkq - 0 1"},
      {"bennekom", {}, "r3k2r/p1p2p1p/8/1b6/6B1/8/P1P2P1P/R3K2R w KQkq - 0 1"},
      {"bennekom", {}, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"},
      // Promotions (and under-promotion to a king in losing chess, L2).
      {"marseillais", {}, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"},
      {"doublemove", {}, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"},
      {"losing-marseillais", {}, "n1n5/PPP5/8/8/8/8/5ppp/5N1N w - - 0 1"},
      {"bennekom", {}, "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"},
      // In check at the start of a turn (M3: escape with the first move), and a stalemate trap (M6).
      {"marseillais", {}, "4k3/8/8/1B6/8/8/8/4K2R b K - 0 1"},
      {"marseillais", {}, "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1"},
      {"marseillais", {"no-second-move=pass"}, "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1"},
      {"bennekom", {"no-second-move=pass"}, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1"},
      // Losing chess: few pieces, compulsory captures (L1), stalemate options (L3/L4).
      {"losing-marseillais", {}, "8/8/8/3p4/4P3/8/8/8 w - - 0 1"},
      {"losing-marseillais", {"no-second-move=pass"}, "8/p7/8/8/8/8/7P/8 w - - 0 1"},
      {"losing-marseillais", {"stalemate=fewer-pieces"}, "8/8/2p5/8/1P6/8/8/8 w - - 0 1"},
      // Doublemove: a king that can be captured on the first or the second move (D2).
      {"doublemove", {}, "4k3/8/8/8/8/8/3q4/R3K3 b Q - 0 1"},
      {"marseillais-classical", {}, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"},
  };
  return list;
}

TEST_CASE("turns perft: start positions agree with the independent enumerator", "[turns][perft]") {
  for (const auto name : {"marseillais", "marseillais-classical", "doublemove", "bennekom", "losing-marseillais"}) {
    const Variant v = variant_with(name);
    Position pos;
    pos.set_start(v);
    INFO(name);
    check_counts(pos, SimpleBoard::from_position(pos), 3, 2);
    check_turns_from_moves(pos);
  }
}

TEST_CASE("turns perft: start positions, deeper", "[turns][perft][slow]") {
  for (const auto name : {"marseillais", "marseillais-classical", "doublemove", "bennekom", "losing-marseillais"}) {
    const Variant v = variant_with(name);
    Position pos;
    pos.set_start(v);
    INFO(name);
    check_counts(pos, SimpleBoard::from_position(pos), 4, name == std::string_view("marseillais-classical") ? 2 : 3);
  }
}

TEST_CASE("turns perft: orthodox chess through the enumerator matches the published table", "[turns][perft]") {
  // testdata/perft/cpw_perft_results.tsv: the initial position gives 20, 400, 8902, 197281.
  const Variant v = variant_with("chess");
  Position pos;
  pos.set_start(v);
  const SimpleBoard simple = SimpleBoard::from_position(pos);
  CHECK(simple.count_moves(1) == 20);
  CHECK(simple.count_moves(2) == 400);
  CHECK(simple.count_moves(3) == 8902);
  // Kiwipete (CPW position 2): castling, e.p., promotions: 48, 2039.
  const Position kiwi = test::position_of(v, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  CHECK(SimpleBoard::from_position(kiwi).count_moves(2) == 2039);
}

TEST_CASE("turns perft: hand-made positions with e.p., castling, checks and promotions", "[turns][perft]") {
  for (const auto& seed : seeds()) {
    const Variant v = variant_with(seed.variant, seed.options);
    Position pos = test::position_of(v, seed.fen);
    INFO(seed.variant << " " << v.describe_options() << " " << seed.fen);
    const SimpleBoard simple = SimpleBoard::from_position(pos);
    // Both sides' full turns where the tree is small; one turn otherwise.
    const bool small = perft(pos, 3) < 20000;
    check_counts(pos, simple, small ? 3 : 2, small ? 2 : 1);
    check_turns_from_moves(pos);
  }
}

TEST_CASE("turns perft: hand-made positions, deeper", "[turns][perft][slow]") {
  for (const auto& seed : seeds()) {
    const Variant v = variant_with(seed.variant, seed.options);
    Position pos = test::position_of(v, seed.fen);
    INFO(seed.variant << " " << v.describe_options() << " " << seed.fen);
    check_counts(pos, SimpleBoard::from_position(pos), 4, 2);
  }
}

// Positions from seeded random playouts of every multi-move variant and option, from the start
// and from the hand-made seeds; at least 30, with the features counted below.
std::vector<Sample> random_samples(int per_start) {
  std::mt19937 rng(20240611);
  std::vector<Sample> samples;
  std::vector<std::pair<Variant, Position>> starts;
  for (const auto name : {"marseillais", "marseillais-classical", "doublemove", "bennekom", "losing-marseillais"}) {
    Variant v = variant_with(name);
    Position pos;
    pos.set_start(v);
    starts.emplace_back(v, pos);
  }
  for (const auto option : {"ep=second", "ep=none", "no-second-move=pass"}) {
    const Variant v = variant_with("marseillais", {option});
    Position pos;
    pos.set_start(v);
    starts.emplace_back(v, pos);
  }
  for (const auto& seed : seeds()) {
    const Variant v = variant_with(seed.variant, seed.options);
    starts.emplace_back(v, test::position_of(v, seed.fen));
  }
  for (const auto& [v, start] : starts) {
    for (int i = 0; i < per_start; ++i) {
      const int plies = std::uniform_int_distribution<int>(1, 36)(rng);
      samples.push_back(playout(start, plies, rng, std::string(v.name) + " " + v.describe_options() + " from " + start.fen()));
    }
  }
  return samples;
}

TEST_CASE("turns perft: random playouts agree move by move and in counts", "[turns][perft]") {
  const auto samples = random_samples(2);
  REQUIRE(samples.size() >= 30);
  int with_ep = 0, mid_turn = 0, in_check = 0, with_castling = 0, promoting = 0;
  for (const auto& sample : samples) {
    Position pos = sample.pos;
    with_ep += pos.ep_squares() != 0 || pos.ep_pending() != 0;
    mid_turn += pos.mid_turn();
    in_check += pos.in_check();
    with_castling += pos.castling_rights() != 0;
    for (int file = 0; file < 8; ++file) {
      const Piece p7 = pos.piece_on(make_square(file, 6));
      const Piece p2 = pos.piece_on(make_square(file, 1));
      promoting += (p7 == make_piece(Color::White, PieceType::Pawn)) || (p2 == make_piece(Color::Black, PieceType::Pawn));
    }
    INFO(sample.origin << "\nreached " << pos.fen());
    const bool small = perft(pos, 3) < 15000;
    check_counts(pos, sample.simple, small ? 3 : 2, small ? 2 : 1);
    check_turns_from_moves(pos);
  }
  // The sample covers the features the check is for.
  CHECK(mid_turn >= 10);
  CHECK(with_castling >= 10);
  CHECK(promoting >= 5);
  CHECK(with_ep >= 2);
  CHECK(in_check >= 1);
}

TEST_CASE("turns perft: many random playouts, two and three turns", "[turns][perft][slow]") {
  const auto samples = random_samples(4);
  for (const auto& sample : samples) {
    Position pos = sample.pos;
    INFO(sample.origin << "\nreached " << pos.fen());
    const uint64_t size = perft(pos, 4);
    check_counts(pos, sample.simple, size < 1'000'000 ? 4 : 3, size < 100'000 ? 3 : 2);
  }
}

}  // namespace
}  // namespace dm
