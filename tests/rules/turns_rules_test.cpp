// One test per clause and option of docs/rules.md sections 2-5 (Marseillais M1-M8, Double Move D2-D4,
// Bennekom, Losing Marseillais L1-L4) and the --rule validation of apply_rule_option. Each is
// built from a hand-made position in which the clause decides what is legal, whose turn it is,
// or the outcome; the positions are ours, the expectations are read off docs/rules.md.

#include <catch2/catch.hpp>

#include "test_data.h"

#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/movetext.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "rules/perft.h"

namespace dm {
namespace {

using test::variant_with;

std::set<std::string> legal(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::set<std::string> names;
  for (const Move m : moves) names.insert(move_to_uci(m));
  return names;
}

bool has_kind(const Position& pos, MoveKind kind) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move m : moves) {
    if (m.kind() == kind) return true;
  }
  return false;
}

// The blockade: White's every piece is hemmed in by its own (no legal move in any variant).
constexpr std::string_view kWhiteBlocked = "KBBBBBBB/PPPPPPPP/8/8/8/8/8/k7 w - - 0 1";

TEST_CASE("turns M1: two moves by one piece or by two pieces", "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  const Position pos = test::position_of(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const Game same = test::play(pos, "Ra2,Ra3");
  CHECK(same.position().side_to_move() == Color::Black);
  CHECK(same.turns().size() == 1);
  CHECK(same.turns()[0].size() == 2);
  const Game two = test::play(pos, "Ra2,Kd1");
  CHECK(two.position().side_to_move() == Color::Black);
  // After one move the same side plays on, with one move left.
  const Game half = test::play(pos, "Ra2");
  CHECK(half.position().side_to_move() == Color::White);
  CHECK(half.position().moves_left() == 1);
  CHECK_FALSE(half.turn_complete());
  // A turn of one move is not a whole turn when more follow.
  Game short_turn(pos);
  CHECK(play_movetext(short_turn, "Ra2 Ke7,Kd7"));
  // One turn: every first move followed by every second move, except Ra8+, which ends it (M4).
  Position counted = pos;
  CHECK(perft_turns(counted, 1) + 2 == perft(counted, 2));  // Ra8+ then Kd1 or Kf1 never happen
}

TEST_CASE("turns M2: the balanced start gives White one move, the classical two; a FEN never", "[turns][rules]") {
  for (const auto name : {"marseillais", "doublemove", "bennekom", "losing-marseillais", "marseillais-classical"}) {
    const Variant v = variant_with(name);
    INFO(name);
    const bool classical = v.name == "marseillais-classical";
    Position start;
    start.set_start(v);
    CHECK(start.moves_left() == (classical ? 2 : 1));
    Game game(start);
    game.play(*parse_move(start, "e2e3"));
    CHECK(game.position().side_to_move() == (classical ? Color::White : Color::Black));
    CHECK(perft_turns(start, 1) == (classical ? perft(start, 2) : 20));
    // The initial array read from a FEN with side w is a full turn; w1 a one-move turn.
    Position fen_start = test::position_of(v, v.start_fen);
    CHECK(fen_start.moves_left() == 2);
    CHECK(perft_turns(fen_start, 1) == perft(fen_start, 2));
    std::string w1(v.start_fen);
    w1.replace(w1.find(" w "), 3, " w1 ");
    CHECK(test::position_of(v, w1).moves_left() == 1);
  }
}

TEST_CASE("turns M3: no king steps into check, even on the first move; check is escaped at once",
          "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  // Kd1 would stand on the d8 rook's file; Bxd8 as the second move would not make it legal.
  const Position pos = test::position_of(v, "3r3k/8/8/B7/8/8/8/4K3 w - - 0 1");
  const auto moves = legal(pos);
  CHECK_FALSE(moves.count("e1d1"));
  CHECK_FALSE(moves.count("e1d2"));
  CHECK(moves.count("e1e2"));
  CHECK(moves.count("a5d8"));
  // In check from the a1 rook: only king moves off the first rank escape, and nothing else is legal
  // (the h1 rook's moves would leave the king attacked until the second move).
  const Position check = test::position_of(v, "2k5/8/8/8/8/8/8/r3K2R w K - 0 1");
  REQUIRE(check.in_check());
  CHECK(legal(check) == std::set<std::string>{"e1d2", "e1e2", "e1f2"});
  // Doublemove has no check: the same moves are legal there (D2).
  const Position dm_pos = test::position_of(variant_with("doublemove"), "3r3k/8/8/B7/8/8/8/4K3 w - - 0 1");
  CHECK(legal(dm_pos).count("e1d1"));
}

