// Position invariants over random games of every variant (Marseillais, Double Move, losing
// chess and Mainzer Schach included): at every node the incrementally updated Zobrist key
// equals the key of a fresh Position::set from the node's FEN, and that fresh position writes
// the same FEN and has the same legal moves and checkers; undo_move restores FEN and key
// exactly. Also: keys tell apart positions that differ only in side, turn state, castling or
// e.p. rights; and copies are independent positions with their own state chain. The search's
// shortcuts are checked on the same nodes: attackers_of agrees with attackers_to,
// has_legal_move agrees with the move list,
// may_give_check never misses a check that playing the move shows (and is exact for plain
// moves and promotions), and key_after gives the key that playing the move gives (variants
// of one move a turn).
// The oracle is the rule book's invariant itself (a position is what its FEN says).

#include <catch2/catch.hpp>
#include <algorithm>
#include <deque>
#include <random>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "test_data.h"

namespace dm {
namespace {

std::vector<Move> sorted(std::vector<Move> moves) {
  std::sort(moves.begin(), moves.end(), [](Move a, Move b) { return a.raw() < b.raw(); });
  return moves;
}

std::vector<Move> sorted_moves(const Position& pos) {
  MoveList list;
  generate_legal(pos, list);
  return sorted({list.begin(), list.end()});
}

// Checks the node against a position read afresh from its FEN.
void check_against_fresh(const Position& pos) {
  const std::string fen = pos.fen();
  INFO(pos.variant().name << " node " << fen);
  Position fresh;
  const auto error = fresh.set(pos.variant(), fen);
  INFO((error ? error->to_string() : std::string("FEN read back")));
  REQUIRE_FALSE(error);
  CHECK(fresh.fen() == fen);
  CHECK(fresh.checkers() == pos.checkers());
  CHECK(fresh.ep_squares() == pos.ep_squares());
  CHECK(fresh.ep_pending() == pos.ep_pending());
  // Bennekom's and Extra Move's second moves depend on the piece that made the first, which the
  // key holds and a FEN does not record: compare keys and moves there only at a turn's start.
  const LaterMoveRule& later = pos.variant().later_moves;
  if (!((later.same_piece || later.other_piece) && pos.mid_turn())) {
    CHECK(fresh.key() == pos.key());
    CHECK(sorted_moves(fresh) == sorted_moves(pos));
  }
}

// The shortcuts against the moves played out: whether any move exists, which moves check, and
// generate_checks against the legal moves that may check; and attackers_of against
// attackers_to on every square, also with the mover's king lifted.
void check_shortcuts(Position& pos, const MoveList& moves) {
  INFO(pos.variant().name << " node " << pos.fen());
  const Square own_king = pos.king_square(pos.side_to_move());
  const Bitboard lifted = own_king == kNoSquare ? pos.pieces() : pos.pieces() ^ square_bb(own_king);
  int disagreements = 0;
  for (Bitboard b = pos.geometry().board(); b;) {
    const Square s = pop_lsb(b);
    for (const Bitboard occupied : {pos.pieces(), lifted}) {
      for (const Color c : {Color::White, Color::Black}) {
        disagreements += pos.attackers_of(c, s, occupied) != (pos.attackers_to(s, occupied) & pos.pieces(c));
      }
    }
  }
  CHECK(disagreements == 0);
  CHECK(has_legal_move(pos) == !moves.empty());
  const Color us = pos.side_to_move();
  const CheckInfo info = pos.check_info();
  // Where a check given earlier in the turn goes on (Extra Move, E4), the enemy king may be in
  // check before the move already: a move then "checks" without giving the check.
  const Square enemy_king = pos.king_square(~us);
  const bool checked_before = enemy_king != kNoSquare && (pos.attackers_to(enemy_king) & pos.pieces(us));
  std::vector<Move> may_check;
  for (const Move m : moves) {
    const bool predicted = pos.may_give_check(m, info);
    if (predicted) may_check.push_back(m);
    const uint64_t predicted_key = pos.variant().is_multi_move() ? 0 : pos.key_after(m);
    StateInfo st;
    pos.do_move(m, st);
    const uint64_t key = pos.key();
    const Square their_king = pos.king_square(~us);
    const bool checks = pos.variant().king_rule == KingRule::Royal && their_king != kNoSquare && !checked_before &&
                        (pos.attackers_to(their_king) & pos.pieces(us));
    pos.undo_move(m);
    INFO("move " << move_to_uci(m));
    if (!pos.variant().is_multi_move()) CHECK(predicted_key == key);
    if (checks) CHECK(predicted);
    const bool plain = m.kind() == MoveKind::Normal || m.kind() == MoveKind::Promotion;
    if (plain && pos.variant().king_rule == KingRule::Royal && !checked_before) CHECK(predicted == checks);
  }
  MoveList checking;
  generate_checks(pos, checking);
  CHECK(sorted({checking.begin(), checking.end()}) == sorted(may_check));
}

struct Node {
  std::string fen;
  uint64_t key;
};

// A random game of up to `plies` moves from pos, checked at every node, then undone move by
// move, checking that each undo restores the node exactly. Returns the number of nodes.
size_t random_game(Position& pos, std::mt19937& rng, int plies, bool compare_with_fen) {
  std::deque<StateInfo> states;
  std::vector<Move> played;
  std::vector<Node> path;
  for (int ply = 0;; ++ply) {
    if (king_lost(pos)) break;  // no FEN for a board without a king in Double Move chess
    if (compare_with_fen) check_against_fresh(pos);
    MoveList moves;
    generate_legal(pos, moves);
    check_shortcuts(pos, moves);
    if (moves.empty() || ply == plies) break;
    const Move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
    path.push_back({pos.fen(), pos.key()});
    played.push_back(m);
    pos.do_move(m, states.emplace_back());
  }
  const size_t nodes = played.size() + 1;
  while (!played.empty()) {
    pos.undo_move(played.back());
    INFO(pos.variant().name << ": undo " << move_to_uci(played.back()));
    CHECK(pos.fen() == path.back().fen);
    CHECK(pos.key() == path.back().key);
    played.pop_back();
    path.pop_back();
  }
  return nodes;
}

// Starts for the random games beside each variant's initial array: positions rich in castling,
// e.p. (several pawns at once in the double-move variants), promotion and fairy pieces.
const std::vector<std::pair<std::string_view, std::string_view>> kExtraStarts = {
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
    {"marseillais", "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w KQkq - 0 1"},
    {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6e6 0 3"},
    {"marseillais", "4k3/1P4P1/8/8/8/8/1p4p1/4K3 b1 - - 0 1"},
    {"marseillais-classical", "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R b KQkq - 0 1"},
    {"doublemove", "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w KQkq - 0 1"},
    {"doublemove", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"},
    {"bennekom", "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w KQkq - 0 1"},
    {"antichess", "8/1P4P1/8/2pPp3/8/8/1p4p1/8 w - c6 0 1"},
    {"losing-marseillais", "rnbqkbnr/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/RNBQKBNR b - - 0 1"},
    {"mainzer", "r4k4r/pppp3pppp/11/11/11/11/PPPP3PPPP/R4K4R w KQkq - 0 1"},
    {"mainzer", "rARb1kmnn1r/P7Pp1/11/4p1p3J/3p6P/3Q1P5/5K5/RJB3mNa1R w kq - 0 31"},
    {"mainzer", "rjbbqkm1njr/p2ppnpp1pp/11/1pP2p2p2/4P2P2P/4Q6/P1PP1PP1PP1/RJBB1KMNNJR w KQkq b6 0 7"},
    {"janus", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R3K4R w KQkq - 0 1"},
    {"capablanca", "rnjbqkbmnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNJBQKBMNR w KQkq - 0 1"},
};

// Which variants a run of random games covers.
enum class Turns { Single, Multi, All };

bool covers(Turns turns, const Variant& variant) {
  return turns == Turns::All || variant.is_multi_move() == (turns == Turns::Multi);
}

void run_games(Turns turns, bool compare_with_fen, size_t games_per_start, int plies, uint32_t seed) {
  std::mt19937 rng(seed);
  size_t nodes = 0;
  for (const auto name : variant_names()) {
    const Variant variant = test::variant_named(name);
    if (!covers(turns, variant)) continue;
    Position pos;
    pos.set_start(variant);
    const std::string start_fen = pos.fen();
    for (size_t i = 0; i < games_per_start; ++i) nodes += random_game(pos, rng, plies, compare_with_fen);
    CHECK(pos.fen() == start_fen);
  }
  for (const auto& [name, fen] : kExtraStarts) {
    Position pos = test::position_of(name, fen);
    if (!covers(turns, pos.variant())) continue;
    for (size_t i = 0; i < games_per_start; ++i) nodes += random_game(pos, rng, plies, compare_with_fen);
    CHECK(pos.fen() == test::position_of(name, fen).fen());
  }
  CHECK(nodes > games_per_start * 20);
}

}  // namespace

TEST_CASE("position: make/unmake restores FEN and key over random games of every variant", "[rules][position]") {
  run_games(Turns::All, false, 10, 100, 1);
}

TEST_CASE("position: the incremental key equals the FEN's key in random single-move games", "[rules][position]") {
  run_games(Turns::Single, true, 6, 100, 2);
}

// The double-move variants apart: their e.p. rights (M7) are where FEN and play can disagree;
// see also the two directed e.p. tests below.
TEST_CASE("position: the incremental key equals the FEN's key in random double-move games", "[rules][position]") {
  run_games(Turns::Multi, true, 6, 100, 3);
}

TEST_CASE("position: many long random games", "[rules][position][slow]") {
  run_games(Turns::All, false, 200, 200, 4);
  run_games(Turns::Single, true, 200, 200, 5);
  run_games(Turns::Multi, true, 200, 200, 6);
}

// M7 (ep=any): a pawn that advanced two squares during the opponent's turn may be taken e.p.
// "while it still stands where that move put it and the square it passed over is empty"; the
// square it started from does not matter. Here White's second move puts the king on h2, where
// the pawn came from: Black may take e.p., the FEN says "h3", and reading that FEN back must
// give the same position (an earlier FEN reader refused it: it wanted h2 empty).
TEST_CASE("position: e.p. right after a second move onto the pawn's start square", "[rules][position]") {
  Position pos = test::position_of("marseillais", "4k3/8/8/8/6p1/8/7P/7K w - - 0 1");
  std::deque<StateInfo> states;
  for (const std::string_view san : {"h4", "Kh2"}) {
    const auto m = parse_move(pos, san);
    REQUIRE(m);
    pos.do_move(*m, states.emplace_back());
  }
  REQUIRE(pos.side_to_move() == Color::Black);
  const auto ep = parse_move(pos, "gxh3");
  REQUIRE(ep);
  CHECK(ep->kind() == MoveKind::EnPassant);
  CHECK(pos.fen() == "4k3/8/8/8/6pP/8/7K/8 b - h3 1 1");
  check_against_fresh(pos);
}

TEST_CASE("position: keys tell apart what the FEN tells apart", "[rules][position]") {
  const std::vector<std::pair<std::string_view, std::string_view>> distinct = {
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"},
      {"chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1"},
      {"marseillais", "r3k2r/8/8/8/8/8/8/R3K2R w1 KQkq - 0 1"},
      {"marseillais", "r3k2r/8/8/8/8/8/8/R3K2R b1 KQkq - 0 1"},
      {"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
      {"chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"},
      {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6e6 0 3"},
      {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq d6 0 3"},
      {"marseillais", "rnbqkbnr/ppp2ppp/8/2PppP2/8/8/PP1PP1PP/RNBQKBNR w KQkq e6 0 3"},
  };
  // Keys are compared within one variant: a table only ever holds positions of one variant.
  std::vector<std::pair<std::string_view, uint64_t>> keys;
  for (const auto& [variant, fen] : distinct) keys.emplace_back(variant, test::position_of(variant, fen).key());
  std::sort(keys.begin(), keys.end());
  CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
  // The move counters are not part of the key.
  CHECK(test::position_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1").key() ==
        test::position_of("chess", "4k3/8/8/8/8/8/8/4K3 w - - 31 70").key());
}

TEST_CASE("position: transpositions reach the same key", "[rules][position]") {
  // 1.Nf3 Nf6 2.Ng1 Ng8 returns to the start; so do the two orders of a Marseillais turn.
  Position pos;
  pos.set_start(test::variant_named("chess"));
  const uint64_t start = pos.key();
  std::deque<StateInfo> states;
  for (const std::string_view san : {"Nf3", "Nf6", "Ng1", "Ng8"}) {
    const auto m = parse_move(pos, san);
    REQUIRE(m);
    pos.do_move(*m, states.emplace_back());
  }
  CHECK(pos.key() == start);
  CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3");

  const std::string fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  Position a = test::position_of("marseillais", fen);
  Position b = test::position_of("marseillais", fen);
  for (const auto& [pos_ref, order] : {std::pair{&a, std::pair{"e4", "d4"}}, std::pair{&b, std::pair{"d4", "e4"}}}) {
    for (const std::string_view san : {order.first, order.second}) {
      const auto m = parse_move(*pos_ref, san);
      REQUIRE(m);
      pos_ref->do_move(*m, states.emplace_back());
    }
  }
  CHECK(a.fen() == b.fen());
  CHECK(a.key() == b.key());
  CHECK(a.side_to_move() == Color::Black);
}

// Bennekom (docs/rules.md section 4): the piece that made the first move of a turn makes the second,
// so two positions that differ only in which piece that was have different moves, and must
// have different keys, though their FENs (which do not say) are the same.
TEST_CASE("position: Bennekom keys tell apart the piece that must move second", "[rules][position]") {
  std::deque<StateInfo> states;
  const auto after = [&](std::string_view fen, std::string_view san) {
    Position pos = test::position_of("bennekom", fen);
    const auto m = parse_move(pos, san);
    REQUIRE(m);
    pos.do_move(*m, states.emplace_back());
    return pos;
  };
  const Position a = after("4k3/8/8/8/8/N1N5/8/4K3 w - - 0 1", "Nab5");
  const Position b = after("4k3/8/8/1N6/8/8/4N3/4K3 w - - 0 1", "Nec3");
  REQUIRE(a.mid_turn());
  CHECK(a.fen() == b.fen());
  CHECK(sorted_moves(a) != sorted_moves(b));
  CHECK(a.key() != b.key());
}

// M7 with ep=any: after a first e.p. capture, the rights left for a second one are only those
// some pawn can still use, as after reading the FEN (equal rights, equal keys and FENs).
TEST_CASE("position: e.p. rights after a first e.p. capture", "[rules][position]") {
  Position pos = test::position_of("marseillais", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6f6 0 3");
  const auto capture = parse_move(pos, "exd6");
  REQUIRE(capture);
  REQUIRE(capture->kind() == MoveKind::EnPassant);
  StateInfo st;
  pos.do_move(*capture, st);
  REQUIRE(pos.mid_turn());
  check_against_fresh(pos);
  MoveList moves;
  generate_legal(pos, moves);
  CHECK(std::none_of(moves.begin(), moves.end(), [](Move m) { return m.kind() == MoveKind::EnPassant; }));
}

// The legal move of pos written `uci`; fails the test when there is none.
Move legal_move(const Position& pos, std::string_view uci) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move m : moves) {
    if (move_to_uci(m) == uci) return m;
  }
  FAIL("no legal move " << uci << " in " << pos.fen());
  return Move();
}

TEST_CASE("position: may_give_check on promotions through the pawn's square and uncovered checks",
          "[rules][position]") {
  struct Case {
    std::string_view fen;
    std::string_view uci;
    bool checks;
  };
  // e7e8: the promoted queen or rook attacks down the e-file through e7, which the pawn left.
  // d4: the knight stands between the rook on d1 and the king on d8, so any knight move uncovers
  // the rook; the bishop on g2 stands on no line to the king.
  const std::string_view promotion = "8/4P3/8/8/8/4k3/8/K7 w - - 0 1";
  const std::string_view uncovered = "3k4/8/8/8/3N4/8/6B1/K2R4 w - - 0 1";
  const Case cases[] = {
      {promotion, "e7e8q", true},  {promotion, "e7e8r", true},  {promotion, "e7e8n", false},
      {promotion, "e7e8b", false}, {uncovered, "d4b5", true},   {uncovered, "d4f3", true},
      {uncovered, "g2f1", false},  {uncovered, "g2b7", false},
  };
  for (const Case& c : cases) {
    const Position pos = test::position_of("chess", c.fen);
    INFO(c.fen << " " << c.uci);
    CHECK(pos.may_give_check(legal_move(pos, c.uci), pos.check_info()) == c.checks);
  }
}

TEST_CASE("position: copies are independent", "[rules][position]") {
  Position original = test::position_of("marseillais", "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  std::deque<StateInfo> states;
  const auto first = parse_move(original, "d4");  // a two-step: an e.p. right pending mid-turn
  REQUIRE(first);
  original.do_move(*first, states.emplace_back());
  REQUIRE(original.mid_turn());

  SECTION("copy construction keeps the whole state, mid-turn included") {
    Position copy(original);
    CHECK(copy.fen() == original.fen());
    CHECK(copy.key() == original.key());
    CHECK(copy.moves_left() == 1);
    CHECK(copy.ep_pending() == original.ep_pending());
    CHECK(sorted_moves(copy) == sorted_moves(original));
  }
  SECTION("moves on a copy leave the original alone, and undo on the copy restores it") {
    const std::string fen = original.fen();
    const uint64_t key = original.key();
    Position copy = original;
    MoveList moves;
    generate_legal(copy, moves);
    REQUIRE_FALSE(moves.empty());
    StateInfo st;
    copy.do_move(moves[0], st);
    CHECK(copy.fen() != fen);
    CHECK(original.fen() == fen);
    CHECK(original.key() == key);
    copy.undo_move(moves[0]);
    CHECK(copy.fen() == fen);
    CHECK(copy.key() == key);
    // The original can still undo its own move.
    original.undo_move(*first);
    CHECK(original.fen() == "r3k2r/pppppppp/8/1P1P1P1P/p1p1p1p1/8/PPPPPPPP/R3K2R w KQkq - 0 1");
  }
  SECTION("assignment replaces variant, board and state") {
    Position other = test::position_of("mainzer", "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1");
    other = original;
    CHECK(other.variant().name == "marseillais");
    CHECK(other.geometry().files() == 8);
    CHECK(other.fen() == original.fen());
    CHECK(other.key() == original.key());
    Position& self = other;
    other = self;  // self-assignment keeps everything
    CHECK(other.fen() == original.fen());
    CHECK(sorted_moves(other) == sorted_moves(original));
  }
}

}  // namespace dm
