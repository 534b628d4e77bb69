// The ending bound of help play: distances counted by hand on an empty board, the bound's
// verdict on positions where a mate or a stalemate is or is not within reach, and help play
// whose published or brute-forced solutions it must keep.

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/help_search.h"
#include "solver/search/help/series_search.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using dm::search::EndingBound;
using dm::problem::Goal;
using dm::search::StalemateDemands;

namespace {

Square at(std::string_view name, const Geometry& board = Geometry::of(8, 8)) {
  const auto s = parse_square(name, board);
  REQUIRE(s);
  return *s;
}

// The bound's verdict on an orthodox position, White attacking.
bool may_end(const EndingBound& bound, std::string_view fen, int attacker_moves, int defender_moves) {
  return bound.may_end_in_time(dm::test::position_of("chess", fen), Color::White, attacker_moves, defender_moves);
}

// One case of may_end_in_time, as the tables below list them: the bound, the position (White
// attacking), the moves each side has left, and whether the king may still end boxed in.
struct MayEnd {
  const EndingBound& bound;
  std::string_view fen;
  int attacker_moves;
  int defender_moves;
  bool expected;
};

void check_may_end(std::initializer_list<MayEnd> cases) {
  for (const MayEnd& c : cases) {
    INFO(c.fen << " with " << c.attacker_moves << " move(s) of White's and " << c.defender_moves << " of Black's");
    CHECK(may_end(c.bound, c.fen, c.attacker_moves, c.defender_moves) == c.expected);
  }
}

// The solver's help play on two threads with the bound alone: where the help targets hold,
// the solver goes without the bound (help_solver.cpp), so its tests turn the targets off.
std::set<std::string> bound_alone_answers(std::string_view variant, std::string_view fen,
                                          std::string_view stipulation) {
  search::SolveOptions options;
  options.threads = 2;
  options.help_targets = false;
  return dm::test::solve_with(dm::test::position_of(variant, fen), stipulation, options).answers;
}

}  // namespace

TEST_CASE("ending bound: moves to attack a square and to stand on one, counted by hand", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Mate);
  const auto attack = [&](PieceType t, Color c, std::string_view from, std::string_view target) {
    return int(bound.moves_to_attack(t, c, at(from), at(target)));
  };
  CHECK(attack(PieceType::Knight, Color::White, "d2", "e4") == 0);  // attacks already
  CHECK(attack(PieceType::Knight, Color::White, "b1", "e4") == 1);  // via c3
  CHECK(attack(PieceType::Knight, Color::White, "a1", "h8") == 5);  // to f7 or g6
  CHECK(attack(PieceType::Rook, Color::White, "a1", "a5") == 0);
  CHECK(attack(PieceType::Rook, Color::White, "a1", "h8") == 1);
  CHECK(attack(PieceType::Bishop, Color::White, "a1", "h1") == EndingBound::kUnreachable);  // other colour
  CHECK(attack(PieceType::Bishop, Color::White, "a1", "h2") == 1);
  CHECK(attack(PieceType::King, Color::Black, "a1", "c3") == 1);  // a king guards from b2
  CHECK(attack(PieceType::King, Color::Black, "a1", "a1") == 1);  // and its own square from a2
  // Pawns: four moves to d7 or f7; backwards only by promoting (e8=Q then attacks along the file).
  CHECK(attack(PieceType::Pawn, Color::White, "e2", "e8") == 4);
  CHECK(attack(PieceType::Pawn, Color::White, "e2", "e1") == 5);
  CHECK(attack(PieceType::Pawn, Color::Black, "e7", "e1") == 4);
  CHECK(attack(PieceType::Pawn, Color::White, "a7", "h1") == 1);  // a8=Q

  const auto reach = [&](PieceType t, Color c, std::string_view from, std::string_view to) {
    return int(bound.moves_to_reach(t, c, at(from), at(to)));
  };
  CHECK(reach(PieceType::King, Color::White, "a1", "h8") == 7);
  CHECK(reach(PieceType::Knight, Color::White, "a1", "b2") == 4);
  CHECK(reach(PieceType::Bishop, Color::White, "c1", "h6") == 1);
  CHECK(reach(PieceType::Bishop, Color::White, "c1", "c2") == EndingBound::kUnreachable);
  CHECK(reach(PieceType::Pawn, Color::White, "e2", "e4") == 1);  // the double step
  CHECK(reach(PieceType::Pawn, Color::White, "e2", "g4") == 2);  // two captures
  CHECK(reach(PieceType::Pawn, Color::White, "e2", "e1") == 6);  // e8=R, then down the file
  CHECK(reach(PieceType::Pawn, Color::Black, "a2", "h1") == 2);  // a1=Q, then along the rank
  CHECK(reach(PieceType::Pawn, Color::Black, "a2", "a3") == 2);  // a1=R, then up the file
}

TEST_CASE("ending bound: Mainzer Schach's pieces on its 11x8 board", "[solver][help]") {
  const Variant mainzer = *make_variant("mainzer", {});
  REQUIRE(EndingBound::applies(mainzer, Goal::Mate));
  REQUIRE(EndingBound::applies(mainzer, Goal::Stalemate));
  const EndingBound bound(mainzer, Goal::Mate);
  const Geometry& board = mainzer.geometry();
  const auto attack = [&](PieceType t, std::string_view from, std::string_view target) {
    return int(bound.moves_to_attack(t, Color::White, at(from, board), at(target, board)));
  };
  CHECK(attack(PieceType::Marshall, "a1", "a5") == 0);  // along the file
  CHECK(attack(PieceType::Marshall, "a1", "b3") == 0);  // a knight's leap
  CHECK(attack(PieceType::Janus, "a1", "k1") == 1);     // from f6, down the diagonal
  CHECK(attack(PieceType::Amazon, "a1", "k8") == 1);    // from a8, along the rank
  CHECK(attack(PieceType::Pawn, "k2", "k1") == 5);      // promotes on k8, attacks down the file
  CHECK(bound.moves_to_reach(PieceType::King, Color::White, at("a1", board), at("k8", board)) == 10);
}

TEST_CASE("ending bound: a piece's moves to stand on a square and to attack it, as a plain search finds them",
          "[solver][help]") {
  for (const char* name : {"chess", "mainzer"}) {
    const Variant variant = *make_variant(name, {});
    const EndingBound bound(variant, Goal::Mate);
    const Geometry& g = variant.geometry();
    for (const PieceType t : variant.pieces) {
      if (t == PieceType::Pawn) continue;
      for (Bitboard froms = g.board(); froms;) {
        const Square from = pop_lsb(froms);
        // The fewest moves to each square, one square at a time outwards, on an empty board.
        std::array<int, kSquareSpace> stand{};
        stand.fill(EndingBound::kUnreachable);
        stand[from] = 0;
        for (int m = 0; m < int(kSquareSpace); ++m) {
          for (Bitboard b = g.board(); b;) {
            const Square s = pop_lsb(b);
            if (stand[s] != m) continue;
            for (Bitboard n = g.attacks(t, s, 0) & g.board(); n;) {
              const Square to = pop_lsb(n);
              stand[to] = std::min(stand[to], m + 1);
            }
          }
        }
        for (Bitboard targets = g.board(); targets;) {
          const Square target = pop_lsb(targets);
          int attack = EndingBound::kUnreachable;
          for (Bitboard b = g.board(); b;) {
            const Square s = pop_lsb(b);
            if (has(g.attacks(t, s, 0), target)) attack = std::min(attack, stand[s]);
          }
          INFO(name << ": kind " << int(t) << " from " << int(from) << " to " << int(target));
          REQUIRE(int(bound.moves_to_reach(t, Color::White, from, target)) == stand[target]);
          REQUIRE(int(bound.moves_to_reach(t, Color::Black, from, target)) == stand[target]);
          REQUIRE(int(bound.moves_to_attack(t, Color::White, from, target)) == attack);
          REQUIRE(int(bound.moves_to_attack(t, Color::Black, from, target)) == attack);
        }
      }
    }
  }
}

TEST_CASE("ending bound: where it holds", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  CHECK(EndingBound::applies(chess, Goal::Mate));
  CHECK(EndingBound::applies(chess, Goal::Stalemate));
  CHECK_FALSE(EndingBound::applies(chess, Goal::Win));
  // A king that may be captured, or move twice in a turn, need not end boxed in.
  CHECK_FALSE(EndingBound::applies(*make_variant("doublemove", {}), Goal::Mate));
  CHECK_FALSE(EndingBound::applies(*make_variant("marseillais", {}), Goal::Mate));
  CHECK_FALSE(EndingBound::applies(*make_variant("antichess", {}), Goal::Stalemate));
}

TEST_CASE("ending bound: whether a check can come in time", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Mate);
  check_may_end({
      // White: king and a knight on a1; Black's king on h8, boxed in by its own men.
      {bound, "6nk/6pp/8/8/8/8/8/N6K b - - 0 1", 4, 0, false},
      {bound, "6nk/6pp/8/8/8/8/8/N6K b - - 0 1", 5, 0, true},
      // With two moves the king may reach f5, boxed in by its pawns but for g4, which the knight
      // checks from d4 in two. (Two moves of the attacker are taken together: the knight's e3,
      // which guards g4, is not told apart from its d4.)
      {bound, "8/8/4ppp1/4p1p1/4pp1k/8/8/N6K b - - 0 1", 1, 2, false},
      {bound, "8/8/4ppp1/4p1p1/4pp1k/8/8/N6K b - - 0 1", 2, 2, true},
      // The bishop on h7 checks g8 only, two squares from e8, where castling takes the king in one
      // move: with the right left, no pruning.
      {bound, "4k2r/7B/8/8/8/8/8/7K b k - 0 1", 1, 1, true},
      {bound, "4k2r/7B/8/8/8/8/8/7K b - - 0 1", 1, 1, false},
      // A king alone never checks.
      {bound, "7k/8/8/8/8/8/8/7K b - - 0 1", 10, 10, false},
  });
}