TEST_CASE("turns M4: a checking first move ends the turn", "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  const Position pos = test::position_of(v, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1");
  const Game check = test::play(pos, "Ra8+");
  CHECK(check.turn_complete());
  CHECK(check.position().side_to_move() == Color::Black);
  CHECK(check.position().in_check());
  CHECK(check.turns()[0].size() == 1);
  Game extra(pos);
  CHECK(play_movetext(extra, "Ra8+,Kd1"));
  // A discovered check ends the turn too.
  const Game discovered = test::play(test::position_of(v, "4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1"), "Nc5+");
  CHECK(discovered.position().side_to_move() == Color::Black);
  // A check as the second move is the normal end of the turn.
  const Game second = test::play(pos, "Kd1,Ra8+");
  CHECK(second.position().side_to_move() == Color::Black);
  // One-turn count: the first moves that give check count 1, the others their second moves.
  Position counted = pos;
  CHECK(perft_turns(counted, 1) < perft(counted, 2));
}

TEST_CASE("A bad turn stops the replay after the last whole turn, leaving none of its moves", "[turns][rules]") {
  // Extra Move: b6 alone is a whole turn (the second move is optional), so a game left after
  // the b6 of "b6,Qxh1" would write back as that whole turn and replay to another position.
  // Then Marseillais: a third move, an illegal second move, a turn of one move before another.
  for (const auto& [name, good, bad, turns] : std::vector<std::tuple<std::string, std::string, std::string, size_t>>{
           {"extramove", "1. c3", "b6,Qxh1", 1},
           {"marseillais", "1. e4", "e5,Ke7,d6", 1},
           {"marseillais", "1. e4 e5,Nc6", "2. Ke2,Ke4", 2},
           {"marseillais", "1. e4", "e5 2. d4,d5", 1}}) {
    INFO(name << ": " << good << " " << bad);
    Position start;
    start.set_start(variant_with(name));
    Game game(start);
    REQUIRE(play_movetext(game, good + " " + bad));
    CHECK(game.turn_complete());
    CHECK(game.turns().size() == turns);
    CHECK(game.position().fen() == test::play(start, good).position().fen());
  }
}

