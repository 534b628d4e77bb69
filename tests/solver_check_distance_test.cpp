// The check-distance bound of help mates: distances counted by hand on an empty board, the
// bound's verdict on positions where a check is or is not within reach, and help mates whose
// published solutions it must keep.

#include <optional>
#include <random>
#include <string>

#include <catch2/catch.hpp>

#include "rules/notation.h"
#include "solver/search/check_distance.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using dm::search::CheckDistance;

namespace {

Square at(std::string_view name, const Geometry& board = Geometry::of(8, 8)) {
  const auto s = parse_square(name, board);
  REQUIRE(s);
  return *s;
}

}  // namespace

TEST_CASE("check distance: moves to stand where a piece checks, counted by hand", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const CheckDistance distance(chess);
  const auto moves = [&](PieceType t, Color c, std::string_view from, std::string_view king) {
    return int(distance.moves_to_check(t, c, at(from), at(king)));
  };
  CHECK(moves(PieceType::Knight, Color::White, "d2", "e4") == 0);  // checks already
  CHECK(moves(PieceType::Knight, Color::White, "b1", "e4") == 1);  // via c3
  CHECK(moves(PieceType::Knight, Color::White, "a1", "h8") == 5);  // to f7 or g6
  CHECK(moves(PieceType::Rook, Color::White, "a1", "a5") == 0);
  CHECK(moves(PieceType::Rook, Color::White, "a1", "h8") == 1);
  CHECK(moves(PieceType::Bishop, Color::White, "a1", "h1") == CheckDistance::kUnreachable);  // other colour
  CHECK(moves(PieceType::Bishop, Color::White, "a1", "h2") == 1);
  // Pawns: four moves to d7 or f7; backwards only by promoting (e8=Q then checks along the file).
  CHECK(moves(PieceType::Pawn, Color::White, "e2", "e8") == 4);
  CHECK(moves(PieceType::Pawn, Color::White, "e2", "e1") == 5);
  CHECK(moves(PieceType::Pawn, Color::Black, "e7", "e1") == 4);
  CHECK(moves(PieceType::Pawn, Color::White, "a7", "h1") == 1);  // a8=Q
}

TEST_CASE("check distance: Mainzer Schach's pieces on its 11x8 board", "[solver][help]") {
  const Variant mainzer = *make_variant("mainzer", {});
  REQUIRE(CheckDistance::applies(mainzer, dm::search::Goal::Mate));
  const CheckDistance distance(mainzer);
  const Geometry& board = mainzer.geometry();
  const auto moves = [&](PieceType t, std::string_view from, std::string_view king) {
    return int(distance.moves_to_check(t, Color::White, at(from, board), at(king, board)));
  };
  CHECK(moves(PieceType::Marshall, "a1", "a5") == 0);  // along the file
  CHECK(moves(PieceType::Marshall, "a1", "b3") == 0);  // a knight's leap
  CHECK(moves(PieceType::Janus, "a1", "k1") == 1);     // from f6, down the diagonal
  CHECK(moves(PieceType::Amazon, "a1", "k8") == 1);    // from a8, along the rank
  CHECK(moves(PieceType::Pawn, "k2", "k1") == 5);      // promotes on k8, checks down the file
}

TEST_CASE("check distance: whether a check can come in time", "[solver][help]") {
  const Variant chess = *make_variant("chess", {});
  const CheckDistance distance(chess);
  // White: king and a knight on a1; Black's king on h8 may walk.
  const Position pos = dm::test::position_of("chess", "7k/8/8/8/8/8/8/N6K b - - 0 1");
  CHECK_FALSE(distance.may_check_in_time(pos, Color::White, 4, 0));
  CHECK(distance.may_check_in_time(pos, Color::White, 5, 0));
  // With two king moves the king may reach f6, which the knight checks from d5 in three.
  CHECK_FALSE(distance.may_check_in_time(pos, Color::White, 2, 2));
  CHECK(distance.may_check_in_time(pos, Color::White, 3, 2));
  // The bishop on h7 checks g8 only, two squares from e8, where castling takes the king in one
  // move: with the right left, no pruning.
  CHECK(distance.may_check_in_time(dm::test::position_of("chess", "4k2r/7B/8/8/8/8/8/7K b k - 0 1"),
                                   Color::White, 0, 1));
  CHECK_FALSE(distance.may_check_in_time(dm::test::position_of("chess", "4k2r/7B/8/8/8/8/8/7K b - - 0 1"),
                                         Color::White, 0, 1));
  // A king alone never checks.
  const Position kings = dm::test::position_of("chess", "7k/8/8/8/8/8/8/7K b - - 0 1");
  CHECK_FALSE(distance.may_check_in_time(kings, Color::White, 10, 10));
}

TEST_CASE("check distance: help mates that need a long walk keep their solutions", "[solver][help]") {
  // Popeye's h#9 (white king and pawn) and h#4 problems that the bound prunes most.
  size_t checked = 0;
  for (const auto& p : dm::test::popeye_problems("h")) {
    if (p.stipulation != "h#9" && p.fen.rfind("8/4p1n1/p7", 0) != 0) continue;
    dm::test::check_published(p, 2);
    ++checked;
  }
  CHECK(checked == 2);
}

namespace {

// A random legal position with few pieces: both kings, White's knight and pawn, and
// Black's pawn and knight, Black to move and not giving check. No bishop: on an empty board it
// checks any square of its colour within two moves, which leaves the bound nothing to prune.
std::optional<std::string> sparse_position(std::mt19937& rng) {
  const char pieces[] = {'K', 'N', 'P', 'k', 'p', 'n'};
  std::string board(64, '.');
  for (const char piece : pieces) {
    for (;;) {
      const int s = std::uniform_int_distribution<int>(0, 63)(rng);
      const bool pawn_rank = s / 8 == 0 || s / 8 == 7;
      if (board[s] == '.' && !((piece == 'P' || piece == 'p') && pawn_rank)) {
        board[s] = piece;
        break;
      }
    }
  }
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[rank * 8 + file];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += std::to_string(empty);
    if (rank) fen += '/';
  }
  fen += " b - - 0 1";
  Position pos;
  if (pos.set(*make_variant("chess", {}), fen)) return std::nullopt;  // e.g. White in check
  return fen;
}

}  // namespace

TEST_CASE("check distance: the solver's help mates equal the oracle's on random sparse positions",
          "[solver][help][oracle]") {
  std::mt19937 rng(20261123);
  size_t positions = 0;
  size_t with_solutions = 0;
  while (positions < 150) {
    const auto fen = sparse_position(rng);
    if (!fen) continue;
    ++positions;
    INFO(*fen);
    const auto expected = dm::test::brute_force_answers("chess", *fen, "h#2");
    with_solutions += !expected.empty();
    CHECK(dm::test::solve_fen("chess", *fen, "h#2", 2).answers == expected);
  }
  CHECK(with_solutions > 0);
}