TEST_CASE("ending bound: whether the squares around the king can be guarded or held in time", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  const EndingBound stalemate(chess, Goal::Stalemate);
  check_may_end({
      // Ra8# with the king on g6; with it on f6, h7 and g8 want the king and the rook both to move.
      {mate, "7k/8/6K1/8/8/8/8/R7 w - - 0 1", 1, 0, true},
      {mate, "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 1, 0, false},
      {mate, "7k/8/5K2/8/8/8/8/R7 w - - 0 1", 2, 0, true},
      // Qg6 stalemates; no queen's move mates.
      {stalemate, "7k/8/8/8/8/8/8/6QK w - - 0 1", 1, 0, true},
      {mate, "7k/8/8/8/8/8/8/6QK w - - 0 1", 1, 0, false},
      // Rg8# needs b7 held: by the bishop already, or after Black's Bb7; not by the pawn.
      {mate, "k7/pb6/8/8/8/8/8/6RK w - - 0 1", 1, 0, true},
      {mate, "k7/p7/8/8/8/8/8/6RK w - - 0 1", 1, 0, false},
      {mate, "k1b5/p7/8/8/8/8/8/6RK b - - 0 1", 1, 1, true},
      {mate, "k7/p7/1p6/8/8/8/8/6RK b - - 0 1", 1, 1, false},
      // Each square held by a man that has to come costs a move of its own: Nc8-a7 and Nd8-b7.
      {mate, "k1nn4/8/8/8/8/8/8/6RK b - - 0 1", 1, 1, false},
      {mate, "k1nn4/8/8/8/8/8/8/6RK b - - 0 1", 1, 2, true},
  });
}

TEST_CASE("ending bound: each piece ends on one square, and each man fills one", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  check_may_end({
      // The king on h8 stays. The rook checks from the eighth rank (guarding g8) or the h-file
      // (guarding h7), never both, and the king must guard the other two from g6 or f7: four moves
      // from c3, five in all. Roaming, the rook alone guards all three squares in one move.
      {mate, "7k/8/8/8/8/2K5/8/R7 w - - 0 1", 4, 0, false},
      {mate, "7k/8/8/8/8/2K5/8/R7 w - - 0 1", 5, 0, true},
      // After Rg8+ (or Ra1+), a7 and b7 (or b7 and b8) want men of Black's: the queen fills one
      // only, however many moves it has; a knight that comes fills the other. (White's pawn makes
      // the rook no lone checker: see the test of lone_checker.)
      {mate, "k7/8/8/8/3q4/8/7P/6RK b - - 0 1", 1, 2, false},
      {mate, "k7/8/8/8/3q4/8/7P/6RK b - - 0 1", 1, 3, false},
      {mate, "k2n4/8/8/8/3q4/8/7P/6RK b - - 0 1", 1, 2, true},
      // A man that needs two moves to its square costs two: the knight from e6 to b7.
      {mate, "k7/p7/4n3/8/8/8/8/6RK b - - 0 1", 1, 1, false},
      {mate, "k7/p7/4n3/8/8/8/8/6RK b - - 0 1", 1, 2, true},
      // b7+ checks from a square next to the king, which no man of Black's may then fill (the
      // knight's Nb7 would have): another piece must guard it, the king from c6.
      {mate, "kn6/p7/1P1n4/8/8/8/8/7K b - - 0 1", 1, 1, false},
      {mate, "kn6/p7/1P1n4/2K5/8/8/8/8 b - - 0 1", 1, 1, false},
      {mate, "kn6/p7/1P1n4/2K5/8/8/8/8 b - - 0 1", 2, 1, true},
  });
}

TEST_CASE("ending bound: a king or a man that stays on its square stands in the other men's way", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  check_may_end({
      // Ne7+ or Nd6+ mates on c8 only where Black's men fill b8 and d8: Rg8-d8 and Rh8-b8 on an
      // empty board, two moves. But with fewer than two moves to spare the king never steps off c8,
      // and no rook passes it: Rh8-b8 goes round it (h8-h2-b2-b8), four moves in all.
      {mate, "2k3rr/1ppp4/8/5N2/8/K7/8/8 b - - 0 1", 1, 2, false},
      {mate, "2k3rr/1ppp4/8/5N2/8/K7/8/8 b - - 0 1", 1, 3, false},
      // With two to spare, the king may step off and back, letting the rook through.
      {mate, "2k3rr/1ppp4/8/5N2/8/K7/8/8 b - - 0 1", 1, 4, true},
      // A rook whose way does not pass the king fills as before: Rb1-b8.
      {mate, "2k3r1/1ppp4/8/5N2/8/K7/8/1r6 b - - 0 1", 1, 2, true},
      // So does a man's that stays where it stands: d8 wants a man, and Rd2-d8 is one move on an
      // empty board, but the rook on d7 stays there (and then the other goes round, three moves) or
      // steps off (Rd7-d8, and Rd2-d7): two moves.
      {mate, "1nk5/1ppr4/8/5N2/8/8/3r4/K7 b - - 0 1", 1, 1, false},
      {mate, "1nk5/1ppr4/8/5N2/8/8/3r4/K7 b - - 0 1", 1, 2, true},
  });
}

TEST_CASE("ending bound: a lone checker's line, where a man that fills would step onto it", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  check_may_end({
      // Qa7 and Nb7 fill a7 and b7 for Rg8+, but the queen then steps onto b8 (Qb8): no mate. With
      // Ra1+, Nb7 and a queen's two moves to b8 are three. White's rook is its one piece, so nothing
      // pins the queen: the count fails. With a pawn of White's that stands by, the count is made as
      // for any army (the pawn might pin: placed_sets), and passes.
      {mate, "k2n4/8/8/8/3q4/8/8/6RK b - - 0 1", 1, 2, false},
      {mate, "k2n4/8/8/8/3q4/8/7P/6RK b - - 0 1", 1, 2, true},
      // The knight does not step onto b8 from b7: where the queen fills a7 through another man
      // standing there (the pawn on a7, which a queen needs no move for), the knight fills b7.
      {mate, "k2n4/p7/8/8/8/8/8/6RK b - - 0 1", 1, 1, true},
      // A pawn on b7 pushes away from b8, onto b6: it fills b7 for Rg8+ too.
      {mate, "k7/pp6/8/8/8/8/8/6RK b - - 0 1", 1, 0, true},
  });
}

TEST_CASE("ending bound: a help stalemate's men next to the king end without a move", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound stalemate(chess, Goal::Stalemate);
  const EndingBound mate(chess, Goal::Mate);
  check_may_end({
      // Kh6 guards g7 and stalemates: the bishop on g8 is hemmed in by the pawns on f7 and h7, each
      // blocked. Without the pawn on f7 the bishop would go there, and with White's king and pawn
      // no pin holds it: the box's men (g8, h7) and the bishop's square (f7) are three squares for
      // two men.
      {stalemate, "6bk/5p1p/5P2/6K1/8/8/8/8 w - - 0 1", 1, 0, true},
      {stalemate, "6bk/7p/5P2/6K1/8/8/8/8 w - - 0 1", 1, 0, false},
      // A rook there moves along the rank, pinned or not: it never ends without a move.
      {stalemate, "6rk/7p/5P2/6K1/8/8/8/8 w - - 0 1", 1, 0, false},
      // A pin may hold the bishop: Ra8 pins it along the rank, and the king guards the rest. (The
      // pinner guards g8, which no man need fill then.)
      {stalemate, "6bk/8/6K1/8/8/8/8/R7 w - - 0 1", 1, 0, true},
      // A pawn's promotion may bring the pinner in time, not one that is too far.
      {stalemate, "6bk/P7/6K1/8/8/8/8/8 w - - 0 1", 1, 0, true},
      {stalemate, "6bk/8/6K1/8/8/8/P7/8 w - - 0 1", 1, 0, false},
      // A mate asks nothing of the men: the rook on g8 may move, and Nf7 mates.
      {mate, "6rk/7p/5K2/4N3/8/8/8/8 w - - 0 1", 1, 0, true},
      // A knight on a1 makes three men, but f7 wants a man's move, and Black has none left.
      {stalemate, "6bk/7p/5P2/6K1/8/8/8/n7 w - - 0 1", 1, 0, false},
      // The king is boxed in, but a queen never ends without a move unless hemmed in (a pin holds
      // no queen), which needs three men in a corner: each must be captured, a move of White's
      // each. Bxa2 takes one; two want two moves.
      {stalemate, "7k/8/6K1/8/8/1B6/q7/8 w - - 0 1", 1, 0, true},
      {stalemate, "7k/8/6K1/8/8/1B6/q7/q7 w - - 0 1", 1, 0, false},
      {stalemate, "7k/8/6K1/8/8/qB6/q7/q7 w - - 0 1", 2, 1, false},
  });
}

TEST_CASE("ending bound: the last moves still worth trying", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  const EndingBound stalemate(chess, Goal::Stalemate);
  const auto move = [](std::string_view from, std::string_view to) { return Move(at(from), at(to)); };
  // The attacker's last move: Ra8# alone; with the king on f6 none; Qg6 stalemates, Qg2 not.
  const Position rook = dm::test::position_of("chess", "7k/8/6K1/8/8/8/8/R7 w - - 0 1");
  const auto rook_moves = mate.last_moves(rook, Color::White);
  CHECK_FALSE(rook_moves.empty());
  CHECK(rook_moves.allows(move("a1", "a8")));
  CHECK_FALSE(rook_moves.allows(move("a1", "a7")));
  CHECK_FALSE(rook_moves.allows(move("g6", "f6")));
  CHECK(mate.last_moves(dm::test::position_of("chess", "7k/8/5K2/8/8/8/8/R7 w - - 0 1"), Color::White).empty());
  const auto queen_moves =
      stalemate.last_moves(dm::test::position_of("chess", "7k/8/8/8/8/8/8/6QK w - - 0 1"), Color::White);
  CHECK(queen_moves.allows(move("g1", "g6")));
  CHECK_FALSE(queen_moves.allows(move("g1", "g2")));
  // The defender's last move before Rg8#: b7 must be held, so a man's move goes there (or next
  // to the king elsewhere); with b7 held already, any move may do. The king may not move: on b8
  // or b7 it would not be boxed in by one more move of the rook.
  const auto open = mate.last_defence(dm::test::position_of("chess", "k1b5/p7/8/8/8/8/8/6RK b - - 0 1"), Color::White);
  CHECK(open.allows(move("c8", "b7")));
  CHECK_FALSE(open.allows(move("c8", "d7")));
  CHECK_FALSE(open.allows(move("a7", "a6")));
  CHECK_FALSE(open.allows(move("a8", "b8")));
  CHECK_FALSE(open.allows(move("a8", "b7")));
  const auto held = mate.last_defence(dm::test::position_of("chess", "k7/pb6/8/8/8/8/7K/6R1 b - - 0 1"), Color::White);
  CHECK(held.allows(move("b7", "c6")));
  CHECK(held.allows(move("a7", "a6")));
  CHECK_FALSE(held.allows(move("a8", "b8")));
  // Ra1# already awaits the king on g1, and Kh1 Ra1# mates too, so the king's h1 is kept; on
  // f1 the rook cannot both check and guard e1, on f2 nothing guards e1, f1 and g3 at once.
  const auto corner = mate.last_defence(dm::test::position_of("chess", "8/8/8/8/8/6K1/R5p1/6k1 b - - 0 1"), Color::White);
  CHECK(corner.allows(move("g2", "g1")));
  CHECK(corner.allows(move("g1", "h1")));
  CHECK_FALSE(corner.allows(move("g1", "f1")));
  CHECK_FALSE(corner.allows(move("g1", "f2")));
  // White's second last move of a help stalemate: Black's bishop, knight and rook are off the
  // lines from a8, a7, b8 and b7, so no last move of Black's leaves them one demand; White's
  // move must capture one of them.
  const auto three = stalemate.second_last_moves(dm::test::position_of("chess", "k7/8/5b2/8/3n4/2r5/8/4Q2K w - - 0 1"),
                                                 Color::White);
  CHECK(three.allows(move("e1", "c3")));
  CHECK_FALSE(three.allows(move("e1", "e4")));
  CHECK_FALSE(three.allows(move("h1", "g1")));
}

TEST_CASE("ending bound: help play that needs a long walk keeps its solutions", "[solver][help]") {
  // Popeye's h#9 (white king and pawn) and h#4 that the check alone prunes most, and an h=4
  // (a king and pawn against a king, a rook, a bishop and a pawn) that the squares around the
  // king prune.
  size_t checked = 0;
  for (const auto& p : dm::test::popeye_problems("h")) {
    if (p.stipulation != "h#9" && p.fen.rfind("8/4p1n1/p7", 0) != 0 && p.fen.rfind("kr6/b1p5", 0) != 0) continue;
    INFO(p.source << ": " << p.fen << " " << p.stipulation);
    CHECK(bound_alone_answers("chess", p.fen, p.stipulation) == p.expected);
    ++checked;
  }
  CHECK(checked == 3);
}

namespace {

// How a filter of moves fared against the node below: the moves it keeps after which the node
// may still pass, and the moves it leaves out.
struct FilterCount {
  size_t kept = 0;
  size_t left_out = 0;
};

// Plays each legal move of pos and asks `passes` of the position after it: every move that
// `allows` leaves out must fail.
template <class Allows, class Passes>
void check_left_out(Position& pos, Allows&& allows, Passes&& passes, FilterCount& count) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move m : moves) {
    StateInfo st;
    pos.do_move(m, st);
    const bool passed = passes(pos);
    pos.undo_move(m);
    if (allows(m)) {
      count.kept += passed;
      continue;
    }
    ++count.left_out;
    CHECK_FALSE(passed);
  }
}