TEST_CASE("turns M5: checkmate and stalemate at the start of a turn", "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  const Outcome mate = outcome(test::position_of(v, "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1"));
  CHECK(mate.result == GameResult::WhiteWins);
  CHECK(mate.reason == "checkmate");
  const Outcome stalemate = outcome(test::position_of(v, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"));
  CHECK(stalemate.result == GameResult::Draw);
  CHECK(stalemate.reason == "stalemate");
  CHECK(outcome(test::position_of(v, kWhiteBlocked)).result == GameResult::Draw);
  // Two moves to come do not help a mated side: the first must escape.
  CHECK(outcome(test::position_of(v, "R5k1/5ppp/8/8/8/8/8/4K3 b - - 0 1")).is_over());
}

TEST_CASE("turns M6: no legal second move, stalemate or pass", "[turns][rules]") {
  // After 1.Qb7,Qf7+ Black's only move is Kh8 (Kxf7 is protected), after which it has none.
  const std::string_view fen = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  const Variant stalemate = variant_with("marseillais");
  const Variant pass = variant_with("marseillais", {"no-second-move=pass"});
  Position a = test::play(test::position_of(stalemate, fen), "Qb7,Qf7+").position();
  Position b = test::play(test::position_of(pass, fen), "Qb7,Qf7+").position();
  CHECK(legal(a) == std::set<std::string>{"g8h8"});
  // The turn Kh8 cannot be completed under stalemate, and is a whole turn (Kh8,pass) under pass.
  CHECK(perft_turns(a, 1) == 0);
  CHECK(perft_turns(b, 1) == 1);
  const Position after_a = test::play(a, "Kh8").position();
  const Position after_b = test::play(b, "Kh8").position();
  CHECK(outcome(after_a).result == GameResult::Draw);
  CHECK(after_b.side_to_move() == Color::White);
  CHECK(legal(after_b).count("f7f8"));
  // The pass is offered only when there is no second move, never instead of one.
  const Position mid = test::play(test::position_of(pass, fen), "Qb7").position();
  CHECK_FALSE(has_kind(mid, MoveKind::Pass));
  // Doublemove takes the same option (D4).
  const Variant dm_pass = variant_with("doublemove", {"no-second-move=pass"});
  const Position blocked_mid = test::position_of(dm_pass, "KBBBBBBB/PPPPPPPP/8/8/8/8/8/k7 w1 - - 0 1");
  CHECK(legal(blocked_mid) == std::set<std::string>{"0000"});
}

TEST_CASE("turns M7 ep=any: the rights of a turn's two-steps", "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  const std::string_view fen = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  SECTION("a two-step as the first move of the turn may be taken") {
    const Position pos = test::play(test::position_of(v, fen), "d5,Nf6").position();
    CHECK(legal(pos).count("e5d6"));
    CHECK(has_kind(pos, MoveKind::EnPassant));
  }
  SECTION("and as the last move") {
    const Position pos = test::play(test::position_of(v, fen), "Nf6,d5").position();
    CHECK(has_kind(pos, MoveKind::EnPassant));
  }
  SECTION("a piece on the passed-over square blocks it: the capture takes only the piece") {
    const Position pos = test::play(test::position_of(v, fen), "d5,Qd6").position();
    CHECK_FALSE(has_kind(pos, MoveKind::EnPassant));
    const Position after = test::play(pos, "exd6").position();
    CHECK(after.piece_on(make_square(3, 4)) == make_piece(Color::Black, PieceType::Pawn));  // d5 stays
  }
  SECTION("a pawn that stepped again is too far") {
    const Position pos = test::play(test::position_of(v, "rnbqkbnr/pppppppp/8/4P3/4P3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1"), "d5,d4").position();
    CHECK_FALSE(has_kind(pos, MoveKind::EnPassant));
  }
  SECTION("the double e.p. turn, and no e.p. after a first move that was not e.p.") {
    const Position pos = test::position_of(v, "rnbqkbnr/ppp3pp/8/8/2PpPp2/8/PP1P1PPP/RNBQKBNR b KQkq c3e3 0 3");
    const Position one = test::play(pos, "dxc3").position();
    CHECK(legal(one).count("f4e3"));
    CHECK(has_kind(one, MoveKind::EnPassant));
    const Game both = test::play(pos, "dxc3,fxe3");
    CHECK(both.position().piece_on(make_square(2, 3)) == Piece::None);  // c4 taken
    CHECK(both.position().piece_on(make_square(4, 3)) == Piece::None);  // e4 taken
    const Position other_first = test::play(pos, "a6").position();
    CHECK_FALSE(has_kind(other_first, MoveKind::EnPassant));
    CHECK_FALSE(legal(other_first).count("d4c3"));
  }
}

TEST_CASE("turns M7 ep=second and ep=none", "[turns][rules]") {
  const std::string_view fen = "rnbqkbnr/pppppppp/8/4P3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
  const Variant second = variant_with("marseillais", {"ep=second"});
  const Variant none = variant_with("marseillais", {"ep=none"});
  // Only the turn's last move gives the right.
  CHECK_FALSE(has_kind(test::play(test::position_of(second, fen), "d5,Nf6").position(), MoveKind::EnPassant));
  const Position last = test::play(test::position_of(second, fen), "Nf6,d5").position();
  CHECK(legal(last).count("e5d6"));
  // Only as the first move of the turn.
  CHECK_FALSE(has_kind(test::play(last, "a3").position(), MoveKind::EnPassant));
  // Of two two-steps in one turn only the last counts, so no double e.p. turn.
  const Position two = test::play(test::position_of(second, "rnbqkbnr/ppp3pp/8/8/3p1p2/8/PPPPPPPP/RNBQKBNR w KQkq - 0 3"), "c4,e4").position();
  CHECK(legal(two).count("f4e3"));
  CHECK_FALSE(legal(two).count("d4c3"));
  CHECK_FALSE(legal(test::play(two, "fxe3").position()).count("d4c3"));
  // ep=none: never.
  CHECK_FALSE(has_kind(test::play(test::position_of(none, fen), "Nf6,d5").position(), MoveKind::EnPassant));
  CHECK_FALSE(has_kind(test::play(test::position_of(none, fen), "d5,Nf6").position(), MoveKind::EnPassant));
  // The option applies to doublemove and losing-marseillais too.
  const Variant dm_none = variant_with("doublemove", {"ep=none"});
  CHECK_FALSE(has_kind(test::play(test::position_of(dm_none, fen), "Nf6,d5").position(), MoveKind::EnPassant));
}

TEST_CASE("turns M8: castling is one move with the orthodox conditions", "[turns][rules]") {
  const Variant v = variant_with("marseillais");
  const Position pos = test::position_of(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  const Game castled = test::play(pos, "O-O");
  CHECK(castled.position().side_to_move() == Color::White);  // one move of two
  CHECK(castled.position().moves_left() == 1);
  CHECK_FALSE(legal(castled.position()).count("e1c1"));  // the right went with the king
  CHECK(test::play(pos, "O-O,Ra2").position().side_to_move() == Color::Black);
  // Not through check (f1 attacked), not out of check, not into check.
  const auto through = legal(test::position_of(v, "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
  CHECK_FALSE(through.count("e1g1"));
  CHECK(through.count("e1c1"));
  CHECK(legal(test::position_of(v, "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).count("e1g1") == 0);
  CHECK(legal(test::position_of(v, "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")).count("e1g1") == 0);
  // The king may not step onto an attacked square first and castle as the second move either.
  const Position mid = test::play(test::position_of(v, "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), "Ra2").position();
  CHECK_FALSE(legal(mid).count("e1g1"));
}

TEST_CASE("turns D2: doublemove kings may be left attacked and are captured", "[turns][rules]") {
  const Variant v = variant_with("doublemove");
  const Position pos = test::position_of(v, "4k3/8/8/8/8/8/7P/r3K3 w - - 0 1");
  // The king stands attacked, and White may ignore it or step onto an attacked square.
  CHECK_FALSE(pos.in_check());
  CHECK(legal(pos).count("h2h3"));
  CHECK(legal(pos).count("e1d1"));
  // Capturing the king on the first move ends the game at once.
  const Game game = test::play(pos, "h3,h4 Rxe1");
  CHECK(game.turns().back().size() == 1);
  CHECK(game.position().side_to_move() == Color::White);
  CHECK(outcome(game.position()).result == GameResult::BlackWins);
  CHECK(outcome(game.position()).reason == "king captured");
  CHECK(count_legal(game.position()) == 0);
  // On the second move as well.
  const Game second = test::play(pos, "h3,Kd1 Ra2,Rd2");
  CHECK_FALSE(outcome(second.position()).is_over());
  const Game taken = test::play(second.position(), "h4,h5 Rxd1");
  CHECK(outcome(taken.position()).result == GameResult::BlackWins);
}

TEST_CASE("turns D3: doublemove castling ignores attacks", "[turns][rules]") {
  const Variant v = variant_with("doublemove");
  CHECK(legal(test::position_of(v, "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1")).count("e1g1"));
  CHECK(legal(test::position_of(v, "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1")).count("e1g1"));
  // It still needs the squares between king and rook empty and the right.
  CHECK_FALSE(legal(test::position_of(v, "1k2r3/8/8/8/8/8/8/R3KB1R w KQ - 0 1")).count("e1g1"));
  CHECK_FALSE(legal(test::position_of(v, "1k2r3/8/8/8/8/8/8/R3K2R w Q - 0 1")).count("e1g1"));
}

TEST_CASE("turns D4: doublemove, no move at the start of a turn is a draw", "[turns][rules]") {
  const Outcome result = outcome(test::position_of(variant_with("doublemove"), kWhiteBlocked));
  CHECK(result.result == GameResult::Draw);
  CHECK(result.reason == "stalemate");
  // No second move: stalemate by default (a draw), a pass under the option (M6).
  const Position mid = test::position_of(variant_with("doublemove"), "KBBBBBBB/PPPPPPPP/8/8/8/8/8/k7 w1 - - 0 1");
  CHECK(outcome(mid).result == GameResult::Draw);
}

TEST_CASE("turns Bennekom: the second move by the piece of the first when it can", "[turns][rules]") {
  const Variant v = variant_with("bennekom");
  const Position pos = test::position_of(v, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  // After castling the king must move again.
  const auto after_castling = legal(test::play(pos, "O-O").position());
  CHECK(after_castling == std::set<std::string>{"g1f2", "g1g2"});  // h1, h2: the h8 rook's file
  // After a rook move, the rook.
  for (const auto& uci : legal(test::play(pos, "Rb1").position())) CHECK(uci.substr(0, 2) == "b1");
  // A piece with no legal move left: any legal move.
  const Position blocked = test::play(test::position_of(v, "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1"), "e3").position();
  CHECK(legal(blocked).count("e1d1"));
  // Marseillais has no such rule.
  const auto free = legal(test::play(test::position_of(variant_with("marseillais"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"), "O-O").position());
  CHECK(free.count("a1b1"));
  // So a Bennekom turn is a subset of the Marseillais turns from the same position.
  Position b_pos = pos;
  Position m_pos = test::position_of(variant_with("marseillais"), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  CHECK(perft_turns(b_pos, 1) < perft_turns(m_pos, 1));
}

TEST_CASE("turns L1: compulsory capture for each move of a turn", "[turns][rules]") {
  const Variant v = variant_with("losing-marseillais");
  // First move: the only capture; second move: no capture left, so any move.
  const Position first = test::position_of(v, "8/8/8/3p4/4P3/8/8/8 w - - 0 1");
  CHECK(legal(first) == std::set<std::string>{"e4d5"});
  CHECK(legal(test::play(first, "exd5").position()) == std::set<std::string>{"d5d6"});
  // No capture for the first move, but the first move creates one: the second must take.
  const Position second = test::position_of(v, "8/8/8/8/p7/8/1P6/7k w - - 0 1");
  CHECK(legal(second) == std::set<std::string>{"b2b3", "b2b4"});
  CHECK(legal(test::play(second, "b3").position()) == std::set<std::string>{"b3a4"});
  CHECK(legal(test::play(second, "b4").position()) == std::set<std::string>{"b4b5"});
  // E.p. counts as a capture.
  CHECK(legal(test::position_of(v, "8/8/8/3pP3/8/8/8/8 w - d6 0 1")) == std::set<std::string>{"e5d6"});
}

TEST_CASE("turns L2: the king is an ordinary piece; a pawn may promote to a king", "[turns][rules]") {
  const Variant v = variant_with("losing-marseillais");
  const Position pos = test::position_of(v, "8/8/8/8/8/8/3k4/4K3 w - - 0 1");
  CHECK(legal(pos) == std::set<std::string>{"e1d2"});  // capture the king (compulsory)
  const Game game = test::play(pos, "Kxd2,Kd3");
  CHECK(game.position().pieces(Color::Black) == 0);
  CHECK(outcome(game.position()).result == GameResult::BlackWins);  // no pieces left: Black wins (L3)
  CHECK(outcome(game.position()).reason == "no pieces");
  // A king may step next to the enemy king (no check).
  CHECK(legal(test::position_of(v, "8/8/8/8/8/3k4/8/4K3 w - - 0 1")).count("e1e2"));
  CHECK(legal(test::position_of(v, "8/P7/8/8/8/8/8/8 w - - 0 1")).count("a7a8k"));
  Position with_rights;
  CHECK(with_rights.set(v, "8/8/8/8/8/8/8/R3K3 w Q - 0 1"));  // no castling in losing chess
}

TEST_CASE("turns L3: stalemate=win and stalemate=fewer-pieces", "[turns][rules]") {
  // White (16 pieces) has no legal move at the start of its turn; Black has one piece.
  const Outcome win = outcome(test::position_of(variant_with("losing-marseillais"), kWhiteBlocked));
  CHECK(win.result == GameResult::WhiteWins);
  const Outcome fewer = outcome(test::position_of(variant_with("losing-marseillais", {"stalemate=fewer-pieces"}), kWhiteBlocked));
  CHECK(fewer.result == GameResult::BlackWins);
  // Equal numbers: a draw.
  const Outcome equal =
      outcome(test::position_of(variant_with("losing-marseillais", {"stalemate=fewer-pieces"}), "8/8/8/8/p7/P7/8/8 w - - 0 1"));
  CHECK(equal.result == GameResult::Draw);
  // No pieces at the start of the turn: a win under both options.
  CHECK(outcome(test::position_of(variant_with("losing-marseillais", {"stalemate=fewer-pieces"}), "8/8/8/8/8/8/8/k7 w - - 0 1")).result ==
        GameResult::WhiteWins);
}

TEST_CASE("turns L4: no second move in losing marseillais, stalemate (mover wins) or pass", "[turns][rules]") {
  const std::string_view fen = "8/8/8/8/p7/8/P7/8 w - - 0 1";
  const Position stuck = test::play(test::position_of(variant_with("losing-marseillais"), fen), "a3").position();
  CHECK(stuck.side_to_move() == Color::White);
  CHECK(count_legal(stuck) == 0);
  CHECK(outcome(stuck).result == GameResult::WhiteWins);
  // Under pass the turn is a3 and a pass (play_movetext plays the pass itself); then Black, whose
  // a4 pawn is blocked, has no move at the start of its turn and wins (L3).
  const Variant pass = variant_with("losing-marseillais", {"no-second-move=pass"});
  const Position mid = test::play(test::position_of(pass, fen), "a3").position();
  CHECK(mid.side_to_move() == Color::Black);
  const Game game = test::play(test::position_of(pass, fen), "a3");
  REQUIRE(game.turns().size() == 1);
  REQUIRE(game.turns()[0].size() == 2);
  CHECK(game.turns()[0][1].kind() == MoveKind::Pass);
  CHECK(outcome(mid).result == GameResult::BlackWins);
  // From a FEN in the middle of the turn, the pass is the only move.
  CHECK(legal(test::position_of(pass, "8/8/8/8/p7/P7/8/8 w1 - - 0 1")) == std::set<std::string>{"0000"});
}

TEST_CASE("turns --rule: apply_rule_option validates keys, values and variants", "[turns][rules]") {
  Variant m = variant_with("marseillais");
  CHECK(m.describe_options() == "ep=any no-second-move=stalemate");
  CHECK_FALSE(apply_rule_option(m, "ep=second"));
  CHECK_FALSE(apply_rule_option(m, "no-second-move=pass"));
  CHECK(m.options.en_passant == EnPassantRule::Second);
  CHECK(m.describe_options() == "ep=second no-second-move=pass");
  auto error = apply_rule_option(m, "colour=blue");
  REQUIRE(error);
  CHECK_THAT(*error, Catch::Contains("unknown rule option") && Catch::Contains("colour"));
  error = apply_rule_option(m, "ep=sometimes");
  REQUIRE(error);
  CHECK_THAT(*error, Catch::Contains("unknown value") && Catch::Contains("sometimes"));
  CHECK(m.options.en_passant == EnPassantRule::Second);  // unchanged by a bad value
  error = apply_rule_option(m, "ep");
  REQUIRE(error);
  CHECK_THAT(*error, Catch::Contains("KEY=VALUE"));
  error = apply_rule_option(m, "stalemate=win");
  REQUIRE(error);
  CHECK_THAT(*error, Catch::Contains("does not apply") && Catch::Contains("marseillais"));
  Variant chess = variant_with("chess");
  error = apply_rule_option(chess, "ep=any");
  REQUIRE(error);
  CHECK_THAT(*error, Catch::Contains("does not apply") && Catch::Contains("chess"));
  CHECK(apply_rule_option(chess, "no-second-move=pass"));
  Variant anti = variant_with("antichess");
  CHECK(apply_rule_option(anti, "no-second-move=pass"));
  CHECK_FALSE(apply_rule_option(anti, "stalemate=fewer-pieces"));
  Variant losing = variant_with("losing-marseillais");
  CHECK(losing.describe_options() == "ep=any no-second-move=stalemate stalemate=win");
  for (const auto option : {"ep=any", "ep=second", "ep=none", "no-second-move=stalemate", "no-second-move=pass",
                            "stalemate=win", "stalemate=fewer-pieces"}) {
    CHECK_FALSE(apply_rule_option(losing, option));
  }
}

}  // namespace
}  // namespace dm
