// The traps of Extra Move chess and Progressive chess (docs/rules-extramove-progressive.md,
// E1-E7, P1-P8), each shown on a small hand-made position where the rule decides the solver's
// answer: a key (or a line) that exists with the rule and not without it, or the reverse. Each
// case solves the same position in a variant where the rule does not hold (Marseillais,
// Bennekom, Scottish against Italian, Extra Move against Progressive, a series of another
// length) and compares both answers with the sets derived in the comments, by hand, from the
// rules; none was copied from the solver. Then the FEN of a progressive series (P6) and a
// series of six solved in full.
//
// Extra Move positions are given at move number 2, so that White's turn is the ordinary one
// of a first move and an optional second (E1: the one-move turn is only White's at move 1).
// In progressive chess the move number is the series' length (P6): `w - - 0 2` is White to
// play a series of two, Black's next series then has three moves.

#include <catch2/catch.hpp>

#include <deque>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "solver_support.h"
#include "test_data.h"

namespace dm {
namespace {

using problem::SolveStatus;
using Answers = std::set<std::string>;

// The answers (keys in UCI, `a,b` for a turn of two moves; help lines) of a solved problem,
// checked to be decided; the solve is also checked to report `solved` exactly when there are
// answers.
Answers answers_of(std::string_view variant, std::string_view fen, std::string_view stipulation) {
  const test::SolverRun run = test::solve_fen(variant, fen, stipulation, 1, 16);
  INFO(variant << " " << fen << " " << stipulation);
  REQUIRE(run.result.status != SolveStatus::Unknown);
  CHECK((run.result.status == SolveStatus::Solved) == !run.answers.empty());
  return run.answers;
}

Answers legal_moves(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  Answers names;
  for (const Move m : moves) names.insert(move_to_uci(m));
  return names;
}

// ---------------------------------------------------------------------------------------------
// Extra Move chess

TEST_CASE("Extra Move E2: the second move never captures", "[solver][turns]") {
  // White Kf1 Re1 Be4, Black Kh8 Ne8 Pg7 Ph7. White's rook is shut in behind its own bishop
  // (rank 1 leads to d1-a1, whose files end on d8-a8, shielded from h8 by the e8 knight; the
  // f-file is the king's). The only mate is Rxe8: the e8 rook checks along the eighth rank, g8
  // is covered, g7/h7 are Black's own pawns, and nothing of Black's reaches e8. It needs the
  // bishop off the e-file first, and it is a capture.
  //  - Marseillais: 1.B(any, without check),Rxe8#. Every bishop move is quiet (the g7 pawn
  //    shields h8), and every one but Bxh7 keeps the mate; after Bxh7 the king takes the
  //    bishop (h7 is no longer covered by anything). 13 bishop moves less h7: 12 keys.
  //  - Extra Move: Rxe8 can only be the second move, which may not capture (E2). No other mate:
  //    the bishop cannot check h8 (g7 blocks the long diagonal) and the rook reaches no square
  //    of the eighth rank or the h-file that checks without capturing. No solution.
  const char* fen = "4n2k/6pp/8/8/4B3/8/8/4RK2 w - - 0 2";
  Answers marseillais;
  for (const char* to : {"d5", "c6", "b7", "a8", "f5", "g6", "d3", "c2", "b1", "f3", "g2", "h1"}) {
    marseillais.insert(std::string("e4") + to + ",e1e8");
  }
  CHECK(answers_of("marseillais", fen, "#1") == marseillais);
  CHECK(answers_of("extramove", fen, "#1").empty());
}

TEST_CASE("Extra Move E2: the second move is never the piece that made the first", "[solver][turns]") {
  // White Ka1 Rb2 Pb5, Black Kh8 Pg7 Ph7: a back-rank mate by a rook on the eighth rank (g8
  // covered, g7/h7 Black's own). The b5 pawn bars the b-file, so the rook needs two moves: Rb2
  // to a2, c2, d2, e2 or f2 (none checks), then up the file to mate (g2/h2 lead to files that
  // g7/h7 block). The pawn and the king add nothing (b6 keeps the b-file shut).
  //  - Marseillais (M1: two moves by the same piece) and Bennekom (the second move must be the
  //    rook's, which has one): those five keys.
  //  - Extra Move: the second move may not be the rook (E2); no one move of White mates. None.
  const char* fen = "7k/6pp/8/1P6/8/8/1R6/K7 w - - 0 2";
  const Answers same_piece{"b2a2,a2a8", "b2c2,c2c8", "b2d2,d2d8", "b2e2,e2e8", "b2f2,f2f8"};
  CHECK(answers_of("marseillais", fen, "#1") == same_piece);
  CHECK(answers_of("bennekom", fen, "#1") == same_piece);
  CHECK(answers_of("extramove", fen, "#1").empty());
}

TEST_CASE("Extra Move E3: a pawn's two-step is never the first move of a turn", "[solver][turns]") {
  // White Kh1 Rd1 Bg1 Pe2 Ph2, Black Kh8 Bb7 Pg7 Ph7: White is in check from b7 along the long
  // diagonal. The king has no flight (g1, h2 its own, g2 on the diagonal); the check can only
  // be blocked: e2-e4 on e4, or Rd5. Rd8 mates (g8 covered, b7 does not see d8, nothing
  // interposes on e8-g8), but only while the check is blocked by another piece than the rook.
  //  - Marseillais: 1.e4 (blocks, no check),Rd8#: the one key. (1.Rd5 leaves no mate: the rook
  //    may not leave the diagonal again, and nothing else reaches the eighth rank.)
  //  - Extra Move: the two-step may not be the first move (E3), and the first move must answer
  //    the check (E4), so the first move is Rd5, and then nothing mates. None.
  //  - Extra Move with the pawn already on e3: e3-e4 is a one-step, allowed first: 1.e4,Rd8#.
  const char* fen = "7k/1b4pp/8/8/8/8/4P2P/3R2BK w - - 0 2";
  CHECK(answers_of("marseillais", fen, "#1") == Answers{"e2e4,d1d8"});
  CHECK(answers_of("extramove", fen, "#1").empty());
  CHECK(answers_of("extramove", "7k/1b4pp/8/8/8/4P3/7P/3R2BK w - - 0 2", "#1") == Answers{"e3e4,d1d8"});
  // Only the two-step is barred: as a second move it is legal (after Rd5 has blocked the check).
  Position pos = test::position_of("extramove", fen);
  CHECK_FALSE(legal_moves(pos).count("e2e4"));
  CHECK(legal_moves(pos).count("d1d5"));
  StateInfo st;
  pos.do_move(*parse_move(pos, "d1d5"), st);
  REQUIRE(pos.side_to_move() == Color::White);
  CHECK(legal_moves(pos).count("e2e4"));
}

TEST_CASE("Extra Move E4: a check does not end the turn", "[solver][turns]") {
  // White Kf6 Re1, Black Kh8 Be8. The e8 bishop guards f7 and g6 (e8-f7-g6), the squares from
  // which the white king would take g7/h7 (and g8) from Black's king. Rxe8+ removes it, with
  // check along the eighth rank; then Kg6 takes g7 and h7, the rook g8: mate.
  //  - Extra Move: 1.Rxe8+,Kg6#, the only key (1.Rxe8+,Kf7? leaves h7; the king cannot go to
  //    g6/f7 first, as both are attacked, and the capture can only be the first move, E2).
  //  - Marseillais: the capture checks and ends the turn (M4): 1.Rxe8+ Kh7. The king cannot
  //    move to g6 or f7 before, the rook reaches e8 only with check, and a mate needs the king
  //    on g6 or f7. None.
  const char* fen = "4b2k/8/5K2/8/8/8/8/4R3 w - - 0 2";
  CHECK(answers_of("extramove", fen, "#1") == Answers{"e1e8,f6g6"});
  CHECK(answers_of("marseillais", fen, "#1").empty());
}

// The SAN of a turn given in UCI moves (a pass as 0000), played from fen.
std::string san_of(std::string_view variant, std::string_view fen, const std::vector<std::string>& uci) {
  Position pos = test::position_of(variant, fen);
  const Position start = pos;
  Turn turn;
  std::deque<StateInfo> states;
  for (const std::string& text : uci) {
    const auto m = parse_move(pos, text);
    REQUIRE(m);
    turn.push_back(*m);
    pos.do_move(*m, states.emplace_back());
  }
  return turn_to_san(start, turn);
}

TEST_CASE("Extra Move E4/E7: a first move that checks is marked, the turn's end says mate", "[rules][turns]") {
  // The check of a first move does not end the turn, and the side to move is still the
  // checker's: the mark must come from the other king, not from the side to move.
  // Rxe8+ (the eighth rank open to h8), then Kg6 takes g7 and h7: mate.
  CHECK(san_of("extramove", "4b2k/8/5K2/8/8/8/8/4R3 w - - 0 2", {"e1e8", "f6g6"}) == "Rxe8+,Kg6#");
  // Rg7+ and a pass: a check, the king goes to h1 or h2.
  CHECK(san_of("extramove", "8/4R3/8/8/8/3p4/8/4K1k1 w - - 0 2", {"e7g7", "0000"}) == "Rg7+");
  // Ra1 and a pass mates the h1 king (Kg3 holds g2 and h2): the unwritten pass ends the turn.
  CHECK(san_of("extramove", "8/R7/8/8/8/6K1/8/7k w - - 0 2", {"a7a1", "0000"}) == "Ra1#");
  // A quiet first move gets no mark; nor does the move after it when it leaves no check.
  CHECK(san_of("extramove", "8/R7/8/8/8/6K1/8/7k w - - 0 2", {"g3f3", "a7b7"}) == "Kf3,Rb7");
  // Marseillais: the same check ends the turn (M4), marked as before.
  CHECK(san_of("marseillais", "8/R7/8/8/8/6K1/8/7k w - - 0 2", {"a7a1"}) == "Ra1#");
}

// ---------------------------------------------------------------------------------------------
// Progressive chess

TEST_CASE("Progressive P5: Scottish mates with a check that ends the series early, Italian cannot",
          "[solver][turns]") {
  // White Kf7 Pg6, Black Kh8 Ra8 Ph7; White to play a series of two. g7+ mates at once: the
  // pawn checks h8, g7 is guarded by the king, g8 and h7 are taken. The a8 rook guards e8 and
  // f8 (its own king stops it beyond g8); it neither takes g7 nor interposes against a pawn.
  //  - Scottish: the check ends the series (P5): 1.g7# in one move is the key. Two quiet moves
  //    then a mate do not exist (see Italian), so it is the only one.
  //  - Italian: g7+ is illegal as the first move of two. The quiet first moves are the king's
  //    (e6, e7, f6: e8 and f8 are the rook's, g7/g8 touch h8) and gxh7. After a king move g7+
  //    leaves g8 free (the king no longer covers it, the pawn on g7 does not); after gxh7 no
  //    second move checks. None.
  //  - Italian in a series of one: g7# is the last move, so legal: the key.
  const char* fen = "r6k/5K1p/6P1/8/8/8/8/8 w - - 0 2";
  CHECK(answers_of("progressive-scottish", fen, "#1") == Answers{"g6g7"});
  CHECK(answers_of("progressive-italian", fen, "#1").empty());
  CHECK(answers_of("progressive-italian", "r6k/5K1p/6P1/8/8/8/8/8 w - - 0 1", "#1") == Answers{"g6g7"});
}

TEST_CASE("Progressive P5: Italian mates by progressive checkmate where Scottish does not", "[solver][turns]") {
  // White Kg8 Rd7, Black Ka8 Rd3 Pa7 Pb7; White to play a series of one, Black's next has two.
  // Rd8+ is the only check (Rxb7 does not check a8; a7 is behind b7). Black's only answer is
  // Rxd8 (b8 is the rook's, c8/b8 cannot be reached by the d3 rook, a7/b7 are its own), and
  // Rxd8 checks the g8 king along the eighth rank.
  //  - Italian: Black's series has two moves, so that checking answer is illegal (P5): Black has
  //    no answer and is mated ("progressive checkmate"). Key Rd8.
  //  - Scottish: Rxd8+ is legal and ends Black's series; no mate. None.
  const char* fen = "k5K1/pp1R4/8/8/8/3r4/8/8 w - - 0 1";
  CHECK(answers_of("progressive-italian", fen, "#1") == Answers{"d7d8"});
  CHECK(answers_of("progressive-scottish", fen, "#1").empty());
}

TEST_CASE("Progressive P5: Italian progressive checkmate needs a series of two or more", "[rules][turns]") {
  // The position after 1.Rd8+ above (Black's rook back on d3): Black is in check, and its one
  // answer, Rxd8, checks the white king.
  for (const auto& [variant, series, mated] : {std::tuple{"progressive-italian", 2, true},
                                              std::tuple{"progressive-italian", 1, false},
                                              std::tuple{"progressive-italian", 5, true},
                                              std::tuple{"progressive-scottish", 2, false}}) {
    const std::string fen = "k2R2K1/pp6/8/8/8/3r4/8/8 b - - 0 " + std::to_string(series);
    INFO(variant << " " << fen);
    const Position pos = test::position_of(variant, fen);
    REQUIRE(pos.in_check());
    const Outcome out = outcome(pos);
    if (mated) {
      CHECK(legal_moves(pos).empty());
      CHECK(out.result == GameResult::WhiteWins);
      CHECK(out.reason == "checkmate");
    } else {
      CHECK(legal_moves(pos) == Answers{"d3d8"});
      CHECK_FALSE(out.is_over());
    }
  }
}

TEST_CASE("Progressive P3: no legal move in the middle of a series is a draw", "[solver][rules][turns]") {
  // White Kc7 Rd1 Pa6 Ph3, Black Ka8 Pa7 Ph5; Black plays first (h#1: Black's series, then
  // White's series ends in mate). Black's king has no square (a7 its own, b7/b8 the c7 king's)
  // and a7 is blocked, so Black's one move is h5-h4, after which nothing of Black's moves
  // (h4 is blocked by h3).
  //  - Progressive, Black's series of two: after h4 Black has no move in the middle of its
  //    series and is not in check: stalemate, a draw (P3); White never plays. No solution,
  //    Italian or Scottish.
  //  - Progressive, a series of one: 1...h4 ends it; then White (two moves) mates, e.g. with
  //    the rook to a file and up it to the eighth rank (b8, the one flight, is then the rook's;
  //    b7 is the a6 pawn's): 2.Rb1,Rb8#; or 2.Kc6,Rd8#.
  //  - Extra Move: having no second move is no stalemate (E5): Black passes after h4, and
  //    White mates with Rd8 (the rook may move only once, E2), then a pass or a king move that
  //    keeps the mate: Kc6, Kd6, Kd7 (b6 is the a7 pawn's, b7/b8 touch a8, c8 would shut the
  //    rook off b8); or Kc6 first, then Rd8 (Kd6/Kd7 first would stand in the rook's way).
  const char* fen = "k7/p1K5/P7/7p/8/7P/8/3R4 b - - 0 2";
  CHECK(answers_of("progressive-italian", fen, "h#1").empty());
  CHECK(answers_of("progressive-scottish", fen, "h#1").empty());
  CHECK(answers_of("extramove", fen, "h#1") ==
        Answers{"h5h4,0000 d1d8,0000", "h5h4,0000 d1d8,c7c6", "h5h4,0000 d1d8,c7d6", "h5h4,0000 d1d8,c7d7",
                "h5h4,0000 c7c6,d1d8"});
  for (const char* variant : {"progressive-italian", "progressive-scottish"}) {
    INFO(variant);
    const Answers one = answers_of(variant, "k7/p1K5/P7/7p/8/7P/8/3R4 b - - 0 1", "h#1");
    CHECK(one.count("h5h4 c7c6,d1d8"));
    CHECK(one.count("h5h4 d1b1,b1b8"));
  }

  // The same position in the middle of Black's series (b1: one move left of two), by FEN:
  // no legal move, a draw by stalemate. In Extra Move the side passes instead (E5).
  const char* mid = "k7/p1K5/P7/8/7p/7P/8/3R4 b1 - - 0 2";
  for (const char* variant : {"progressive-italian", "progressive-scottish"}) {
    INFO(variant);
    const Position pos = test::position_of(variant, mid);
    CHECK(pos.moves_left() == 1);
    CHECK(legal_moves(pos).empty());
    const Outcome out = outcome(pos);
    CHECK(out.result == GameResult::Draw);
    CHECK(out.reason == "stalemate");
  }
  const Position extra = test::position_of("extramove", mid);
  CHECK(legal_moves(extra) == Answers{"0000"});
  CHECK_FALSE(outcome(extra).is_over());
  // And reached by play: Black's only first move of a series of three leaves no second.
  Position played = test::position_of("progressive-italian", "k7/p1K5/P7/7p/8/7P/8/3R4 b - - 0 3");
  StateInfo st;
  played.do_move(*parse_move(played, "h5h4"), st);
  CHECK(played.side_to_move() == Color::Black);
  CHECK(played.moves_left() == 2);
  CHECK(played.fen() == "k7/p1K5/P7/8/7p/7P/8/3R4 b2 - - 0 3");
  CHECK(outcome(played).result == GameResult::Draw);
}

TEST_CASE("Progressive P3/P5: Italian stalemate where the only moves give check", "[solver][turns]") {
  // White Kd1 Bg1 Pa6, Black Ka8 Pa7 Pe3; White plays a series of one (=1), Black then two.
  // Bh2 covers b8 (h2-c7 empty), so Black's king has no square (b7 is the a6 pawn's), a7 is
  // blocked, and the only move left is e3-e2, which checks d1.
  //  - Italian: a check before the last move of Black's series of two is illegal (P5), so
  //    Black has no legal move: stalemate (P3). Key Bh2, the only one: Bxe3 and Bf2 leave b8
  //    free (and exf2 after Bf2), a king move to c1/c2/e1 makes e2 no check, Ke2 blocks the pawn
  //    but b8 is free; Kd2 is illegal (e3 guards d2), and the a6 pawn is blocked.
  //  - Scottish: e2+ is legal and ends Black's series. None.
  const char* fen = "k7/p7/P7/8/8/4p3/8/3K2B1 w - - 0 1";
  CHECK(answers_of("progressive-italian", fen, "=1") == Answers{"g1h2"});
  CHECK(answers_of("progressive-scottish", fen, "=1").empty());
}

TEST_CASE("Progressive #1: a series of six, a pawn's march to promotion", "[solver][turns]") {
  // White Kh1 Pb2 Ph2, Black Kh8 Be3 Pg7 Ph7 Ph3. White's king cannot move (g1 is e3's, g2
  // h3's, h2 its own), the h2 pawn is blocked: only the b-pawn moves. b8=Q or b8=R mates (check
  // along the eighth rank, g8 covered, the e3 bishop reaches no square of c8-g8 and not b8),
  // a minor promotion does not check and cannot mate with one more move (a knight on b8 reaches
  // a6/c6/d7, a bishop's diagonal to h8 is shut by g7).
  //  - Italian, series of six: the promotion with check must be the sixth move: b3, b4, b5,
  //    b6, b7, b8=Q/R. With the two-step the promotion would come fifth, and checks are legal
  //    only last (P5). Two keys.
  //  - Scottish, series of six: those two, and the two-step line, whose promotion check mates
  //    on the fifth move and ends the series. Four keys.
  //  - Series of seven: Italian has no seventh move after a sixth-move promotion that is no
  //    check; none. Scottish still mates early: the same four.
  const char* fen = "7k/6pp/8/8/8/4b2p/1P5P/7K w - - 0 6";
  const Answers italian{"b2b3,b3b4,b4b5,b5b6,b6b7,b7b8q", "b2b3,b3b4,b4b5,b5b6,b6b7,b7b8r"};
  Answers scottish = italian;
  scottish.insert("b2b4,b4b5,b5b6,b6b7,b7b8q");
  scottish.insert("b2b4,b4b5,b5b6,b6b7,b7b8r");
  CHECK(answers_of("progressive-italian", fen, "#1") == italian);
  CHECK(answers_of("progressive-scottish", fen, "#1") == scottish);
  const char* seven = "7k/6pp/8/8/8/4b2p/1P5P/7K w - - 0 7";
  CHECK(answers_of("progressive-italian", seven, "#1").empty());
  CHECK(answers_of("progressive-scottish", seven, "#1") == scottish);
}

// ---------------------------------------------------------------------------------------------
// FEN of a series (P6)

std::optional<FenError> fen_error(std::string_view variant, std::string_view fen) {
  Position pos;
  return pos.set(test::variant_named(variant), fen);
}

TEST_CASE("Progressive P6: wN/bN round trip, N below the series, the series number's limit", "[rules][turns]") {
  for (const char* variant : {"progressive-italian", "progressive-scottish"}) {
    INFO(variant);
    for (const char* fen : {"k7/8/8/8/8/8/8/K6R w3 - - 0 5", "k7/8/8/8/8/8/8/K6R b4 - - 0 5",
                            "k7/8/8/8/8/8/8/K6R w - - 0 5", "k7/8/8/8/8/8/8/K6R w99 - - 0 100",
                            "k7/8/8/8/8/8/8/K6R b1 - - 0 2"}) {
      INFO(fen);
      Position pos;
      const auto error = pos.set(test::variant_named(variant), fen);
      REQUIRE_FALSE(error);
      CHECK(pos.fen() == fen);
    }
    CHECK(test::position_of(variant, "k7/8/8/8/8/8/8/K6R w3 - - 0 5").moves_left() == 3);
    CHECK(test::position_of(variant, "k7/8/8/8/8/8/8/K6R w - - 0 5").moves_left() == 5);
    CHECK(test::position_of(variant, "k7/8/8/8/8/8/8/K6R w - - 0 5").turn_length() == 5);
    // N moves left must be fewer than the series' length; w0 is no count.
    for (const char* bad : {"k7/8/8/8/8/8/8/K6R w5 - - 0 5", "k7/8/8/8/8/8/8/K6R w6 - - 0 5",
                            "k7/8/8/8/8/8/8/K6R b2 - - 0 2", "k7/8/8/8/8/8/8/K6R w0 - - 0 5"}) {
      INFO(bad);
      const auto error = fen_error(variant, bad);
      REQUIRE(error);
      CHECK(error->field == "side");
    }
    // The series number is its length up to kMaxSeries (255, docs P6); a later series has
    // kMaxSeries moves. A series number of 0 is no series.
    static_assert(kMaxSeries >= 100, "series of 100 moves are read");
    const std::string last = "k7/8/8/8/8/8/8/K6R w - - 0 " + std::to_string(kMaxSeries);
    CHECK(test::position_of(variant, last).turn_length() == kMaxSeries);
    CHECK(test::position_of(variant, last).fen() == last);
    CHECK(test::position_of(variant, "k7/8/8/8/8/8/8/K6R w - - 0 101").moves_left() == 101);
    const std::string over = "k7/8/8/8/8/8/8/K6R w - - 0 " + std::to_string(kMaxSeries + 1);
    CHECK(test::position_of(variant, over).turn_length() == kMaxSeries);
    CHECK(test::position_of(variant, over).fen() == over);
    const auto error = fen_error(variant, "k7/8/8/8/8/8/8/K6R w - - 0 0");
    REQUIRE(error);
    CHECK(error->field == "fullmove number");
  }
}

// Plays the UCI moves, checking (side to move, series number, moves left) after each.
struct Expect {
  const char* move;
  Color side;
  int series;
  int left;
};

std::vector<Move> play_series(Position& pos, std::deque<StateInfo>& states, std::initializer_list<Expect> moves) {
  std::vector<Move> played;
  for (const Expect& e : moves) {
    INFO(pos.fen() << " " << e.move);
    REQUIRE(legal_moves(pos).count(e.move));
    states.emplace_back();
    played.push_back(*parse_move(pos, e.move));
    pos.do_move(played.back(), states.back());
    CHECK(pos.side_to_move() == e.side);
    CHECK(pos.fullmove_number() == e.series);
    CHECK(pos.moves_left() == e.left);
  }
  return played;
}

TEST_CASE("Progressive P1/P6: the series number grows by one after each series", "[rules][turns]") {
  for (const char* variant : {"progressive-italian", "progressive-scottish"}) {
    INFO(variant);
    Position pos = test::position_of(variant, "k7/8/8/8/8/8/8/K6R w - - 0 3");
    std::deque<StateInfo> states;
    // White's series of three (the rook keeps off the eighth rank and the a-file), then
    // Black's of four along the eighth rank, then White's of five begins.
    const std::vector<Move> played = play_series(pos, states,
                {{"h1h2", Color::White, 3, 2}, {"h2h3", Color::White, 3, 1}, {"h3h4", Color::Black, 4, 4},
                 {"a8b8", Color::Black, 4, 3}, {"b8c8", Color::Black, 4, 2}, {"c8d8", Color::Black, 4, 1},
                 {"d8e8", Color::White, 5, 5}, {"a1b1", Color::White, 5, 4}});
    // Eight quiet moves: the halfmove clock counts single moves.
    CHECK(pos.fen() == "4k3/8/8/8/7R/8/8/1K6 w4 - - 8 5");
    // Undone, the series number and the moves left come back.
    for (auto m = played.rbegin(); m != played.rend(); ++m) pos.undo_move(*m);
    CHECK(pos.fullmove_number() == 3);
    CHECK(pos.moves_left() == 3);
    CHECK(pos.fen() == "k7/8/8/8/8/8/8/K6R w - - 0 3");
  }
  // A check: Italian forbids it before the series' last move; Scottish ends the series with it,
  // and Black's next series is still four moves long.
  Position italian = test::position_of("progressive-italian", "k7/8/8/8/8/8/8/K6R w - - 0 3");
  CHECK_FALSE(legal_moves(italian).count("h1h8"));
  Position scottish = test::position_of("progressive-scottish", "k7/8/8/8/8/8/8/K6R w - - 0 3");
  std::deque<StateInfo> states;
  play_series(scottish, states, {{"h1h8", Color::Black, 4, 4}});
  CHECK(scottish.fen() == "k6R/8/8/8/8/8/8/K7 b - - 1 4");
}

TEST_CASE("Progressive P6: after the last series number the FEN still reads back", "[rules][turns]") {
  // The series number is at most kMaxSeries (docs P6), and every series after the last has as
  // many moves. Black plays a whole series of kMaxSeries moves (the king between a8 and b8, the
  // h1 rook sees neither); then White's series has kMaxSeries moves, and the position's FEN
  // must read back to the same position, like every position reached by play.
  const std::string fen = "k7/8/8/8/8/8/8/K6R b - - 0 " + std::to_string(kMaxSeries);
  Position pos = test::position_of("progressive-italian", fen);
  std::deque<StateInfo> states;
  for (int i = 0; i < kMaxSeries; ++i) {
    states.emplace_back();
    pos.do_move(*parse_move(pos, i % 2 == 0 ? "a8b8" : "b8a8"), states.back());
  }
  CHECK(pos.side_to_move() == Color::White);
  CHECK(pos.moves_left() == kMaxSeries);
  CHECK(pos.turn_length() == kMaxSeries);
  Position again;
  const auto error = again.set(pos.variant(), pos.fen());
  INFO(pos.fen() << (error ? " -> " + error->to_string() : ""));
  CHECK_FALSE(error);
  CHECK(again.moves_left() == kMaxSeries);
  CHECK(again.key() == pos.key());
}

}  // namespace
}  // namespace dm