// check_left_out for Black's moves that defender_moves leaves out with White's attacker_moves
// and Black's one fewer to come: each must fail may_end_in_time below. Calls left_out(m) for each.
template <class LeftOut>
void check_defender_left_out(const EndingBound& bound, Position& pos, int attacker_moves, FilterCount& count,
                             LeftOut&& left_out) {
  const auto useful = bound.defender_moves(pos, Color::White, attacker_moves, attacker_moves - 1);
  check_left_out(
      pos,
      [&](Move m) {
        if (useful.allows(pos, m)) return true;
        left_out(m);
        return false;
      },
      [&](const Position& after) {
        return bound.may_end_in_time(after, Color::White, attacker_moves, attacker_moves - 1);
      },
      count);
}

// Calls visit(pos) on `count` random positions of `pieces` with `side` to move (see
// sparse_position), the position's FEN given as context to the checks inside.
template <class Visit>
void for_random_positions(std::mt19937& rng, std::string_view pieces, char side, bool cornered, int count,
                          Visit&& visit) {
  for (int positions = 0; positions < count;) {
    const auto fen = test::sparse_position(rng, pieces, side, cornered);
    if (!fen) continue;
    ++positions;
    INFO(*fen);
    Position pos = dm::test::position_of("chess", *fen);
    visit(pos);
  }
}

// Whether some `moves` moves from pos, the sides taking turns, leave the side then to move
// stalemated.
bool some_moves_stalemate(Position& pos, int moves) {
  if (moves == 0) return !pos.in_check() && !has_legal_move(pos);
  MoveList list;
  generate_legal(pos, list);
  for (const Move m : list) {
    StateInfo st;
    pos.do_move(m, st);
    const bool stalemate = some_moves_stalemate(pos, moves - 1);
    pos.undo_move(m);
    if (stalemate) return true;
  }
  return false;
}

// The moves left in a help stalemate: the side to move, then the attacker's and the defender's.
struct MovesLeft {
  char side;
  int attacker;
  int defender;
};

// How many random positions the bound ruled out, and how many some line stalemates.
struct RuledOut {
  size_t ruled_out = 0;
  size_t stalemates = 0;
};

// On `count` random positions of each of `moves_left` and each of `pieces` (Black's men within
// `crowd` of its cornered king, see sparse_position), where the bound says no stalemate may
// come, none comes: every line is played. Calls on_ruled_out(pos, moves) on each position ruled
// out.
template <class OnRuledOut>
RuledOut check_ruled_out(const EndingBound& bound, std::mt19937& rng, std::initializer_list<MovesLeft> moves_left,
                         std::initializer_list<std::string_view> pieces, int count, int crowd,
                         OnRuledOut&& on_ruled_out) {
  RuledOut found;
  for (const MovesLeft moves : moves_left) {
    for (const std::string_view men : pieces) {
      for (int positions = 0; positions < count;) {
        const auto fen = test::sparse_position(rng, men, moves.side, true, crowd);
        if (!fen) continue;
        ++positions;
        INFO(*fen);
        Position pos = dm::test::position_of("chess", *fen);
        const bool stalemate = some_moves_stalemate(pos, moves.attacker + moves.defender);
        found.stalemates += stalemate;
        if (bound.may_end_in_time(pos, Color::White, moves.attacker, moves.defender)) continue;
        ++found.ruled_out;
        on_ruled_out(pos, moves);
        CHECK_FALSE(stalemate);
      }
    }
  }
  return found;
}

}  // namespace

// Black Kh8 with no man of its own against White Ka1 Rb1: White's king is too far to help, and
// a rook alone never mates a lone king, so the bound rules the position out before a move is
// made. Help and series play store it in the table as failed, at its turns only, as they store a
// position searched without a solution.
TEST_CASE("ending bound: a position it rules out is stored as failed at its turns", "[solver][help][series]") {
  using namespace dm::search;
  const Position start = dm::test::position_of("chess", "7k/8/8/8/8/8/8/KR6 b - - 0 1");
  const EndingBound bound(start.variant(), Goal::Mate);
  for (const std::string_view stipulation : {"h#1", "ser-h#2"}) {
    INFO(stipulation);
    const Stipulation stip = *parse_stipulation(stipulation);
    const NodeRules rules = NodeRules::for_problem(stip, start, nullptr);
    const bool series = stip.play == Play::SeriesHelp;
    const int turns = series ? 2 : rules.root_turns();
    REQUIRE_FALSE(bound.may_end_in_time(start, Color::White, 1, series ? 2 : 1));
    TranspositionTable tt(16);
    SearchControl control({});
    std::vector<Line> lines;
    {
      Position pos = start;
      if (series) {
        SeriesSearch(rules, tt, control, &bound).solve(pos, turns, {}, lines);
      } else {
        HelpSearch(rules, tt, control, &bound).solve(pos, turns, {}, lines);
      }
    }
    CHECK(lines.empty());
    CHECK(control.nodes() == 0);  // no move was made
    CHECK(tt.has_no_exact_solution(start.key(), turns));
    CHECK_FALSE(tt.has_no_exact_solution(start.key(), turns + 1));
  }
}

namespace {

// Every solution of `stipulation` (a series of `turns` turns) from fen, in UCI, sorted, and the
// nodes: with the bound, or full width without it (the oracle).
std::pair<std::vector<std::string>, uint64_t> series_answers(std::string_view fen, std::string_view stipulation,
                                                             int turns, Goal goal, bool bounded,
                                                             size_t table_mib = 16) {
  using namespace dm::search;
  const Position start = dm::test::position_of("chess", fen);
  const EndingBound bound(start.variant(), goal);
  const NodeRules rules = NodeRules::for_problem(*parse_stipulation(stipulation), start, nullptr);
  TranspositionTable tt(table_mib);
  SearchControl control({});
  std::vector<Line> lines;
  Position pos = start;
  SeriesSearch(rules, tt, control, bounded ? &bound : nullptr).solve(pos, turns, {}, lines);
  std::vector<std::string> uci;
  uci.reserve(lines.size());
  for (const Line& line : lines) uci.push_back(problem::line_to_uci(line));
  std::sort(uci.begin(), uci.end());
  return {uci, control.nodes()};
}

}  // namespace

// The series' last turn is help play's last move: in ser-= the attacker's, no move of the
// defender's after it; in ser-h= the defender's, the attacker's one move after it. Only the moves
// the bound leaves are played, fewer than without it, and the count of the moves left passes in
// both: of White's 22, Qg6 alone stalemates; in Popeye's ser-h=1 (BEISPIEL/hpint.inp), c3 alone
// of Black's moves leaves White a stalemate, Kd1 or Qd1.
TEST_CASE("ending bound: series play's last turn plays only the moves help play's last would",
          "[solver][help][series]") {
  struct Case {
    std::string_view fen;
    std::string_view stipulation;
    Goal goal;
    std::vector<std::string> solutions;
  };
  for (const Case& c :
       {Case{"7k/8/8/8/8/8/8/6QK w - - 0 1", "ser-=1", Goal::Stalemate, {"g1g6"}},
        Case{"8/8/8/8/1pp5/pr6/pkPpK3/rnb4Q b - - 0 1", "ser-h=1", Goal::Stalemate, {"c4c3 e2d1", "c4c3 h1d1"}}}) {
    INFO(c.stipulation << " " << c.fen);
    const auto [bounded, bounded_nodes] = series_answers(c.fen, c.stipulation, 1, c.goal, true);
    const auto [plain, plain_nodes] = series_answers(c.fen, c.stipulation, 1, c.goal, false);
    CHECK(bounded == c.solutions);
    CHECK(plain == bounded);
    CHECK(bounded_nodes < plain_nodes);
  }
}

// Before the series' last turn, the series mover's moves are narrowed as help play's defender's
// are (docs/help-bound.md, "Series play"). Where the series has no spare move, every move must
// bring a man nearer to the square it fills or the king nearer to where it ends: Tomasevic's
// ser-h=6 (Problemkiste 95, 1994; BEISPIEL/hpint.inp) opens with a pawn's two-step and ends
// with a promotion to a bishop; in Husserl's ser-h#4 (Die Schwalbe 1973; BEISPIEL/twin.inp,
// twin d) the king walks four moves to h8. The answers are Popeye's.
TEST_CASE("ending bound: series play narrows the series mover's moves and keeps the solutions",
          "[solver][help][series]") {
  struct Case {
    std::string fen;
    std::string_view stipulation;
    int turns;
    Goal goal;
    std::vector<std::string> solutions;
  };
  for (const Case& c :
       {Case{
            "8/2p5/8/4B3/8/8/8/5K1k b - - 0 1", "ser-h=6", 6, Goal::Stalemate, {"c7c5 c5c4 c4c3 c3c2 c2c1b c1f4 e5f4"}},
        Case{"8/7p/8/8/3k4/Q1p1p3/8/4K1b1 b - - 0 1", "ser-h#4", 4, Goal::Mate, {"d4e5 e5f6 f6g7 g7h8 a3f8"}}}) {
    INFO(c.stipulation << " " << c.fen);
    const auto [bounded, bounded_nodes] = series_answers(c.fen, c.stipulation, c.turns, c.goal, true);
    CHECK(bounded == c.solutions);
    const auto [plain, plain_nodes] = series_answers(c.fen, c.stipulation, c.turns, c.goal, false);
    CHECK(plain == bounded);
    CHECK(bounded_nodes < plain_nodes);
  }
}

