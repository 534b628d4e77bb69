// Pieces and board geometry: the Betza subset of piece.h, the piece descriptions, and the
// attack tables compiled from them on 8x8, 10x8, 11x8 and 12x10 boards. The tables are
// checked against move counts derived by hand (a knight in a corner has 2 moves, a Janus in the
// middle of an empty 11x8 board 22) and, square by square, against a plain step-by-step walk
// written here from the rule book's definitions (docs/rules.md Z2: Janus = B+N, Marshall = R+N,
// Amazon = Q+N), on empty boards and with random blockers.

#include <catch2/catch.hpp>
#include <random>

#include "rules/geometry.h"
#include "rules/movegen.h"
#include "rules/piece.h"
#include "test_data.h"

namespace dm {
namespace {

// What each kind does, from the rule book, independently of piece.cpp.
struct Reference {
  PieceType type;
  std::vector<std::pair<int, int>> leaps;  // one of each symmetric leap
  bool orthogonal;
  bool diagonal;
};

const std::vector<Reference> kReference = {
    {PieceType::Knight, {{1, 2}}, false, false},     {PieceType::Bishop, {}, false, true},
    {PieceType::Rook, {}, true, false},              {PieceType::Queen, {}, true, true},
    {PieceType::King, {{0, 1}, {1, 1}}, false, false}, {PieceType::Janus, {{1, 2}}, false, true},
    {PieceType::Marshall, {{1, 2}}, true, false},    {PieceType::Amazon, {{1, 2}}, true, true},
};

Bitboard walk(const Geometry& g, const Reference& piece, int file, int rank, Bitboard occupied) {
  Bitboard result = 0;
  for (const auto& [a, b] : piece.leaps) {
    for (const int sa : {-1, 1}) {
      for (const int sb : {-1, 1}) {
        for (const auto& [df, dr] : {std::pair{sa * a, sb * b}, std::pair{sb * b, sa * a}}) {
          if (g.contains(file + df, rank + dr)) result |= square_bb(make_square(file + df, rank + dr));
        }
      }
    }
  }
  std::vector<std::pair<int, int>> directions;
  if (piece.orthogonal) directions.insert(directions.end(), {{1, 0}, {-1, 0}, {0, 1}, {0, -1}});
  if (piece.diagonal) directions.insert(directions.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}});
  for (const auto& [df, dr] : directions) {
    for (int f = file + df, r = rank + dr; g.contains(f, r); f += df, r += dr) {
      result |= square_bb(make_square(f, r));
      if (has(occupied, make_square(f, r))) break;
    }
  }
  return result;
}

const Reference& reference(PieceType t) {
  for (const auto& r : kReference) {
    if (r.type == t) return r;
  }
  FAIL("no reference for piece kind " << index(t));
  return kReference[0];
}

int moves_on_empty_board(int files, int ranks, PieceType t, int file, int rank) {
  const Geometry& g = Geometry::of(files, ranks);
  return popcount(g.attacks(t, make_square(file, rank), 0));
}

}  // namespace

TEST_CASE("piece: the Betza subset", "[rules][piece]") {
  const auto knight = parse_betza("N");
  REQUIRE(knight);
  REQUIRE(knight->leaps.size() == 1);
  CHECK(knight->leaps[0].a == 2);
  CHECK(knight->leaps[0].b == 1);
  CHECK_FALSE(knight->rides_orthogonal);
  CHECK_FALSE(knight->rides_diagonal);

  const auto janus = parse_betza("BN");
  REQUIRE(janus);
  CHECK(janus->rides_diagonal);
  CHECK_FALSE(janus->rides_orthogonal);
  CHECK(janus->leaps.size() == 1);

  const auto queen = parse_betza("Q");
  REQUIRE(queen);
  CHECK(queen->rides_diagonal);
  CHECK(queen->rides_orthogonal);
  CHECK(queen->leaps.empty());

  const auto king = parse_betza("K");
  REQUIRE(king);
  REQUIRE(king->leaps.size() == 2);
  CHECK((king->leaps[0].a == 1 && king->leaps[0].b == 0));
  CHECK((king->leaps[1].a == 1 && king->leaps[1].b == 1));

  const auto all = parse_betza("WFDNAHCZG");
  REQUIRE(all);
  const std::vector<std::pair<int, int>> atoms = {{1, 0}, {1, 1}, {2, 0}, {2, 1}, {2, 2}, {3, 0}, {3, 1}, {3, 2}, {3, 3}};
  REQUIRE(all->leaps.size() == atoms.size());
  for (size_t i = 0; i < atoms.size(); ++i) {
    CHECK(all->leaps[i].a == atoms[i].first);
    CHECK(all->leaps[i].b == atoms[i].second);
  }

  for (const std::string_view bad : {"X", "n", "fN", "N2", "B N", "RNx"}) {
    INFO("'" << bad << "'");
    CHECK_FALSE(parse_betza(bad));
  }
}

