// What the attacker's last move of a help stalemate must do to the defender's men, and which of
// them may make the defender's last move: hand-made positions (White the attacker, Black's king
// on a8, whose lines are the eighth rank, the a-file and the long diagonal).

#include <algorithm>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "solver/search/help/bound/stalemate_demands.h"
#include "test_data.h"

using namespace dm;
using dm::search::StalemateDemands;

namespace {

Square square_named(std::string_view name) {
  const auto s = parse_square(name, Geometry::of(8, 8));
  REQUIRE(s);
  return *s;
}

Bitboard squares(std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (const auto name : names) b |= square_bb(square_named(name));
  return b;
}

StalemateDemands demands(std::string_view fen) {
  return StalemateDemands(dm::test::position_of("chess", fen), Color::White);
}

StalemateDemands::LastMen last_men(std::string_view fen) {
  return StalemateDemands::last_men(dm::test::position_of("chess", fen), Color::White);
}

}  // namespace

TEST_CASE("stalemate demands: a piece off its king's lines that moves must be captured", "[solver][help]") {
  // The knight on d4: only Qxd4 (or Kxd4) takes its moves away.
  const auto knight = demands("k7/8/8/8/3n4/8/8/4Q2K w - - 0 1");
  CHECK(knight.meeting(square_named("e1")) == squares({"d4"}));
  CHECK(knight.meeting(square_named("h1")) == squares({"d4"}));
  // With the bishop on f6 as well, no one move captures both.
  const auto two = demands("k7/8/5b2/8/3n4/8/8/4Q2K w - - 0 1");
  CHECK(two.meeting(square_named("e1")) == 0);
  CHECK(two.meeting(square_named("h1")) == 0);
  // On the long diagonal the knight might be pinned: it makes no demand. Behind a man of its
  // own it cannot be, and behind two of White's pieces neither; behind one, which may move off,
  // it may.
  CHECK(demands("k7/8/8/3n4/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == ~Bitboard(0));
  CHECK(demands("k7/8/2p5/3n4/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == squares({"d5"}));
  CHECK(demands("k7/1N6/2N5/3n4/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == squares({"d5"}));
  CHECK(demands("k7/8/2N5/3n4/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == ~Bitboard(0));
  // A pin along a way the man rides leaves it a move (onto the pinner at least): the bishop on
  // the diagonal makes a demand, on the eighth rank none. A pawn pinned along its file still
  // pushes: it is blocked or captured.
  CHECK(demands("k7/8/8/3b4/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == squares({"d5"}));
  CHECK(demands("k2b4/8/8/8/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == ~Bitboard(0));
  CHECK(demands("k7/p7/8/8/8/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == squares({"a7", "a6"}));
  // A piece that cannot move makes none either: the knight on h7 is held by its bishop and
  // pawns (the bishop on f8, on the king's rank, by a pin from h8, where the queen goes from
  // b2), and the pawns by White's (which must stay, and not be joined on a square the pawns
  // capture on).
  const auto held = demands("k4b2/7n/5p2/5Pp1/6P1/8/1Q6/7K w - - 0 1");
  CHECK(has(held.meeting(square_named("b2")), square_named("c3")));
  CHECK_FALSE(has(held.meeting(square_named("b2")), square_named("h4")));
  CHECK(held.meeting(square_named("f5")) == squares({"f6"}));
  // From e1 the queen reaches no square of the eighth rank beyond f8 (e8 is nearer): the bishop
  // is free, and only its capture meets its demand.
  CHECK(demands("k4b2/7n/5p2/5Pp1/6P1/8/8/4Q2K w - - 0 1").meeting(square_named("e1")) == squares({"f8"}));
}

TEST_CASE("stalemate demands: a pawn is blocked or captured", "[solver][help]") {
  // A free push: the move lands in front of the pawn or takes it.
  CHECK(demands("k7/8/8/4p3/8/8/7R/7K w - - 0 1").meeting(square_named("h2")) == squares({"e5", "e4"}));
  // Blocked by White's rook, which must stay; another piece may go anywhere but where the pawn
  // would capture it.
  const auto blocked = demands("k7/8/8/4p3/4R3/8/8/7K w - - 0 1");
  CHECK(blocked.meeting(square_named("e4")) == squares({"e5"}));
  const Bitboard king = blocked.meeting(square_named("h1"));
  CHECK(has(king, square_named("g1")));
  CHECK(has(king, square_named("e5")));
  CHECK_FALSE(has(king, square_named("d4")));
  CHECK_FALSE(has(king, square_named("f4")));
  // Blocked by its own man (which, first on the long diagonal with White's bishop to pin it from
  // g2, makes no demand), with a capture on d4: only the knight there may take it away, by
  // moving off (and not to f4), or the pawn is taken.
  const auto capture = demands("k7/8/8/4p3/3Np3/7B/8/7K w - - 0 1");
  CHECK(has(capture.meeting(square_named("d4")), square_named("f5")));
  CHECK_FALSE(has(capture.meeting(square_named("d4")), square_named("f4")));
  CHECK(capture.meeting(square_named("h1")) == squares({"e5"}));
  // With no piece of White's to pin it, the pawn on e4 must be blocked or taken as well.
  const auto unpinned = demands("k7/8/8/4p3/3Np3/8/8/7K w - - 0 1");
  CHECK(unpinned.meeting(square_named("d4")) == squares({"e4", "e3"}));
  CHECK(unpinned.meeting(square_named("h1")) == 0);
  // Just after ...e7-e5 the pawn is taken en passant on e6 as well.
  const auto passed = demands("k7/8/8/3Pp3/8/8/8/7K w - e6 0 1");
  CHECK(has(passed.meeting(square_named("d5")), square_named("e6")));
  CHECK(has(passed.meeting(square_named("d5")), square_named("e4")));
  CHECK_FALSE(has(passed.meeting(square_named("d5")), square_named("d6")));
}

TEST_CASE("stalemate demands: the men that may make the defender's last move", "[solver][help]") {
  const auto none = [](const StalemateDemands::LastMen& men) { return men.movers == 0 && men.landings == 0; };
  const auto move = [](std::string_view from, std::string_view to) { return Move(square_named(from), square_named(to)); };
  // Knight, bishop and rook off the king's lines, each with two ways to go: no man may stop all.
  CHECK(none(last_men("k7/8/5b2/8/3n4/2r5/8/4Q2K b - - 0 1")));
  // Two such: one of them must move (the other is then captured), and land where the queen may
  // pin it and the pin hold it (it keeps the move back): on the king's rank, file or diagonal,
  // but the bishop not on the diagonal, along which it would still take the pinner.
  const auto two = last_men("k7/8/5b2/8/3n4/8/8/4Q2K b - - 0 1");
  CHECK(two.demanding == squares({"f6", "d4"}));
  CHECK_FALSE(two.allows(move("f6", "c6")));
  CHECK(two.allows(move("f6", "d8")));
  CHECK(two.allows(move("d4", "c6")));
  CHECK_FALSE(two.allows(move("f6", "g5")));
  CHECK_FALSE(two.allows(move("d4", "b5")));
  // A rook pins along ranks and files only: the bishop on the king's diagonal is free too.
  const auto rook = last_men("k7/1b6/8/8/3n4/8/7K/4R3 b - - 0 1");
  CHECK(rook.demanding == squares({"b7", "d4"}));
  CHECK(rook.allows(move("b7", "c8")));
  CHECK_FALSE(rook.allows(move("b7", "c6")));
  CHECK(none(last_men("k7/1b6/8/8/3n4/2r5/7K/4R3 b - - 0 1")));
  // With a free pawn on e5 as well: one of the three must move to e4 (White then captures or
  // blocks the third), and not the pawn, whose move leaves both pieces their moves; with
  // another free pawn on h6, nothing helps.
  const auto three = last_men("k7/8/5b2/4p3/3n4/8/8/4Q2K b - - 0 1");
  CHECK(three.landings == squares({"e4"}));
  CHECK_FALSE(three.allows(move("d4", "f5")));
  CHECK_FALSE(three.allows(move("e5", "e4")));
  CHECK(none(last_men("k7/8/5b1p/4p3/3n4/8/8/4Q2K b - - 0 1")));
  // Two free pawns: a move in front of one may do, or a pawn's move that ends without a move of
  // its own, here onto the long diagonal, where the queen may pin it; not the h-pawn's, which
  // lands with its push free, nor the knight's, which leaves both pushes free (and from b5 keeps
  // the move back as well).
  const auto pawns = last_men("k7/n7/7p/4p3/8/8/8/4Q2K b - - 0 1");
  CHECK(pawns.free_pawns == squares({"h6", "e5"}));
  CHECK(pawns.allows(move("e5", "e4")));
  CHECK_FALSE(pawns.allows(move("h6", "h5")));
  CHECK_FALSE(pawns.allows(move("a7", "c6")));
  CHECK_FALSE(pawns.allows(move("a7", "b5")));
  // The king: from b8 the e5 pawn is on its diagonal, where the queen may pin it (from g3), but
  // the knight on a7 would stand at the end of a diagonal, with no square beyond it for a pinner:
  // two demands. From b7 both pawns are off its lines. No king's move may do.
  CHECK(pawns.king_squares == 0);
  // The bishop on h2 goes one way only (to g1; the pawn on g3 holds the other, and the king on
  // g2 blocks the pawn): the knight's move to g1 takes that away, and the knight, first on the
  // long diagonal, makes no demand of its own. But the knight keeps the move back from g1, and
  // from anywhere off the king's lines: a move of the knight elsewhere leaves two demands, and
  // so does the bishop's move to g1. The pawn's capture leaves the bishop's alone.
  const auto one_way = last_men("k7/8/8/8/8/5np1/6Kb/4Q3 b - - 0 1");
  CHECK(one_way.demanding == squares({"h2"}));
  CHECK(one_way.allows(move("f3", "g1")));
  CHECK_FALSE(one_way.allows(move("f3", "e5")));
  CHECK(one_way.allows(move("h2", "g1")));
  // With the king away from g2 the pawn's push is free, a demand of its own: only its move
  // leaves one (the bishop's).
  const auto pushing = last_men("k7/8/8/8/8/5np1/7b/2K1Q3 b - - 0 1");
  CHECK(pushing.free_pawns == squares({"g3"}));
  CHECK_FALSE(pushing.allows(move("f3", "g1")));
  CHECK_FALSE(pushing.allows(move("h2", "g1")));
  CHECK(pushing.allows(move("g3", "g2")));
  // With a free knight on d4 as well, the bishop's demand and the knight's are two: the knight
  // on d4 must move onto a line, and the bishop is then captured. The one line it reaches is
  // the long diagonal, where the knight on f3 stands, and a pin holds one of them at most.
  const auto with_knight = last_men("k7/8/8/8/3n4/5np1/6Kb/4Q3 b - - 0 1");
  CHECK(with_knight.held == squares({"f3"}));
  CHECK_FALSE(with_knight.allows(move("d4", "c6")));
  CHECK_FALSE(with_knight.allows(move("f3", "g1")));
  CHECK_FALSE(with_knight.allows(move("g3", "g2")));
  CHECK_FALSE(with_knight.allows(move("d4", "f5")));
  // Without the f3 knight the long diagonal is the d4 knight's own.
  CHECK(last_men("k7/8/8/8/3n4/6p1/6Kb/4Q3 b - - 0 1").allows(move("d4", "c6")));
}

TEST_CASE("stalemate demands: one square may take the one way of several pieces", "[solver][help]") {
  // Black's king on a1, White riding diagonals only (its bishop): the lines are the long
  // diagonal. The bishops on h1 and h3 go one way each, both to g2 (the pawn on g4 holds h3's
  // other, White's king on g3 holds the pawn); the knight on e1 is free. Only the knight's move
  // to g2 leaves one demand (its own: the move back). The quick test that no man's move may do
  // must not say so here.
  const auto move = [](std::string_view from, std::string_view to) { return Move(square_named(from), square_named(to)); };
  const auto shared = last_men("1B6/8/8/8/6p1/6Kb/8/k3n2b b - - 0 1");
  CHECK(shared.demanding == squares({"h1", "h3", "e1"}));
  CHECK(shared.free_pawns == 0);
  CHECK(shared.allows(move("e1", "g2")));
  CHECK_FALSE(shared.allows(move("e1", "f3")));
  CHECK_FALSE(shared.allows(move("h3", "g2")));
  CHECK_FALSE(shared.no_man_moves());
  // With the pawn's push free as well (White's king on c4), not even that move leaves one.
  CHECK_FALSE(last_men("1B6/8/8/8/2K3p1/7b/8/k3n2b b - - 0 1").allows(move("e1", "g2")));
  // With three free pieces no man's move may do, and the quick test knows it.
  CHECK(last_men("k7/8/5b2/8/3n4/2r5/8/4Q2K b - - 0 1").no_man_moves());
}

TEST_CASE("stalemate demands: where the king's last move may go", "[solver][help]") {
  // The bishop on f6 and the knight on d4 are free where the king stands on a8. From a7 the
  // knight stands on the king's diagonal, where the queen may pin it: one demand is left, which
  // the queen's move may meet. From b8 and b7 both are off the king's lines.
  const auto two = last_men("k7/8/5b2/8/3n4/8/8/4Q2K b - - 0 1");
  CHECK(two.king_squares == squares({"a7"}));
  // Two free pawns, e6 and h6, and White's bishop on b1: the king's move leaves one where it lands
  // on a diagonal with one of them, with a square beyond it that the bishop reaches in one move
  // (d7: e6, and the bishop on f5), or in front of one (e5: e6 blocked). From d5 the bishop would
  // have to pin from f7 or g8, which it does not reach.
  const auto pawns = last_men("8/8/3kp2p/8/8/8/8/1B5K b - - 0 1");
  CHECK(pawns.free_pawns == squares({"e6", "h6"}));
  CHECK(pawns.king_squares == squares({"d7", "e5"}));
  // From h7 the bishop reaches g8 in one move as well as f5: d5 too.
  CHECK(last_men("8/7B/3kp2p/8/8/8/8/7K b - - 0 1").king_squares == squares({"d5", "d7", "e5"}));
}

TEST_CASE("stalemate demands: where the attacker's second last move may land", "[solver][help]") {
  // White to move, then Black's last move and White's; the queen may pin along every ray. Four
  // free pawns (c5, e5, g5, h4: on no line from a8, nor from a7, b8 or b7 but one each): no
  // move of Black's leaves one demand, so White's move must take a man or stand in front of a
  // pawn.
  const auto landings = [](std::string_view fen) {
    return StalemateDemands::second_last_landings(dm::test::position_of("chess", fen), Color::White).squares();
  };
  const Bitboard four = squares({"a8", "c5", "e5", "g5", "h4"});
  CHECK(landings("k7/8/7Q/2p1p1p1/7p/8/8/4K3 w - - 0 1") == (four | squares({"c4", "e4", "g4", "h3"})));
  // With a fifth on b4, not even that leaves one: no move may do.
  CHECK(landings("k7/8/7Q/2p1p1p1/1p5p/8/8/4K3 w - - 0 1") == 0);
  // The pawns on d5 and f3 share the long diagonal, where a pin holds one of them: standing in
  // front of either meets a demand as well.
  CHECK(landings("k7/8/7Q/2pp2p1/7p/5p2/8/4K3 w - - 0 1") ==
        squares({"a8", "c5", "d5", "g5", "h4", "f3", "c4", "d4", "g4", "h3", "f2"}));
  // With three free pawns a move of Black's may leave one: every square.
  CHECK(landings("k7/8/7Q/2p1p1p1/8/8/8/4K3 w - - 0 1") == ~Bitboard(0));
}

TEST_CASE("stalemate demands: the attacker's second last landings are kept by the king's square after the defender's last move",
          "[solver][help]") {
  // From popeye-70's tree (h=5), White to move, then Black's last move and White's. White's
  // bishop may pin along the diagonals. Black's bishop (its one way: the capture on a2) and its
  // pawns on b6 and c2 make three demands. A man's move may leave one, the king staying on h7:
  // there White's move may land anywhere. The king's move leaves three, but to g6: on the
  // diagonal from there to b1 a pin may hold the pawn on c2 or the bishop (one of them), and two
  // are left; there White's move must meet one (`few`: its captures, and the squares in front of
  // the free pawns).
  const auto landings =
      StalemateDemands::second_last_landings(dm::test::position_of("chess", "8/7k/1p6/8/4N3/8/N1p5/Bb5K w - - 1 5"),
                                             Color::White);
  CHECK(landings.any_landing == squares({"h7"}));
  CHECK(landings.few_landing == squares({"g6"}));
  CHECK(landings.few == squares({"b1", "c2", "b6", "h7", "c1", "b5"}));
  CHECK(landings.squares() == ~Bitboard(0));
  CHECK_FALSE(landings.none());
}

TEST_CASE("stalemate demands: a pawn that moves keeps its demand where its push is free", "[solver][help]") {
  // White has no rider and no pawn near promotion: no pin may hold a man. Black's knight on d4 is
  // free, and so is the pawn. Its push to g4, in front of White's pawn, leaves it without a move:
  // one demand is left (the knight's). From g6 the push lands with the square in front free: two
  // are left, one more than White's last move meets.
  const auto move = [](std::string_view from, std::string_view to) { return Move(square_named(from), square_named(to)); };
  const auto stops = last_men("k7/8/8/6p1/3n4/6P1/8/6NK b - - 0 1");
  CHECK(stops.free_pawns == squares({"g5"}));
  CHECK(stops.allows(move("g5", "g4")));
  CHECK_FALSE(stops.allows(move("d4", "f5")));
  const auto pushes_on = last_men("k7/8/6p1/8/3n4/6P1/8/6NK b - - 0 1");
  CHECK_FALSE(pushes_on.allows(move("g6", "g5")));
  // A two-step that lands in front of a man stops the pawn, the step does not.
  const auto two_step = last_men("k7/6p1/8/8/3n2P1/8/8/6NK b - - 0 1");
  CHECK(two_step.allows(move("g7", "g5")));
  CHECK_FALSE(two_step.allows(move("g7", "g6")));
}

TEST_CASE("stalemate demands: the attacker's second last move may stop a pawn's push", "[solver][help]") {
  const auto landings = [](std::string_view fen) {
    return StalemateDemands::second_last_landings(dm::test::position_of("chess", fen), Color::White).squares();
  };
  // No pin may hold a man (White has knights only). Three demands: the knight on d4 and the pawns
  // on g6 and c5. No move of Black's ends without a move of its own, so none leaves one unless
  // White's move takes a man, stands in front of a pawn, or stands in front of a square a push
  // lands on (g4, c3), where the push then stops.
  CHECK(landings("k7/8/6p1/2p5/3n4/8/8/6NK w - - 0 1") ==
        squares({"a8", "d4", "g6", "c5", "g5", "c4", "g4", "c3"}));
  // With White's knight on b4, which the c-pawn may capture, also in front of it (b3).
  CHECK(landings("k7/8/6p1/2p5/1N1n4/8/8/6NK w - - 0 1") ==
        squares({"a8", "d4", "g6", "c5", "g5", "c4", "g4", "c3", "b3"}));
  // With White's pawn on g4 the push to g5 stops already, leaving one: every square.
  CHECK(landings("k7/8/6p1/2p5/3n2P1/8/8/6NK w - - 0 1") == ~Bitboard(0));
  // A pawn's push that promotes stops where a man of some kind it may become has no move there.
  // The pawn on a2 instead of c5: on a1 every kind has a move (a bishop to b2), so White's move
  // must meet a demand; with Black's pawn on b2 (held by White's knight) a bishop on a1 has
  // none, and a move of Black's may leave one.
  CHECK(landings("k7/8/6p1/8/3n4/8/p7/1N4NK w - - 0 1") == squares({"a8", "d4", "g6", "a2", "g5", "a1", "g4"}));
  CHECK(landings("k7/8/6p1/8/3n4/8/pp6/1N4NK w - - 0 1") == ~Bitboard(0));
}

TEST_CASE("stalemate demands: the defender's second last move keeps three demands unless it changes them",
          "[solver][help]") {
  // Black to move, then White's second last move, Black's last and White's. White has no rider
  // and no pawn near promotion: no pin may hold a man. The bishop and the knight have many ways
  // and the pawns on g6 and h5 push freely: four demands, and a man's move of Black's last meets
  // one at most (in front of a pawn) where none may end without a move, as here: three are left,
  // and so are they after the king's move to a7, b7 or b8. So a move of the knight or the
  // bishop, changing none of that, leaves second_last_landings no square; only the bishop's to
  // h1, where it has one way left (g2), and to b7, a square the king may go to (which the lines
  // from there are taken to hold), are kept, with the king's and the pawns'.
  Position pos = dm::test::position_of("chess", "k7/8/6p1/3b3p/8/2n5/7K/4N3 b - - 0 1");
  const auto men = StalemateDemands::second_last_men(pos, Color::White);
  CHECK_FALSE(men.every);
  CHECK_FALSE(men.own_taken);
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::string> kept;
  size_t left_out = 0;
  for (const Move m : moves) {
    if (men.allows(pos, m)) {
      kept.push_back(move_to_uci(m));
      continue;
    }
    ++left_out;
    StateInfo st;
    pos.do_move(m, st);
    INFO(move_to_uci(m));
    CHECK(StalemateDemands::second_last_landings(pos, Color::White).none());
    pos.undo_move(m);
  }
  std::sort(kept.begin(), kept.end());
  CHECK(kept == std::vector<std::string>{"a8a7", "a8b7", "a8b8", "d5b7", "d5h1", "g6g5", "h5h4"});
  CHECK(left_out == 17);
}