// Lin's ser-h#9 (IMR 11, 1984, corrected in IMR 60, 1995; BEISPIEL/intell.inp): a rotation of
// Black's men in which each of the nine moves is needed, and b3xc4 mates. The answer is
// Popeye's; the series of nine alone, with the bound and the series targets (the solver tries
// the shorter ones first). The bound alone took 143M nodes, the targets without the squares
// where a man would take the checker 8.6M (reports/series-search.md); held under 2M.
TEST_CASE("ending bound: Lin's ser-h#9 finds Popeye's solution", "[solver][help][series][slow]") {
  const auto [lines, nodes] =
      series_answers("8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1", "ser-h#9", 9, Goal::Mate, true, 256);
  CHECK(lines == std::vector<std::string>{"c6b7 a5c6 a4a5 b6a4 c5b6 b4c5 b5b4 a6b5 b7a6 b3c4"});
  CHECK(nodes < 2'000'000);
}

namespace {

// A set of random series help play: its stipulation, turns, goal and pieces (FEN letters).
struct SeriesSet {
  std::string_view stipulation;
  int turns;
  Goal goal;
  std::string_view pieces;
};

// For each set, `positions` random positions (sparse_position with `cornered` and `crowd`),
// Black the series mover: the answers with the bound (and, in ser-h#, the series targets) equal
// the full-width search's, and some position of the set has a solution.
void series_sets_equal_full_width(std::mt19937& rng, std::initializer_list<SeriesSet> sets, int positions,
                                  bool cornered, int crowd) {
  for (const SeriesSet& set : sets) {
    size_t with_solutions = 0;
    for (int made = 0; made < dm::test::sample_size(positions);) {
      const auto fen = test::sparse_position(rng, set.pieces, 'b', cornered, crowd);
      if (!fen) continue;
      ++made;
      INFO(set.stipulation << " " << *fen);
      const auto bounded = series_answers(*fen, set.stipulation, set.turns, set.goal, true).first;
      const auto plain = series_answers(*fen, set.stipulation, set.turns, set.goal, false).first;
      with_solutions += !plain.empty();
      CHECK(bounded == plain);
    }
    INFO(set.stipulation << " " << set.pieces);
    if (!dm::test::kSanitized) CHECK(with_solutions > 0);
  }
}

}  // namespace

// The narrowing before the series' last turn against the full-width search, on random sparse
// positions: ser-h# and ser-h= of three and four turns, Black the series mover.
TEST_CASE("ending bound: series help play on random sparse positions equals the full-width search",
          "[solver][help][series][oracle]") {
  std::mt19937 rng(20261207);
  series_sets_equal_full_width(rng,
                               {{"ser-h#3", 3, Goal::Mate, "KQkpn"},
                                {"ser-h#3", 3, Goal::Mate, "KRBkpp"},
                                {"ser-h#4", 4, Goal::Mate, "KRkpn"},
                                {"ser-h=3", 3, Goal::Stalemate, "KQkpp"},
                                {"ser-h=3", 3, Goal::Stalemate, "KRBknp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KQkbp"}},
                               60, true, 3);
}

// Mates by a discovered check: White's king on e8 stands between its rook on h8 and Black's
// king on a8, hemmed in by its own pawns on a7 and b7. A pawn's move frees a flight; h5-h4, and
// then each of the king's three moves off the rank uncovers the rook's check; or Kb8, and Kd7
// alone guards c7 as it uncovers the check. The checker is not the piece that moves
// (series_targets.h). The answers are counted by hand from the rules.
TEST_CASE("series targets: mates by a discovered check are kept", "[solver][help][series]") {
  const std::string fen = "k3K2R/pp6/8/7p/8/8/8/8 b - - 0 1";
  const std::vector<std::string> expected{"a8b8 e8d7", "h5h4 e8d7", "h5h4 e8e7", "h5h4 e8f7"};
  CHECK(series_answers(fen, "ser-h#1", 1, Goal::Mate, true).first == expected);
  CHECK(series_answers(fen, "ser-h#1", 1, Goal::Mate, false).first == expected);
}

// A square next to the king filled by a pawn's capture: Black Kh1 and pawn g3, White Kf1,
// knight h2 and bishop b1. Only Be4 may check h1 (b1's one square on that diagonal), and White's
// king guards g1 and g2; h2 must hold a Black man. g3xh2 fills it (Kxh2 leaves h1 and h3 free,
// g2+ blocks the diagonal), and Be4 mates. The targets count the pawn's capture onto a square
// of White's (series_targets.h); the answer is counted by hand from the rules.
TEST_CASE("series targets: a square filled by a pawn's capture", "[solver][help][series]") {
  const std::string fen = "8/8/8/8/8/6p1/7N/1B3K1k b - - 0 1";
  const std::vector<std::string> expected{"g3h2 b1e4"};
  CHECK(series_answers(fen, "ser-h#1", 1, Goal::Mate, true).first == expected);
  CHECK(series_answers(fen, "ser-h#1", 1, Goal::Mate, false).first == expected);
}

// The series targets (series_targets.h) with the bound, against the full-width search, on
// random positions where Black's men stand round their king (within two squares of it), so that
// a target's squares are filled by men moving out of each other's way: ser-h# of three and four
// turns, with and without a rider of White's to check from afar.
TEST_CASE("series targets: crowded series help play equals the full-width search", "[solver][help][series][oracle]") {
  std::mt19937 rng(20261208);
  series_sets_equal_full_width(rng,
                               {{"ser-h#3", 3, Goal::Mate, "KNPkrbnpp"},
                                {"ser-h#3", 3, Goal::Mate, "KQkrbpp"},
                                {"ser-h#4", 4, Goal::Mate, "KPPkbnp"},
                                {"ser-h#3", 3, Goal::Mate, "KRBkqnp"},
                                {"ser-h#4", 4, Goal::Mate, "KBNkrpp"},
                                {"ser-h#3", 3, Goal::Mate, "KRkbnppp"}},
                               80, false, 2);
}

// Slow: the default run keeps the bound's three-move help play, its mates where men stand in
// the way and by a king and one piece, and the help targets' own two-move oracle checks.
TEST_CASE("ending bound: the solver's help play equals the oracle's on random sparse positions",
          "[solver][help][oracle][slow]") {
  // Both goals; from two moves on, the solver uses the bound. Mates with White's knight and
  // pawn against Black's knight and pawn, which the bound prunes most (no bishop: on an empty
  // board it checks any square of its colour within two moves), and with a rook for a pawn,
  // which mates more often; stalemates with White's queen against a king and two pawns, and
  // with two pieces against Black's knight and one or two pawns or a bishop, which must end
  // captured, pinned or blocked (stalemate_demands.h), and with one piece (and a pawn) against a
  // piece and two or three pawns, where a pin holds one man of a ray at most.
  std::mt19937 rng(20261123);
  const std::pair<std::string, std::string_view> sets[] = {
      {"h#2", "KNPkpn"}, {"h#2", "KRNkpn"}, {"h=2", "KQkpp"}, {"h=2", "KQRknp"}, {"h=2", "KRBknb"}, {"h=2", "KQRknpp"},
      {"h=2", "KBPknpp"}, {"h=2", "KQkbpp"}, {"h=2", "KRPknp"}};
  for (const auto& [stipulation, pieces] : sets) {
    size_t positions = 0;
    size_t with_solutions = 0;
    while (positions < size_t(dm::test::sample_size(120))) {
      const auto fen = test::sparse_position(rng, pieces);
      if (!fen) continue;
      ++positions;
      INFO(stipulation << " " << *fen);
      const auto expected = dm::test::brute_force_answers("chess", *fen, stipulation);
      with_solutions += !expected.empty();
      CHECK(bound_alone_answers("chess", *fen, stipulation) == expected);
    }
    INFO(stipulation << " " << pieces);
    if (!dm::test::kSanitized) CHECK(with_solutions > 0);  // the sanitizers' sample may have none
  }
}

TEST_CASE("ending bound: three-move help play on random positions equals the oracle's", "[solver][help][oracle]") {
  // From three moves on, the pieces' squares and the men's distances are what prunes most (each
  // piece ends on one square, each man fills one square): mates with a rook, or a knight and a
  // pawn, against a cornered king and a pawn or a knight.
  const std::pair<std::string_view, size_t> sets[] = {{"KRkp", 8}, {"KRkn", 8}, {"KNPkp", 12}};
  for (const auto& [pieces, count] : sets) {
    std::mt19937 rng(20261140 + uint32_t(count));  // each set its own sequence
    size_t positions = 0;
    size_t with_solutions = 0;
    while (positions < size_t(dm::test::sample_size(int(count)))) {
      const auto fen = test::sparse_position(rng, pieces, 'b', true);
      if (!fen) continue;
      ++positions;
      INFO("h#3 " << *fen);
      const auto expected = dm::test::brute_force_answers("chess", *fen, "h#3");
      with_solutions += !expected.empty();
      CHECK(bound_alone_answers("chess", *fen, "h#3") == expected);
    }
    INFO(pieces);
    if (!dm::test::kSanitized) CHECK(with_solutions > 0);  // the sanitizers' sample may have none
  }
}

namespace {

// Marseillais help play on random positions of `pieces` (Black's king cornered) with `side` to
// move, solved and brute-forced: the same solutions, and some position has one.
void check_marseillais_help(std::mt19937& rng, std::string_view pieces, char side, std::string_view stipulation,
                            int count) {
  size_t with_solutions = 0;
  for (int positions = 0; positions < count;) {
    const auto fen = test::sparse_position(rng, pieces, side, true);
    if (!fen) continue;
    ++positions;
    INFO(stipulation << " " << *fen);
    const auto expected = dm::test::brute_force_answers("marseillais", *fen, stipulation);
    with_solutions += !expected.empty();
    CHECK(bound_alone_answers("marseillais", *fen, stipulation) == expected);
  }
  INFO(stipulation);
  CHECK(with_solutions > 0);
}

}  // namespace

TEST_CASE("ending bound: Marseillais help play on random positions equals the oracle's", "[solver][help][oracle]") {
  // Turns of two moves: only the moves each side has left are counted (counts_moves). A rook
  // and a bishop against a cornered king, White first.
  std::mt19937 rng(20261126);
  check_marseillais_help(rng, "KRBk", 'w', "h#1.5", dm::test::sample_size(6));
}

TEST_CASE("ending bound: Marseillais h#2 on random positions equals the oracle's", "[solver][help][oracle][slow]") {
  // Two turns each: the oracle plays some thirty million lines a position.
  std::mt19937 rng(20261127);
  check_marseillais_help(rng, "KRk", 'b', "h#2", 8);
}

