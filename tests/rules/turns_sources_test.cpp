// Facts about multi-move turns taken from the source texts, replayed with play_movetext and
// judged with outcome():
// - vchess Doublemove1 rules page (seeds/001_*.txt; testdata/marseillais/..._fragments.txt §2):
//   the diagram after "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5" (balanced start).
// - vchess Double Move chess page (seeds/003_*.txt, Doublemove2): after 1.e4 e5 a d-pawn move
//   allows 2.Bb5,Bxe8 capturing the king; after 1.e4 e5,Nc6 2.Qf3,Bc4 the threats are
//   3.Bxf7,Bxe8 and 3.Qxf7,Qxe8.
// - chessvariants.com Marseillais page (seeds/000_*.txt): "White Ke6, Qc7, Black Kg8:
//   1.Qb7/Qf7+? 1...Kh8 stalemate" (docs/rules.md M6, and the pass option).
// - The Scala strategygames test (testdata/marseillais/..._fragments.txt §1): a FEN where
//   Black's e5f4 gives check and White then has exactly 2 legal moves, and a short
//   classical-start game that ends in checkmate, Black winning.

#include <catch2/catch.hpp>

#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/movetext.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "test_data.h"

namespace dm {
namespace {

using test::variant_with;

Position start_of(const Variant& v) {
  Position pos;
  pos.set_start(v);
  return pos;
}

// Plays movetext on a game from pos; the movetext must be legal.
std::string board_of(const Position& pos) { return pos.fen().substr(0, pos.fen().find(' ')); }

TEST_CASE("turns sources: the vchess Doublemove1 diagram", "[turns][sources]") {
  const Game game = test::play(start_of(variant_with("marseillais")), "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5");
  CHECK(board_of(game.position()) == "r1bqkbnr/pppp1p1p/2n5/4p2p/4P3/5N2/PPPP1PPP/RNB1KB1R");
  CHECK(game.position().side_to_move() == Color::White);
  CHECK_FALSE(game.position().mid_turn());
  REQUIRE(game.turns().size() == 4);
  CHECK(game.turns()[0].size() == 1);  // balanced start (M2)
  CHECK(game.turns()[1].size() == 2);
  CHECK(game.turns()[3].size() == 2);
  CHECK(turn_to_san(start_of(variant_with("marseillais")), game.turns()[0]) == "e4");
  CHECK_FALSE(outcome(game.position()).is_over());
  // With the classical start White's first turn is two moves, so the same text is not a game.
  Game classical(start_of(variant_with("marseillais-classical")));
  CHECK(play_movetext(classical, "1.e4 e5,Nc6 2.Qh5,Nf3 g6,gxh5"));
}

TEST_CASE("turns sources: Double Move chess, 2.Bb5,Bxe8 after a d-pawn move", "[turns][sources]") {
  const Variant v = variant_with("doublemove");
  for (const auto black : {"e5,d6", "e5,d5"}) {
    INFO(black);
    Game game = test::play(start_of(v), std::string("1.e4 ") + black + " 2.Bb5,Bxe8");
    const Outcome result = outcome(game.position());
    CHECK(result.result == GameResult::WhiteWins);
    CHECK(result.reason == "king captured");
    CHECK(game.position().pieces(Color::Black, PieceType::King) == 0);
    // The game is over: no moves for Black, and no further turn can be played.
    CHECK(count_legal(game.position()) == 0);
    CHECK(play_movetext(game, "a6,a5"));
  }
  // With e5 and a move that does not open the diagonal, Bb5,Bxe8 is not possible.
  Game game(start_of(v));
  REQUIRE_FALSE(play_movetext(game, "1.e4 e5,a6 2.Bb5"));
  REQUIRE(game.position().mid_turn());
  CHECK_FALSE(parse_move(game.position(), "Bxe8"));
  CHECK(parse_move(game.position(), "Bxa6"));
}

TEST_CASE("turns sources: Double Move chess, the two threats after 2.Qf3,Bc4", "[turns][sources]") {
  const Variant v = variant_with("doublemove");
  const Game before = test::play(start_of(v), "1.e4 e5,Nc6 2.Qf3,Bc4");
  // The page's right diagram.
  CHECK(board_of(before.position()) == "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR");
  // A Black turn that does not parry: both threats capture the king.
  const Game after_black = test::play(before.position(), "a6,a5");
  for (const auto threat : {"Bxf7,Bxe8", "Qxf7,Qxe8"}) {
    INFO(threat);
    const Game game = test::play(after_black.position(), threat);
    CHECK(outcome(game.position()).result == GameResult::WhiteWins);
    CHECK(outcome(game.position()).reason == "king captured");
  }
  // Under marseillais rules the king may not stay attacked, so Bxf7+ ends the turn (M4).
  const Game m_before = test::play(start_of(variant_with("marseillais")), "1.e4 e5,Nc6 2.Qf3,Bc4 a6,a5");
  Game m_game(m_before.position());
  REQUIRE_FALSE(play_movetext(m_game, "Bxf7+"));
  CHECK(m_game.turn_complete());
  CHECK(m_game.turns().back().size() == 1);
}

TEST_CASE("turns sources: the chessvariants.com stalemate, 1.Qb7,Qf7+ Kh8", "[turns][sources]") {
  const std::string_view fen = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  SECTION("no-second-move=stalemate (default): a draw") {
    const Variant v = variant_with("marseillais");
    const Game game = test::play(test::position_of(v, fen), "1.Qb7,Qf7+ Kh8");
    CHECK(game.position().side_to_move() == Color::Black);
    CHECK(game.position().mid_turn());
    CHECK(count_legal(game.position()) == 0);
    CHECK_FALSE(game.position().in_check());
    const Outcome result = outcome(game.position());
    CHECK(result.result == GameResult::Draw);
    CHECK(result.reason == "stalemate");
  }
  SECTION("no-second-move=pass: the turn ends and White is to move") {
    const Variant v = variant_with("marseillais", {"no-second-move=pass"});
    const Game game = test::play(test::position_of(v, fen), "1.Qb7,Qf7+ Kh8");
    CHECK(game.position().side_to_move() == Color::White);
    CHECK_FALSE(game.position().mid_turn());
    CHECK_FALSE(outcome(game.position()).is_over());
    CHECK(game.turns().back().size() == 2);
    CHECK(game.turns().back()[1].kind() == MoveKind::Pass);
  }
}

TEST_CASE("turns sources: a checking first move ends Black's turn, White has 2 moves", "[turns][sources]") {
  // The source test used the classical variant; from a FEN the start rule does not matter.
  for (const auto name : {"marseillais", "marseillais-classical"}) {
    const Variant v = variant_with(name);
    Game game(test::position_of(v, "rn1Bk1nr/p2ppp2/8/1p2b1p1/1Pb1P3/2N5/P1PK1PPP/R1Q4R b kq - 0 1"));
    REQUIRE_FALSE(play_movetext(game, "e5f4"));
    CHECK(game.turn_complete());
    CHECK(game.position().side_to_move() == Color::White);
    CHECK(game.position().in_check());
    CHECK(count_legal(game.position()) == 2);
    MoveList moves;
    generate_legal(game.position(), moves);
    CHECK(moves.size() == 2);
  }
}

TEST_CASE("turns sources: the strategygames game ends in checkmate, Black wins", "[turns][sources]") {
  const Variant v = variant_with("marseillais-classical");
  const Game game = test::play(start_of(v),
                         "1. g1f3,b1c3 b7b6,g7g6 2. b2b3,c1b2 c8b7,e7e5 3. f3e5,e5d3 b7g2,g2h1 "
                         "4. f1g2,g2h1 d8g5,g5g1");
  const Outcome result = outcome(game.position());
  CHECK(result.result == GameResult::BlackWins);
  CHECK(result.reason == "checkmate");
  CHECK(game.position().side_to_move() == Color::White);
  CHECK(game.position().in_check());
  CHECK(game.turns().size() == 8);
  // The same moves under the balanced start are not a game: White's first turn has one move.
  Game balanced(start_of(variant_with("marseillais")));
  CHECK(play_movetext(balanced, "1. g1f3,b1c3"));
}

}  // namespace
}  // namespace dm