TEST_CASE("piece: descriptions, letters and names", "[rules][piece]") {
  const std::vector<std::tuple<PieceType, char, std::string_view>> expected = {
      {PieceType::Pawn, 'P', ""},       {PieceType::Knight, 'N', "N"},   {PieceType::Bishop, 'B', "B"},
      {PieceType::Rook, 'R', "R"},      {PieceType::Queen, 'Q', "Q"},    {PieceType::King, 'K', "K"},
      {PieceType::Janus, 'J', "BN"},    {PieceType::Marshall, 'M', "RN"}, {PieceType::Amazon, 'A', "QN"},
  };
  for (const auto& [type, letter, betza] : expected) {
    INFO("letter " << letter);
    CHECK(describe(type).type == type);
    CHECK(describe(type).letter == letter);
    CHECK(describe(type).betza == betza);
    CHECK(piece_descriptions()[size_t(index(type))].letter == letter);
    CHECK(piece_type_from_letter(letter) == type);
    CHECK(piece_type_from_letter(char(letter - 'A' + 'a')) == type);
    CHECK(piece_letter(make_piece(Color::White, type)) == letter);
    CHECK(piece_letter(make_piece(Color::Black, type)) == char(letter - 'A' + 'a'));
    if (!betza.empty()) CHECK(parse_betza(betza));
  }
  for (const char c : {'X', 'x', 'C', 'c', '1', '/', ' '}) {
    INFO("'" << c << "'");
    CHECK(piece_type_from_letter(c) == PieceType::None);
  }
}

TEST_CASE("piece: move counts on empty boards, derived by hand", "[rules][piece]") {
  // Knight and king in corners and centres.
  CHECK(moves_on_empty_board(8, 8, PieceType::Knight, 0, 0) == 2);
  CHECK(moves_on_empty_board(8, 8, PieceType::Knight, 7, 7) == 2);
  CHECK(moves_on_empty_board(8, 8, PieceType::Knight, 3, 3) == 8);
  CHECK(moves_on_empty_board(8, 8, PieceType::Knight, 1, 0) == 3);
  CHECK(moves_on_empty_board(8, 8, PieceType::King, 0, 0) == 3);
  CHECK(moves_on_empty_board(8, 8, PieceType::King, 4, 3) == 8);
  // Riders: a rook always sees (files - 1) + (ranks - 1) squares.
  CHECK(moves_on_empty_board(8, 8, PieceType::Rook, 3, 3) == 14);
  CHECK(moves_on_empty_board(10, 8, PieceType::Rook, 0, 0) == 16);
  CHECK(moves_on_empty_board(11, 8, PieceType::Rook, 10, 7) == 17);
  CHECK(moves_on_empty_board(12, 10, PieceType::Rook, 5, 4) == 20);
  CHECK(moves_on_empty_board(8, 8, PieceType::Bishop, 3, 3) == 13);
  CHECK(moves_on_empty_board(8, 8, PieceType::Bishop, 0, 0) == 7);
  CHECK(moves_on_empty_board(8, 8, PieceType::Queen, 3, 3) == 27);
  // Janus on f4 of 11x8: diagonals 4 + 4 + 3 + 3, knight 8.
  CHECK(moves_on_empty_board(11, 8, PieceType::Janus, 5, 3) == 22);
  // Marshall on f4 of 11x8: rank 10, file 7, knight 8.
  CHECK(moves_on_empty_board(11, 8, PieceType::Marshall, 5, 3) == 25);
  // Amazon on f4 of 11x8: 17 + 14 + 8; in the corner of 8x8: 21 + 2.
  CHECK(moves_on_empty_board(11, 8, PieceType::Amazon, 5, 3) == 39);
  CHECK(moves_on_empty_board(8, 8, PieceType::Amazon, 0, 0) == 23);
  // Marshall in the corner of 10x8 (Capablanca): 9 + 7 + 2.
  CHECK(moves_on_empty_board(10, 8, PieceType::Marshall, 0, 0) == 18);
  // 12x10: knight in the far corner l10; queen on f5: 11 + 9 + 5 + 5 + 4 + 4.
  CHECK(moves_on_empty_board(12, 10, PieceType::Knight, 11, 9) == 2);
  CHECK(moves_on_empty_board(12, 10, PieceType::Queen, 5, 4) == 38);
}