TEST_CASE("ending bound: the attacker's second and third last moves keep every move the node below may need",
          "[solver][help]") {
  // On random positions, White to move with two moves left and Black one between them: a move
  // that second_last_moves leaves out is one after which may_end_in_time(1, 1) fails (for a
  // stalemate, which it tests on the king's square Black's last move leaves it on, one after
  // which no two moves stalemate); with three and two, a move that third_last_moves leaves out
  // one after which may_end_in_time(2, 2) does. Knights and pawns, as in the oracle test above
  // (a rook or a bishop reaches too far to leave any out), and a pawn alone for the third last
  // move.
  const Variant chess = *make_variant("chess", {});
  std::mt19937 rng(20261124);
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const int moves_after : {1, 2}) {
      const bool played_out = goal == Goal::Stalemate && moves_after == 1;
      FilterCount count;
      for_random_positions(rng, moves_after == 1 ? "KNPkpn" : "KPkpn", 'w', false, 200, [&](Position& pos) {
        const auto useful =
            moves_after == 1 ? bound.second_last_moves(pos, Color::White) : bound.third_last_moves(pos, Color::White);
        check_left_out(
            pos, [&](Move m) { return useful.allows(m); },
            [&](Position& after) {
              return played_out ? some_moves_stalemate(after, 2)
                                : bound.may_end_in_time(after, Color::White, moves_after, moves_after);
            },
            count);
      });
      INFO(moves_after);
      // Few of these positions end in a stalemate at all: the kept moves that do are counted in
      // the test of the help stalemate's second last move below.
      if (!played_out) CHECK(count.kept > 0);
      CHECK(count.left_out > 0);
    }
  }
}

TEST_CASE("ending bound: a help stalemate's second last move is tested on the king's square after Black's last",
          "[solver][help]") {
  // The position of the test "stalemate demands: the attacker's second last landings are kept by
  // the king's square..." (popeye-70's tree): after a man's last move of Black's any move of
  // White's may meet the demands, but the king stays on h7, where White's two moves cannot box
  // it in (five squares around it, none guarded); after the king's move to g6 White's move must
  // meet a demand (capture or stand in front of a pawn), and from there no move boxes it in.
  // The bound as a whole passes, with the king free to go either way; the moves it leaves are
  // none, and indeed no three moves stalemate Black (checked by playing them all).
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  Position pos = dm::test::position_of("chess", "8/7k/1p6/8/4N3/8/N1p5/Bb5K w - - 1 5");
  const auto landings = bound.second_last_landings(pos, Color::White);
  CHECK(landings.any_landing == 0);
  CHECK(landings.few_landing == square_bb(at("g6")));
  CHECK(bound.may_end_in_time(pos, Color::White, 2, 1));
  CHECK(bound.second_last_moves(pos, Color::White).empty());
  CHECK_FALSE(some_moves_stalemate(pos, 3));
}

TEST_CASE("ending bound: the defender's moves it leaves out are those after which the bound fails",
          "[solver][help]") {
  // On random positions, Black to move: a move that defender_moves leaves out is one after
  // which the node below fails the bound. With White's two moves and Black's last to come, that
  // is may_end_in_time(2, 1) or second_last_moves (which must leave White a move); with three
  // and two, may_end_in_time(3, 2). Black has a knight, a bishop or a rook and a pawn besides
  // its king, so that most of its moves are men's moves, which are the ones it judges.
  const Variant chess = *make_variant("chess", {});
  std::mt19937 rng(20261125);
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const int attacker_moves : {2, 3}) {
      // With three moves White's knight or bishop reaches too far to leave any out: a pawn alone.
      const auto sets = attacker_moves == 2 ? std::array<std::string_view, 3>{"KNPkpn", "KNPkpb", "KBPkpr"}
                                            : std::array<std::string_view, 3>{"KPkpn", "KPkpb", "KPkpr"};
      for (const std::string_view pieces : sets) {
        FilterCount count;
        for_random_positions(rng, pieces, 'b', false, 150, [&](Position& pos) {
          const auto useful = bound.defender_moves(pos, Color::White, attacker_moves, attacker_moves - 1);
          check_left_out(
              pos, [&](Move m) { return useful.allows(pos, m); },
              [&](const Position& after) {
                return bound.may_end_in_time(after, Color::White, attacker_moves, attacker_moves - 1) &&
                       (attacker_moves != 2 || !bound.second_last_moves(after, Color::White).empty());
              },
              count);
        });
        INFO(pieces << " " << attacker_moves);
        CHECK(count.kept > 0);
        CHECK(count.left_out > 0);
      }
    }
  }
}

TEST_CASE("ending bound: a help stalemate's defender, three demands ahead, keeps them: the rest leave none below",
          "[solver][help]") {
  // On random positions, Black to move with White's second last move, Black's last and White's
  // last to come: every move that StalemateDemands::second_last_men leaves out is one after
  // which second_last_landings leaves White no square, which rules the node below out. Black
  // has three pieces and a pawn or two, so that the demands of its men as they stand often leave
  // three; in some of the positions only because no man's move may end without a move, where
  // moves are left out as well.
  std::mt19937 rng(20261129);
  size_t left_out_owns = 0;  // where the count took no man's move to end its own demand
  for (const std::string_view pieces : {"KBNPkbnrpp", "KNkbbrpp", "KPPkbnrp", "KQNkrnbpp"}) {
    FilterCount count;
    for_random_positions(rng, pieces, 'b', false, 400, [&](Position& pos) {
      const auto men = StalemateDemands::second_last_men(pos, Color::White);
      const size_t left_out = count.left_out;
      check_left_out(
          pos, [&](Move m) { return men.allows(pos, m); },
          [](const Position& after) { return !StalemateDemands::second_last_landings(after, Color::White).none(); },
          count);
      if (!men.own_taken) left_out_owns += count.left_out - left_out;
    });
    INFO(pieces);
    CHECK(count.kept > 0);
    CHECK(count.left_out > 0);
  }
  CHECK(left_out_owns > 0);
}

TEST_CASE("ending bound: the defender's pieces, where passing fails, may only come nearer: the rest fail below",
          "[solver][help]") {
  // On random positions with Black's king in a corner, Black to move with White's three moves
  // and Black's two to come: every move defender_moves leaves out fails may_end_in_time below.
  // Black has several pieces and White only a bishop besides its king, so that Black could
  // often not pass (in about half of the positions); then its pieces' moves that come nearer to
  // no square next to the king's in time are left out (without that test, none is in half of
  // these runs).
  const Variant chess = *make_variant("chess", {});
  // A position of popeye-131's tree (h#7): White's bishop checks the king only on squares where
  // it has no guard to spare, so of the squares next to the king it leaves unguarded, Black's
  // men fill each set in time only where the queen or the rook on h8 comes nearer to one; the
  // squares the roaming bishop and king leave unguarded (the test before) let 24 of the 58 moves
  // through, when two keep the bound: all but those two are left out. (Both fail below: Rd4-d8
  // where the men that stand in the others' way count, Rh8-b8 where the man that fills b8 would
  // step onto the bishop's line from a6, see lone_checker.)
  Position tight = dm::test::position_of("chess", "7r/2k5/B1p5/8/3r4/6K1/2q2p2/6n1 b - - 7 6");
  const EndingBound mate(chess, Goal::Mate);
  FilterCount tight_count;
  check_defender_left_out(mate, tight, 3, tight_count, [](Move) {});
  CHECK(tight_count.kept == 0);
  CHECK(tight_count.left_out == 56);
  // On random positions, White's three moves and Black's two to come; for a mate, also White's
  // four and Black's three, where the test applies too (in these positions it leaves out 20
  // times as many moves as the tests before it).
  std::mt19937 rng(20261126);
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const int attacker_moves : {3, 4}) {
      if (goal == Goal::Stalemate && attacker_moves == 4) continue;
      for (const std::string_view pieces : {"KBkrnb", "KBkqbn", "KBkrrn"}) {
        FilterCount count;
        for_random_positions(rng, pieces, 'b', true, 300, [&](Position& pos) {
          check_defender_left_out(bound, pos, attacker_moves, count, [](Move) {});
        });
        INFO(int(goal) << " " << pieces << " " << attacker_moves);
        CHECK(count.kept > 0);
        CHECK(count.left_out > 0);
      }
    }
  }
}

TEST_CASE("ending bound: the defender's captures that leave the attacker's other pieces no box: the rest fail below",
          "[solver][help]") {
  // Rxe4 takes White's only piece that may check: left out, and the node below fails. Rb5
  // takes nothing, and is kept.
  const Variant chess = *make_variant("chess", {});
  const EndingBound mate(chess, Goal::Mate);
  Position rook = dm::test::position_of("chess", "k7/pp6/8/8/1r2B3/8/8/2K5 b - - 0 1");
  const auto rook_moves = mate.defender_moves(rook, Color::White, 3, 2);
  const Move takes(at("b4"), at("e4"));
  CHECK_FALSE(rook_moves.allows(rook, takes));
  CHECK(rook_moves.allows(rook, Move(at("b4"), at("b5"))));
  StateInfo st;
  rook.do_move(takes, st);
  CHECK_FALSE(mate.may_end_in_time(rook, Color::White, 3, 2));
  // On random positions, Black to move with White's two or three moves and Black's one or two
  // to come: every move defender_moves leaves out fails may_end_in_time below. White has one
  // piece or two besides its king, which Black may capture; the captures by Black's king, which
  // no other test leaves out, are left out too where the others cannot box it in.
  std::mt19937 rng(20261128);
  size_t king_captures_left_out = 0;
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const int attacker_moves : {2, 3}) {
      for (const std::string_view pieces : {"KRkrn", "KBNkq", "KRBkbp"}) {
        FilterCount count;
        for_random_positions(rng, pieces, 'b', false, 300, [&](Position& pos) {
          check_defender_left_out(bound, pos, attacker_moves, count, [&](Move m) {
            king_captures_left_out += pos.is_capture(m) && m.from() == pos.king_square(Color::Black);
          });
        });
        INFO(int(goal) << " " << pieces << " " << attacker_moves);
        CHECK(count.kept > 0);
        CHECK(count.left_out > 0);
      }
    }
  }
  CHECK(king_captures_left_out > 0);
}

TEST_CASE("ending bound: where passing fails, the defender's king and pawns may only come nearer: the rest fail below",
          "[solver][help]") {
  // On random positions, Black to move with White's two or three moves and Black's one or two to
  // come: every move defender_moves leaves out fails may_end_in_time below. Black has pawns
  // besides its king, so that it often could not pass; then its king's moves that come nearer to
  // no square where it may end boxed in are left out (without that test, none is), and so are
  // its pawns' pushes and promotions that come near enough to no square next to one (about twice
  // as many of them as without that test).
  const Variant chess = *make_variant("chess", {});
  std::mt19937 rng(20261127);
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const int attacker_moves : {2, 3}) {
      FilterCount count;
      size_t kings_left_out = 0;
      for (const std::string_view pieces : {"KBkppp", "KNkppn", "KRkpp"}) {
        for_random_positions(rng, pieces, 'b', false, 200, [&](Position& pos) {
          check_defender_left_out(bound, pos, attacker_moves, count, [&](Move m) {
            kings_left_out += type_of(pos.piece_on(m.from())) == PieceType::King;
          });
        });
      }
      INFO(int(goal) << " " << attacker_moves);
      CHECK(count.kept > 0);
      CHECK(kings_left_out > 0);
    }
  }
}

