// Outcomes under each variant's rules (docs/rules.md): checkmate wins (chess, Marseillais, Mainzer);
// stalemate is a draw in chess and Marseillais (M5, M6) but a win for the stalemated side in
// Mainzer Schach (Z5); in losing chess the side to move with no pieces or no legal move wins
// (L3, option stalemate=win) or, with stalemate=fewer-pieces, the side with fewer pieces wins
// and equal counts draw, or, with stalemate=draw (AISE), a stalemate draws and only the side
// with no piece left wins; in Double Move chess capturing the king ends the game (D2). The
// positions are hand-made so that the rule book alone gives the expected result.

#include <catch2/catch.hpp>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "test_data.h"

namespace dm {
namespace {

Variant with_option(std::string_view name, std::string_view option) {
  Variant variant = test::variant_named(name);
  const auto error = apply_rule_option(variant, option);
  INFO(name << " --rule " << option << ": " << error.value_or("ok"));
  REQUIRE_FALSE(error);
  return variant;
}

void check_outcome(const Position& pos, GameResult result, std::string_view reason) {
  INFO(pos.variant().name << " " << pos.fen() << " [" << pos.variant().describe_options() << "]");
  const Outcome o = outcome(pos);
  CHECK(o.result == result);
  CHECK(o.reason == reason);
  CHECK(o.is_over() == (result != GameResult::Ongoing));
}

}  // namespace

TEST_CASE("outcome: checkmate", "[rules][outcome]") {
  const Position fools_mate = test::position_of("chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  check_outcome(fools_mate, GameResult::BlackWins, "checkmate");
  CHECK(outcome(fools_mate).score_for(Color::White) == -1);
  CHECK(outcome(fools_mate).score_for(Color::Black) == 1);
  CHECK(count_legal(fools_mate) == 0);

  // The same position at the start of a Marseillais turn is mate too (M5).
  check_outcome(test::position_of("marseillais", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
                GameResult::BlackWins, "checkmate");

  // Mainzer Schach on 11 files, reached by playing the mating move.
  Position pos = test::position_of("mainzer", "k10/7Q3/1K9/11/11/11/11/11 w - - 0 1");
  check_outcome(pos, GameResult::Ongoing, "");
  const auto mate = parse_move(pos, "Qb7#");
  REQUIRE(mate);
  StateInfo st;
  pos.do_move(*mate, st);
  check_outcome(pos, GameResult::WhiteWins, "checkmate");
  CHECK(pos.in_check());
}

TEST_CASE("outcome: stalemate draws in chess but wins for the stalemated side in Mainzer Schach", "[rules][outcome]") {
  const Position chess = test::position_of("chess", "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
  check_outcome(chess, GameResult::Draw, "stalemate");
  CHECK(outcome(chess).score_for(Color::White) == 0);
  check_outcome(test::position_of("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), GameResult::Draw, "stalemate");
  check_outcome(test::position_of("marseillais", "k7/8/1Q6/8/8/8/8/7K b - - 0 1"), GameResult::Draw, "stalemate");

  // Z5: the side that stalemates its opponent loses.
  const Position black_stalemated = test::position_of("mainzer", "k10/11/1Q9/11/11/11/11/10K b - - 0 1");
  check_outcome(black_stalemated, GameResult::BlackWins, "stalemate");
  CHECK(outcome(black_stalemated).score_for(Color::Black) == 1);
  check_outcome(test::position_of("mainzer", "10k/11/11/11/11/1q9/11/K10 w - - 0 1"), GameResult::WhiteWins, "stalemate");
}

TEST_CASE("outcome: no legal second move in a double-move turn", "[rules][outcome]") {
  // White has one move left and none to make (M6).
  const std::string fen = "7k/8/8/8/8/1q6/8/K7 w1 - - 0 1";
  check_outcome(test::position_of("marseillais", fen), GameResult::Draw, "stalemate");
  // no-second-move=pass: the turn just ends, the only move is the pass.
  Position pass = test::position_of(with_option("marseillais", "no-second-move=pass"), fen);
  check_outcome(pass, GameResult::Ongoing, "");
  MoveList moves;
  generate_legal(pass, moves);
  REQUIRE(moves.size() == 1);
  CHECK(moves[0].kind() == MoveKind::Pass);
  StateInfo st;
  pass.do_move(moves[0], st);
  CHECK(pass.side_to_move() == Color::Black);
  CHECK(pass.moves_left() == 2);
  // Losing Marseillais: the stalemated mover wins (L4 with L3).
  check_outcome(test::position_of("losing-marseillais", "8/8/8/8/8/p7/P7/8 w1 - - 0 1"), GameResult::WhiteWins,
                "stalemate");
  // Under the AISE rule (stalemate=draw) the same stalemate is a draw.
  check_outcome(test::position_of(with_option("losing-marseillais", "stalemate=draw"), "8/8/8/8/8/p7/P7/8 w1 - - 0 1"),
                GameResult::Draw, "stalemate");
}

TEST_CASE("outcome: losing chess", "[rules][outcome]") {
  const Variant win = test::variant_named("antichess");
  const Variant fewer = with_option("antichess", "stalemate=fewer-pieces");
  const Variant draw = with_option("antichess", "stalemate=draw");

  SECTION("the side to move with no pieces wins, under every option") {
    for (const Variant& v : {win, fewer, draw}) {
      check_outcome(test::position_of(v, "8/8/8/8/8/8/8/K7 b - - 0 1"), GameResult::BlackWins, "no pieces");
      check_outcome(test::position_of(v, "8/8/8/8/8/8/8/k7 w - - 0 1"), GameResult::WhiteWins, "no pieces");
    }
  }
  SECTION("stalemated with more pieces: wins under stalemate=win, loses under fewer-pieces") {
    const std::string fen = "b7/1p6/1P6/8/8/8/8/8 b - - 0 1";
    check_outcome(test::position_of(win, fen), GameResult::BlackWins, "stalemate");
    check_outcome(test::position_of(fewer, fen), GameResult::WhiteWins, "stalemate");
  }
  SECTION("stalemated with equal pieces: wins under stalemate=win, draws under fewer-pieces") {
    const std::string fen = "8/8/8/8/8/p7/P7/8 b - - 0 1";
    check_outcome(test::position_of(win, fen), GameResult::BlackWins, "stalemate");
    check_outcome(test::position_of(fewer, fen), GameResult::Draw, "stalemate");
  }
  SECTION("stalemated with fewer pieces wins under both") {
    const std::string fen = "8/8/8/8/8/p7/P6P/8 b - - 0 1";
    check_outcome(test::position_of(win, fen), GameResult::BlackWins, "stalemate");
    check_outcome(test::position_of(fewer, fen), GameResult::BlackWins, "stalemate");
  }
  SECTION("stalemated with pieces draws under stalemate=draw, however many pieces") {
    for (const std::string fen : {"b7/1p6/1P6/8/8/8/8/8 b - - 0 1", "8/8/8/8/8/p7/P7/8 b - - 0 1",
                                  "8/8/8/8/8/p7/P6P/8 b - - 0 1"}) {
      check_outcome(test::position_of(draw, fen), GameResult::Draw, "stalemate");
    }
  }
  SECTION("a king in the line of fire is no check: play goes on") {
    check_outcome(test::position_of(win, "4k3/8/8/8/8/8/8/4R3 b - - 0 1"), GameResult::Ongoing, "");
  }
}

TEST_CASE("outcome: capturing the king ends a Double Move game", "[rules][outcome]") {
  SECTION("on the first move of the turn") {
    Position pos = test::position_of("doublemove", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    check_outcome(pos, GameResult::Ongoing, "");
    const auto capture = parse_move(pos, "Rxe8");
    REQUIRE(capture);
    StateInfo st;
    pos.do_move(*capture, st);
    check_outcome(pos, GameResult::WhiteWins, "king captured");
    CHECK(pos.side_to_move() == Color::Black);
    CHECK(king_lost(pos));
    MoveList moves;
    generate_legal(pos, moves);
    CHECK(moves.empty());
    CHECK(count_legal(pos) == 0);
    pos.undo_move(*capture);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1");
    check_outcome(pos, GameResult::Ongoing, "");
  }
  SECTION("on the second move of the turn, by Black") {
    Position pos = test::position_of("doublemove", "4k3/8/8/8/8/8/8/4r1K1 b - - 0 1");
    StateInfo first;
    StateInfo second;
    const auto king_move = parse_move(pos, "Kd7");
    REQUIRE(king_move);
    pos.do_move(*king_move, first);
    CHECK(pos.side_to_move() == Color::Black);  // still Black's turn
    const auto capture = parse_move(pos, "Rxg1");
    REQUIRE(capture);
    pos.do_move(*capture, second);
    check_outcome(pos, GameResult::BlackWins, "king captured");
    CHECK(count_legal(pos) == 0);
  }
  SECTION("kings may stand attacked: it is no check") {
    const Position pos = test::position_of("doublemove", "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1");
    CHECK_FALSE(pos.in_check());
    check_outcome(pos, GameResult::Ongoing, "");
    // The black king may even step along the rook's file.
    CHECK(parse_move(pos, "Ke7"));
  }
}

TEST_CASE("outcome: start positions are not over, result texts", "[rules][outcome]") {
  for (const auto name : variant_names()) {
    Position pos;
    pos.set_start(test::variant_named(name));
    INFO(name);
    check_outcome(pos, GameResult::Ongoing, "");
  }
  CHECK(result_text(GameResult::WhiteWins) == "1-0");
  CHECK(result_text(GameResult::BlackWins) == "0-1");
  CHECK(result_text(GameResult::Draw) == "1/2-1/2");
  CHECK(result_text(GameResult::Ongoing) == "*");
}

}  // namespace dm