TEST_CASE("piece: a Janus on f4 of an empty Mainzer board has 22 legal moves", "[rules][piece]") {
  // Plus 3 for the king in the corner a1; nothing attacks either king.
  const Position pos = test::position_of("mainzer", "10k/11/11/11/5J5/11/11/K10 w - - 0 1");
  CHECK(count_legal(pos) == 25);
  MoveList moves;
  generate_legal(pos, moves);
  CHECK(std::count_if(moves.begin(), moves.end(), [](Move m) { return m.from() == make_square(5, 3); }) == 22);
}

TEST_CASE("piece: attack tables equal a step-by-step walk on every board", "[rules][piece]") {
  std::mt19937_64 rng(20240611);
  for (const auto& [files, ranks] : std::vector<std::pair<int, int>>{{8, 8}, {10, 8}, {11, 8}, {12, 10}, {6, 6}}) {
    const Geometry& g = Geometry::of(files, ranks);
    INFO(files << "x" << ranks);
    CHECK(g.files() == files);
    CHECK(g.ranks() == ranks);
    CHECK(popcount(g.board()) == files * ranks);
    CHECK(popcount(g.rank_bb(0)) == files);
    CHECK(popcount(g.file_bb(files - 1)) == ranks);
    for (const auto& piece : kReference) {
      for (int rank = 0; rank < ranks; ++rank) {
        for (int file = 0; file < files; ++file) {
          const Square s = make_square(file, rank);
          INFO("piece " << describe(piece.type).letter << " on " << file << "," << rank);
          CHECK(g.attacks(piece.type, s, 0) == walk(g, piece, file, rank, 0));
          // Random blockers, about one square in four.
          const Bitboard occupied = (Bitboard(rng()) << 64 | rng()) & (Bitboard(rng()) << 64 | rng()) & g.board();
          CHECK(g.attacks(piece.type, s, occupied) == walk(g, reference(piece.type), file, rank, occupied));
          CHECK((g.attacks(piece.type, s, 0) & ~g.board()) == 0);
        }
      }
    }
  }
}

TEST_CASE("piece: pawn attacks and lines", "[rules][piece]") {
  const Geometry& g = Geometry::of(11, 8);
  CHECK(g.pawn_attacks(Color::White, make_square(0, 1)) == square_bb(make_square(1, 2)));
  CHECK(g.pawn_attacks(Color::White, make_square(10, 1)) == square_bb(make_square(9, 2)));
  CHECK(g.pawn_attacks(Color::Black, make_square(5, 6)) ==
        (square_bb(make_square(4, 5)) | square_bb(make_square(6, 5))));
  CHECK(g.pawn_attacks(Color::White, make_square(5, 7)) == 0);
  // a1-h8 is a diagonal of 11x8; between excludes both ends, line spans the board.
  CHECK(popcount(g.between(make_square(0, 0), make_square(7, 7))) == 6);
  CHECK(popcount(g.line(make_square(0, 0), make_square(7, 7))) == 8);
  CHECK(popcount(g.line(make_square(0, 3), make_square(10, 3))) == 11);
  CHECK(popcount(g.between(make_square(0, 3), make_square(10, 3))) == 9);
  CHECK(g.between(make_square(0, 0), make_square(1, 2)) == 0);  // a knight's leap: not aligned
  CHECK(g.direction(make_square(0, 0), make_square(1, 2)) == kNoDirection);
  CHECK(g.direction(make_square(0, 0), make_square(0, 5)) == kNorth);
  CHECK(g.direction(make_square(10, 0), make_square(3, 7)) == kNorthWest);
}

}  // namespace dm