TEST_CASE("ending bound: where passing fails, a pawn's push that comes too slowly is left out", "[solver][help]") {
  // White's king and rook have two moves to mate the king on b8, which has one move: its men
  // must then fill squares next to the king's, and neither pawn comes near enough in one move
  // more. Each of their moves (e2-e1 as each kind, h7-h6, h7-h5) is left out, and fails below.
  const EndingBound bound(*make_variant("chess", {}), Goal::Mate);
  Position pos = dm::test::position_of("chess", "1k6/7p/8/8/3K4/8/4p3/7R b - - 0 1");
  const auto useful = bound.defender_moves(pos, Color::White, 2, 1);
  MoveList moves;
  generate_legal(pos, moves);
  int pawn_moves = 0;
  for (const Move m : moves) {
    if (type_of(pos.piece_on(m.from())) != PieceType::Pawn) continue;
    ++pawn_moves;
    INFO(int(m.from()) << " " << int(m.to()));
    CHECK_FALSE(useful.allows(pos, m));
    StateInfo st;
    pos.do_move(m, st);
    CHECK_FALSE(bound.may_end_in_time(pos, Color::White, 2, 1));
    pos.undo_move(m);
  }
  CHECK(pawn_moves == 6);
}

TEST_CASE("ending bound: a help stalemate's men next to the king: what it rules out no moves stalemate",
          "[solver][help]") {
  // On random positions with Black's men crowding its cornered king, where the bound says no
  // stalemate may come (White then Black then White, or Black then White), none comes: every
  // line is played. Black's pieces there must end hemmed in or pinned (may_stand_still), and
  // elsewhere hemmed in, pinned or captured (take_off_the_captured).
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261127);
  RuledOut found;
  const auto check_positions = [&](std::string_view pieces, int crowd) {
    const RuledOut these = check_ruled_out(bound, rng, {{'w', 2, 1}, {'b', 1, 1}}, {pieces}, 300, crowd,
                                           [](const Position&, MovesLeft) {});
    found.ruled_out += these.ruled_out;
    found.stalemates += these.stalemates;
  };
  for (const std::string_view pieces : {"KQkbp", "KRkbn", "KQkrbp", "KRPkbpp", "KBPkbp", "KQkqpp", "KRBknp"}) {
    check_positions(pieces, 2);
  }
  // Black's pieces anywhere, White with few pieces to capture them or hold them.
  for (const std::string_view pieces : {"KBkqr", "KPkrb", "KNPkqp", "KRkbn", "KQkqr"}) check_positions(pieces, 7);
  CHECK(found.ruled_out > 0);
  CHECK(found.stalemates > 0);
}

namespace dm::search {

// The private parts of the bound that a test reads.
struct EndingBoundInternals {
  static Bitboard unhemmed(const EndingBound& bound, const Position& pos, Color defender, int moves) {
    const EndingBound::Defence d = bound.defence(pos, defender, moves);
    return bound.hem_.unhemmed(d, d.men & ~pos.pieces(PieceType::Pawn)).alone;
  }
  // The same taken together: the pieces in no set that may end hemmed in together, and the
  // fewest pieces such a set leaves out.
  static std::pair<Bitboard, int> unhemmed_together(const EndingBound& bound, const Position& pos, Color defender,
                                                    int moves) {
    const EndingBound::Defence d = bound.defence(pos, defender, moves);
    const bound::StalemateHem::Unhemmed u = bound.hem_.unhemmed(d, d.men & ~pos.pieces(PieceType::Pawn));
    return {u.together, u.fewest};
  }
  // fillable, asked directly (fresh) and through its per-thread cache (kept).
  static std::pair<bool, bool> fillable(const EndingBound& bound, const Position& pos, Color defender,
                                        int defence_moves, Bitboard squares, int moves, Square k) {
    EndingBound::Defence d = bound.defence(pos, defender, defence_moves);
    d.as_it_stands = true;
    return {bound.fill_.fillable(d, squares, moves, k, kNoSquare),
            bound.fill_.fillable_kept(d, bound::men_key(d), squares, moves, k, kNoSquare)};
  }
  // Whether fillable's answer for the position as it stands differs from the count of the men's
  // moves on an empty board, every man free (no man nor the king in the others' way, none
  // stepping off its square and back).
  static bool stands_in_the_way(const EndingBound& bound, const Position& pos, Color defender, int moves,
                                Bitboard squares, Square k) {
    EndingBound::Defence d = bound.defence(pos, defender, moves);
    d.as_it_stands = true;
    return bound.fill_.fillable(d, squares, moves, k, kNoSquare) !=
           bound.fill_.fill_around(d, squares, moves, k, kNoSquare, {});
  }
  // Whether the defender's king may end boxed in were it to pass, its men filling as they stand
  // (may_box_filled, no piece taken off as captured).
  static bool boxes_passing(const EndingBound& bound, const Position& pos, Color attacker, int attacker_moves,
                            int defender_moves) {
    return bound.may_box_filled(bound.defence(pos, ~attacker, defender_moves),
                                bound.army(pos, attacker, attacker_moves), attacker, attacker_moves);
  }
  // The squares next to k a placed set leaves unguarded (Zone::unguarded, read from its tables),
  // and the squares next to k in the zone's order.
  static Bitboard unguarded(const EndingBound& bound, Square k, uint16_t set) {
    return bound.shared_.zones[k].unguarded(set);
  }
  static std::vector<Square> zone(const EndingBound& bound, Square k) {
    const EndingBound::Zone& z = bound.shared_.zones[k];
    return {z.squares.begin(), z.squares.begin() + z.n};
  }
};

}  // namespace dm::search

TEST_CASE("ending bound: a placed set leaves unguarded the squares whose bits are clear", "[solver][help]") {
  // For each square k of both boards and each set of k's zone (bit 0 k, then the squares next to
  // it), the tables give the squares next to k whose bits the set leaves clear, k never among
  // them, as reading the set bit by bit does.
  for (const char* name : {"chess", "mainzer"}) {
    const auto variant = make_variant(name, {});
    const EndingBound bound(*variant, Goal::Stalemate);
    const Geometry& g = variant->geometry();
    for (Bitboard b = g.board(); b;) {
      const Square k = pop_lsb(b);
      const std::vector<Square> zone = dm::search::EndingBoundInternals::zone(bound, k);
      REQUIRE(zone.front() == k);
      REQUIRE(zone.size() == size_t(popcount(g.leaps(PieceType::King, k) & g.board())) + 1);
      for (unsigned set = 0; set < 512; ++set) {
        Bitboard expected = 0;
        for (size_t j = 1; j < zone.size(); ++j) {
          if (!(set >> j & 1)) expected |= square_bb(zone[j]);
        }
        INFO(name << " k " << int(k) << " set " << set);
        CHECK(dm::search::EndingBoundInternals::unguarded(bound, k, uint16_t(set)) == expected);
      }
    }
  }
}

TEST_CASE("ending bound: help mates where men stand in the way equal the oracle's", "[solver][help][oracle]") {
  // Black's rooks and pawn within two squares of its king: where the king or a man never steps
  // off its square, the rooks' ways to the squares they fill go round it; where a man steps off,
  // it fills its own square again two moves later. On random positions, h#2 solved with the
  // bound equals the brute force, and standing men or the king change some fill (for the king's
  // square and those next to it, every set of the squares next to that, one to three moves).
  const EndingBound bound(*make_variant("chess", {}), Goal::Mate);
  std::mt19937 rng(20261128);
  size_t in_the_way = 0;
  size_t with_solutions = 0;
  for (const std::string_view pieces : {"KNPkrrp", "KQkrrp", "KRkrrp"}) {
    for (int positions = 0; positions < dm::test::sample_size(40);) {
      const auto fen = test::sparse_position(rng, pieces, 'b', false, 2);
      if (!fen) continue;
      ++positions;
      INFO("h#2 " << *fen);
      const Position pos = dm::test::position_of("chess", *fen);
      const Geometry& g = pos.geometry();
      const Square king = pos.king_square(Color::Black);
      for (Bitboard ks = (g.leaps(PieceType::King, king) | square_bb(king)) & g.board(); ks;) {
        const Square k = pop_lsb(ks);
        const Bitboard around = g.leaps(PieceType::King, k) & g.board();
        for (int set = 1; set < 1 << popcount(around); ++set) {
          Bitboard squares = 0;
          int j = 0;
          for (Bitboard b = around; b; ++j) {
            const Square q = pop_lsb(b);
            if (set >> j & 1) squares |= square_bb(q);
          }
          for (int moves = 1; moves <= 3; ++moves) {
            in_the_way +=
                dm::search::EndingBoundInternals::stands_in_the_way(bound, pos, Color::Black, moves, squares, k);
          }
        }
      }
      const auto expected = dm::test::brute_force_answers("chess", *fen, "h#2");
      with_solutions += !expected.empty();
      CHECK(bound_alone_answers("chess", *fen, "h#2") == expected);
    }
  }
  CHECK(with_solutions > 0);
  CHECK(in_the_way > 0);
}

TEST_CASE("ending bound: help mates by a king and one piece equal the oracle's", "[solver][help][oracle]") {
  // White's king and one piece, Black's men within two squares of its king: the lone checker's
  // count leaves out fills where a man would step onto the check's line
  // (EndingBound::lone_checker). On random positions, h#2 solved with the bound equals the
  // brute force.
  std::mt19937 rng(20261135);
  size_t with_solutions = 0;
  for (const std::string_view pieces : {"KRkqnp", "KBkrrp", "KQkbnp"}) {
    for (int positions = 0; positions < dm::test::sample_size(40);) {
      const auto fen = test::sparse_position(rng, pieces, 'b', false, 2);
      if (!fen) continue;
      ++positions;
      INFO("h#2 " << *fen);
      const auto expected = dm::test::brute_force_answers("chess", *fen, "h#2");
      with_solutions += !expected.empty();
      CHECK(bound_alone_answers("chess", *fen, "h#2") == expected);
    }
  }
  CHECK(with_solutions > 0);
}

TEST_CASE("ending bound: in a stalemate, the defender's moves that leave its pieces to capture as they were fail below",
          "[solver][help]") {
  // Were Black to pass, its men as they stand would fill the squares next to its king in time,
  // but the count of a stalemate fails: its pieces that must be captured are more than White's
  // moves, or they stand too far from White's, or the men left once they are taken off fill
  // too late. Then only a move that hems such a piece in, brings it within White's reach, or
  // brings one of the men left nearer may pass below (EndingBound::narrow_to_the_captured).
  // A position of popeye-54's tree (h=8): Black's queen and rooks cannot be hemmed in, and
  // White's king and pawn have two moves for the three captures. Of Black's 44 moves, 22 are
  // left out (none were before this narrowing): the king's two, and those of the queen and the
  // rooks that bring none of them within a move of White's reach and hem none in. Each fails
  // below.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  Position three = dm::test::position_of("chess", "8/8/8/8/4K3/p7/Pr4r1/5q1k b - - 7 7");
  CHECK(dm::search::EndingBoundInternals::boxes_passing(bound, three, Color::White, 2, 1));
  FilterCount three_count;
  check_defender_left_out(bound, three, 2, three_count, [](Move) {});
  CHECK(three_count.left_out == 22);
  // On random positions, Black to move with White's two moves and Black's one to come, and with
  // White's three and Black's two: every move defender_moves leaves out fails may_end_in_time
  // below. White has a pawn or a knight besides its king, Black several pieces, so that some
  // must often be captured. Where Black could pass the test of its men as they stand, moves are
  // left out: with two and one, 334 of them (6 without this narrowing, by the others); with
  // three and two, 518 (20 without it).
  std::mt19937 rng(20261129);
  for (const int attacker_moves : {2, 3}) {
    FilterCount count;
    size_t left_out_passing = 0;
    for (const std::string_view pieces : {"KPkbnp", "KPkrbp", "KNkqbp"}) {
      for_random_positions(rng, pieces, 'b', false, 300, [&](Position& pos) {
        const bool passing =
            dm::search::EndingBoundInternals::boxes_passing(bound, pos, Color::White, attacker_moves, attacker_moves - 1);
        check_defender_left_out(bound, pos, attacker_moves, count, [&](Move) { left_out_passing += passing; });
      });
    }
    INFO(attacker_moves);
    CHECK(count.kept > 0);
    CHECK(left_out_passing > 100);
  }
}

namespace {

// The defender's pieces (not pawns) that no square within `moves` moves hems in: there, its
// moves to the square and the other men's moves to hold each square it moves to first (the
// king's walk holding one) are more than `moves`. Every square of the board is tried.
Bitboard plain_unhemmed(const EndingBound& bound, const Position& pos, Color defender, int moves) {
  const Geometry& g = pos.geometry();
  const Square king = pos.king_square(defender);
  Bitboard walk = 0;
  for (Bitboard b = g.board(); b;) {
    const Square q = pop_lsb(b);
    if (bound.moves_to_reach(PieceType::King, defender, king, q) <= moves) walk |= square_bb(q);
  }
  const Bitboard men = pos.pieces(defender) & ~square_bb(king);
  Bitboard unhemmed = 0;
  for (Bitboard b = men & ~pos.pieces(PieceType::Pawn); b;) {
    const Square from = pop_lsb(b);
    const PieceType t = type_of(pos.piece_on(from));
    bool hemmed = false;
    for (Bitboard squares = g.board(); squares && !hemmed;) {
      const Square s = pop_lsb(squares);
      const int there = bound.moves_to_reach(t, defender, from, s);
      const Bitboard first = g.attacks(t, s, g.board()) & g.board();
      const int hold = popcount(first & ~(men & ~square_bb(from))) - ((first & walk) ? 1 : 0);
      hemmed = there <= moves && there + hold <= moves;
    }
    if (!hemmed) unhemmed |= square_bb(from);
  }
  return unhemmed;
}

// The same for the pieces taken together, every square of the board tried for each: a set of
// them may end hemmed in together where each ends on a square of its own within `moves` moves,
// and every square one of them moves to first from there that none of them ends on is held by a
// pawn or the king, each on one square, all those moves within `moves`. Returns the pieces in
// no such set and the fewest pieces such a set leaves out.
std::pair<Bitboard, int> plain_unhemmed_together(const EndingBound& bound, const Position& pos, Color defender,
                                                 int moves) {
  const Geometry& g = pos.geometry();
  const Square king = pos.king_square(defender);
  std::vector<Square> pieces;
  std::vector<Square> holders;  // the pawns, then the king
  for (Bitboard b = pos.pieces(defender) & ~square_bb(king); b;) {
    const Square from = pop_lsb(b);
    (type_of(pos.piece_on(from)) == PieceType::Pawn ? holders : pieces).push_back(from);
  }
  holders.push_back(king);
  const auto moves_to = [&](Square from, Square to) {
    return int(bound.moves_to_reach(type_of(pos.piece_on(from)), defender, from, to));
  };
  // The fewest moves of the holders not in `used` to hold the squares of `open`.
  const auto hold = [&](auto&& self, Bitboard open, unsigned used) -> int {
    if (!open) return 0;
    const Square q = pop_lsb(open);
    int best = 1000;
    for (size_t h = 0; h < holders.size(); ++h) {
      const int there = moves_to(holders[h], q);
      if (!(used >> h & 1) && there <= moves) best = std::min(best, there + self(self, open, used | 1U << h));
    }
    return best;
  };
  // Whether the pieces of `set` from the i-th on may end on squares of their own, the others
  // standing on `ends` and moving first to `firsts`, in `spent` moves so far.
  const auto hemmed = [&](auto&& self, unsigned set, size_t i, Bitboard ends, Bitboard firsts, int spent) -> bool {
    if (spent > moves) return false;
    if (i == pieces.size()) return spent + hold(hold, firsts & ~ends, 0) <= moves;
    if (!(set >> i & 1)) return self(self, set, i + 1, ends, firsts, spent);
    for (Bitboard b = g.board() & ~ends; b;) {
      const Square s = pop_lsb(b);
      const int there = moves_to(pieces[i], s);
      const Bitboard first = g.attacks(type_of(pos.piece_on(pieces[i])), s, g.board()) & g.board();
      if (there <= moves && self(self, set, i + 1, ends | square_bb(s), firsts | first, spent + there)) return true;
    }
    return false;
  };
  Bitboard in_some = 0;
  int most = 0;
  for (unsigned set = 1; set < (1U << pieces.size()); ++set) {
    if (!hemmed(hemmed, set, 0, 0, 0, 0)) continue;
    most = std::max(most, std::popcount(set));
    for (size_t i = 0; i < pieces.size(); ++i) {
      if (set >> i & 1) in_some |= square_bb(pieces[i]);
    }
  }
  Bitboard together = 0;
  for (const Square from : pieces) together |= has(in_some, from) ? 0 : square_bb(from);
  return {together, int(pieces.size()) - most};
}

}  // namespace

TEST_CASE("ending bound: the defender's pieces no square hems in, as a plain scan of the board finds them",
          "[solver][help]") {
  // take_off_the_captured asks which of the defender's pieces cannot end hemmed in by its own
  // men. unhemmed tries only the squares next to another man or with few first steps, and keeps
  // its answers per thread; on random positions it must find what trying every square finds,
  // asked once and again.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261128);
  size_t some_unhemmed = 0;
  size_t some_hemmed = 0;
  for (const std::string_view pieces : {"Kkqrbn", "Kkbbnp", "Kkrrpp", "Kkqbnpp", "Kknnbrp"}) {
    for_random_positions(rng, pieces, 'w', false, 400, [&](Position& pos) {
      for (int moves = 0; moves <= 4; ++moves) {
        INFO(moves);
        const Bitboard expected = plain_unhemmed(bound, pos, Color::Black, moves);
        CHECK(dm::search::EndingBoundInternals::unhemmed(bound, pos, Color::Black, moves) == expected);
        CHECK(dm::search::EndingBoundInternals::unhemmed(bound, pos, Color::Black, moves) == expected);
        const Bitboard pieces_there = pos.pieces(Color::Black) & ~pos.pieces(PieceType::Pawn) &
                                      ~square_bb(pos.king_square(Color::Black));
        some_unhemmed += expected != 0;
        some_hemmed += (pieces_there & ~expected) != 0;
      }
    });
  }
  CHECK(some_unhemmed > 0);
  CHECK(some_hemmed > 0);
}

TEST_CASE("ending bound: the defender's pieces that cannot all end hemmed in together, as a plain search finds them",
          "[solver][help]") {
  // Each piece that is not captured ends hemmed in by its own men, and those men are the pawns,
  // the king and the other pieces that end hemmed in: a piece that must be captured holds no
  // square at the end. unhemmed tries only the squares with few enough first steps and prunes
  // by the moves left; on random positions it must find what trying every square finds.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261129);
  size_t fewer_alone = 0;  // where more pieces must be captured than taken alone
  for (const std::string_view pieces : {"Kkrbp", "Kkqnpp", "Kkrrp", "Kkbnpp", "Kkrbnp"}) {
    for_random_positions(rng, pieces, 'w', true, 150, [&](Position& pos) {
      for (int moves = 0; moves <= 3; ++moves) {
        INFO(moves);
        const auto expected = plain_unhemmed_together(bound, pos, Color::Black, moves);
        CHECK(dm::search::EndingBoundInternals::unhemmed_together(bound, pos, Color::Black, moves) == expected);
        fewer_alone += expected.second > popcount(plain_unhemmed(bound, pos, Color::Black, moves));
      }
    });
  }
  CHECK(fewer_alone > 0);
}

TEST_CASE("ending bound: a help stalemate's pieces that cannot all end hemmed in: what it rules out no moves stalemate",
          "[solver][help]") {
  // On random positions with Black's pieces and pawns crowding its cornered king, where the
  // bound says no stalemate may come (White, Black, White; Black, White; Black, White, Black,
  // White), none comes. Most are ruled out where Black's pieces cannot all end hemmed in
  // together, more of them to capture than taken one at a time.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261130);
  size_t ruled_out_together = 0;
  const RuledOut found = check_ruled_out(
      bound, rng, {{'w', 2, 1}, {'b', 1, 1}, {'b', 2, 2}}, {"KNkrbpp", "KNkbnpp", "KNkrrpp", "KPkrnpp", "KNkbbpp"},
      150, 2, [&](const Position& pos, MovesLeft moves) {
        const auto together =
            dm::search::EndingBoundInternals::unhemmed_together(bound, pos, Color::Black, moves.defender);
        ruled_out_together += together.second > popcount(dm::search::EndingBoundInternals::unhemmed(
                                                    bound, pos, Color::Black, moves.defender));
      });
  CHECK(found.ruled_out > 0);
  CHECK(ruled_out_together > 0);
  CHECK(found.stalemates > 0);
}

TEST_CASE("ending bound: a help stalemate's pawns that fill by promoting: what it rules out no moves stalemate",
          "[solver][help]") {
  // A pawn that reaches a square next to its king only by promoting fills it as a piece, which
  // must end without a move there (EndingBound::still_pawn_moves). On random positions with
  // Black's pawns about to promote next to its cornered king, where the bound says no stalemate
  // may come, none comes: every line is played (142 of the 3000 positions stalemate).
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  // Kf2 guards g1 and g2, and h2 is left to fill: the pawn gets there only by promoting on g1
  // and going on as a bishop or a queen, which would stand on h2 with g1 and g3 to hold, and
  // Black has no man left for them. Four moves stalemate nowhere.
  Position promoting = dm::test::position_of("chess", "8/8/8/8/8/8/5Kp1/7k b - - 0 1");
  CHECK_FALSE(bound.may_end_in_time(promoting, Color::White, 2, 2));
  CHECK_FALSE(some_moves_stalemate(promoting, 4));
  std::mt19937 rng(20261201);
  const RuledOut found =
      check_ruled_out(bound, rng, {{'b', 1, 1}, {'w', 2, 1}, {'b', 2, 2}},
                      {"KNkppp", "KBkppp", "KRkpp", "KPkppp", "KNPkpppp"}, 200, 2, [](const Position&, MovesLeft) {});
  CHECK(found.ruled_out > 0);
  CHECK(found.stalemates > 0);
}

TEST_CASE("ending bound: the fills kept in the scratch are those worked out afresh", "[solver][help]") {
  // may_box_placed asks fillable through a cache per thread, keyed by the defender's men and
  // the fill. On random positions, for mates and stalemates, each set of the squares next to a
  // square near Black's king, with every count of moves, it must answer as fillable does, asked
  // in an order where the same men come again with other squares and moves.
  const Variant chess = *make_variant("chess", {});
  std::mt19937 rng(20261129);
  std::array<size_t, 2> answers{};  // how many false and true
  for (const Goal goal : {Goal::Mate, Goal::Stalemate}) {
    const EndingBound bound(chess, goal);
    for (const std::string_view pieces : {"KQknnp", "KRkbbp", "KBkqrpp"}) {
      for_random_positions(rng, pieces, 'w', true, 100, [&](Position& pos) {
        const Geometry& g = pos.geometry();
        const Square king = pos.king_square(Color::Black);
        for (Bitboard ks = (g.leaps(PieceType::King, king) | square_bb(king)) & g.board(); ks;) {
          const Square k = pop_lsb(ks);
          const Bitboard around = g.leaps(PieceType::King, k) & g.board();
          for (int defence_moves = 1; defence_moves <= 3; ++defence_moves) {
            for (int pick = 0; pick < 8; ++pick) {
              Bitboard squares = 0;
              for (Bitboard b = around; b;) {
                const Square q = pop_lsb(b);
                if (rng() % 2) squares |= square_bb(q);
              }
              for (int moves = 0; moves <= defence_moves; ++moves) {
                const auto [fresh, kept] = dm::search::EndingBoundInternals::fillable(bound, pos, Color::Black,
                                                                                      defence_moves, squares, moves, k);
                CHECK(kept == fresh);
                ++answers[fresh];
              }
            }
          }
        }
      });
    }
  }
  CHECK(answers[0] > 0);
  CHECK(answers[1] > 0);
}

TEST_CASE("ending bound: a help stalemate's last defence leaves out only moves no reply stalemates after",
          "[solver][help]") {
  // On random positions with Black's king in a corner, Black to make its last move: after each
  // move the filter leaves out, no move of White stalemates Black (checked by playing every
  // reply). Black has one to three men, so that the demands of its free pieces, of those with
  // one way and of its free pawns (stalemate_demands.h) decide. Where the filter says at once
  // that it allows no move, it allows none of them.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261126);
  size_t none_allowed = 0;
  for (const std::string_view pieces :
       {"KQkn", "KQkbp", "KRBkn", "KQRkbn", "KRBkbp", "KQkrp", "KQBkbb", "KQkbnr", "KRkbnn", "KQkpp", "KRkpn",
        "KBkppp", "KQNkbpp"}) {
    FilterCount count;  // kept: the moves after which some reply stalemates
    for_random_positions(rng, pieces, 'b', true, 1000, [&](Position& pos) {
      const auto useful = bound.last_defence(pos, Color::White);
      check_left_out(
          pos, [&](Move m) { return useful.allows(m); },
          [](Position& after) { return some_moves_stalemate(after, 1); }, count);
      if (!useful.none()) return;
      ++none_allowed;
      MoveList moves;
      generate_legal(pos, moves);
      for (const Move m : moves) CHECK_FALSE(useful.allows(m));
    });
    INFO(pieces);
    // Three pieces of Black's are seldom stalemated after one move each: those sets are there
    // for the filter that allows no move.
    const auto black_men = std::count_if(pieces.begin(), pieces.end(), [](char c) { return c >= 'a' && c != 'k'; });
    if (black_men <= 2) CHECK(count.kept > 0);
    CHECK(count.left_out > 0);
  }
  CHECK(none_allowed > 0);
}

TEST_CASE("ending bound: a help stalemate's second last move leaves out only moves no two moves stalemate after",
          "[solver][help]") {
  // On random positions with Black's king in a corner, White to make its second last move:
  // after each move second_last_moves leaves out, no move of Black's and reply of White's
  // stalemate Black (checked by playing them all). Black has three to five men, so that where
  // no last move of Black's may leave one demand, only White's captures (and, with pawns, its
  // moves in front of a free pawn) are kept, and where none may leave two, none.
  const Variant chess = *make_variant("chess", {});
  const EndingBound bound(chess, Goal::Stalemate);
  std::mt19937 rng(20261127);
  FilterCount all;
  for (const std::string_view pieces : {"KQkbnr", "KQRkbnn", "KRBkbbn", "KQkbnpp", "KRkbnpp", "KQkbppp", "KBkbnpp"}) {
    FilterCount count;  // kept: the moves after which two moves may stalemate
    for_random_positions(rng, pieces, 'w', true, 300, [&](Position& pos) {
      const auto useful = bound.second_last_moves(pos, Color::White);
      check_left_out(
          pos, [&](Move m) { return useful.allows(m); },
          [](Position& after) { return some_moves_stalemate(after, 2); }, count);
    });
    INFO(pieces);
    CHECK(count.left_out > 0);
    all.kept += count.kept;
  }
  CHECK(all.kept > 0);
}

// The stalemate targets (stalemate_targets.h) with the bound, against the full-width search, on
// random positions where Black's men stand round their king, so that they end hemmed in by each
// other; and cornered sparse ones. ser-h= of three and four turns, with White's riders that may
// pin a man, a promotion and White's last move's capture.
TEST_CASE("stalemate targets: crowded series help stalemates equal the full-width search",
          "[solver][help][series][oracle]") {
  std::mt19937 rng(20261209);
  series_sets_equal_full_width(rng,
                               {{"ser-h=3", 3, Goal::Stalemate, "KQkbp"},
                                {"ser-h=3", 3, Goal::Stalemate, "KRBkp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KRkbp"},
                                {"ser-h=3", 3, Goal::Stalemate, "KQkn"},
                                {"ser-h=4", 4, Goal::Stalemate, "KRkpp"},
                                {"ser-h=3", 3, Goal::Stalemate, "KQkrp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KQkpp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KBBkp"},
                                {"ser-h=3", 3, Goal::Stalemate, "KRRkbp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KRNkpp"}},
                               80, false, 2);
  series_sets_equal_full_width(rng,
                               {{"ser-h=3", 3, Goal::Stalemate, "KQkpp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KRkbp"},
                                {"ser-h=4", 4, Goal::Stalemate, "KNPkp"}},
                               80, true, 3);
}

// A stalemate on a square a piece of White's checked: Black Kh8, in check from the knight on g6,
// takes it (h7xg6), plays a4-a3, and White's Nd5-e7 or Nd5-f6 stalemates (g8 guarded by the
// knight, g7 and h7 by Kh6; the pawns blocked by Bg5 and a2). A target's king may stand where a
// piece of White's that can be taken checks it (stalemate_targets.h). No White pawn on the fifth
// rank, where an e.p. capture would leave the targets silent. Counted by hand from the rules.
TEST_CASE("stalemate targets: the king ends where a piece taken since checked", "[solver][help][series]") {
  const std::string fen = "7k/7p/6NK/3N2B1/p7/8/P7/8 b - - 0 1";
  const std::vector<std::string> expected{"h7g6 a4a3 d5e7", "h7g6 a4a3 d5f6"};
  CHECK(series_answers(fen, "ser-h=2", 2, Goal::Stalemate, true).first == expected);
  CHECK(series_answers(fen, "ser-h=2", 2, Goal::Stalemate, false).first == expected);
}

// White's last move an e.p. capture: Black Kh8 and pawn g7 against White Kf7 and pawn f5. After
// g7-g5, f5xg6 e.p. stalemates (g8 and g7 guarded by the king, h7 by the pawn); after g7-g6,
// f5xg6 does too; after Kh7 the pawn on g7 keeps a move. The targets list White's e.p. captures
// (stalemate_targets.h). Counted by hand from the rules.
TEST_CASE("stalemate targets: an e.p. capture stalemates", "[solver][help][series]") {
  const std::string fen = "7k/5Kp1/8/5P2/8/8/8/8 b - - 0 1";
  const std::vector<std::string> expected{"g7g5 f5g6", "g7g6 f5g6"};
  CHECK(series_answers(fen, "ser-h=1", 1, Goal::Stalemate, true).first == expected);
  CHECK(series_answers(fen, "ser-h=1", 1, Goal::Stalemate, false).first == expected);
}

// The two series stalemates of Popeye's examples that stayed undecided until the stalemate
// targets (BEISPIEL/hpint.inp #49 and #63): each with Popeye's one solution, on one thread and on
// two, the targets listed once and shared by the workers.
TEST_CASE("stalemate targets: Ebert's ser-h=14 and Funk's ser-h=12 on one and two threads", "[solver][help][series]") {
  struct Case {
    const char* fen;
    const char* stipulation;
    const char* solution;
  };
  for (const Case& c : {Case{"2k5/2bb4/8/6p1/6p1/5qp1/8/4K3 b - - 0 1", "ser-h=14",
                             "f3a8 c8b7 b7c6 c6d5 d5e4 e4f3 f3g2 g2g1 a8h1 g3g2 c7h2 g4g3 d7h3 g5g4 e1e2"},
                        Case{"nbk5/qrPp4/1ppK4/1b6/P7/8/8/7B b - - 0 1", "ser-h=12",
                             "a8c7 a7a8 b8a7 b7b8 c8b7 b7a6 a6a5 b5a6 a6c8 a5a6 a6b7 c7b5 a4b5"}}) {
    const Position pos = dm::test::position_of("chess", c.fen);
    const auto stip = dm::problem::parse_stipulation(c.stipulation);
    REQUIRE(stip);
    for (const int threads : {1, 2}) {
      CAPTURE(c.stipulation, threads);
      dm::search::SolveOptions options;
      options.threads = threads;
      dm::search::TranspositionTable tt(32);
      const auto result = dm::search::solve(pos, *stip, options, tt);
      CHECK(result.status == dm::search::SolveStatus::Solved);
      REQUIRE(result.solutions.size() == 1);
      CHECK(dm::problem::line_to_uci(result.solutions[0]) == c.solution);
    }
  }
}
