#pragma once
// The men of an endgame table, and where each stands: a table covers one material (how many
// men of each kind each side has) and indexes every placement of those men with either side to
// move.
//
// Index layout (boards of 64 squares, square c = rank * 8 + file):
//   bit  0       the side to move (0 White, 1 Black)
//   bits 1..6    the square of man 0, bits 7..12 of man 1, ... (6 bits a man)
// Men are listed in Material order: White's before Black's, kinds in PieceType order. Men of
// the same colour and kind are interchangeable, so only the index that lists them on rising
// squares is canonical; the others, and those with two men on a square or a pawn on its first
// or last rank, are no positions (is_position).

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "rules/position.h"

namespace dm::tablebase {

constexpr int kBoardSquares = 64;
constexpr int kMaxMen = 5;

class Material {
 public:
  Material() = default;
  static Material of(const Position& pos);

  int count(Color c, PieceType t) const { return count_[index(c)][index(t)]; }
  int men(Color c) const;
  int men() const { return men(Color::White) + men(Color::Black); }
  void add(Piece p) { ++count_[index(color_of(p))][index(type_of(p))]; }
  void remove(Piece p) { --count_[index(color_of(p))][index(type_of(p))]; }
  // The man at each place of the index, in index order.
  std::array<Piece, kMaxMen> men_in_order() const;
  // 2 * 64^men: every index of the table.
  uint64_t index_count() const { return uint64_t(2) << (6 * men()); }
  // "KRPvK": White's men, then Black's, kinds from the strongest.
  std::string name() const;
  // The counts packed in 3 bits each (kinds 1..9 of each colour): equal for equal materials.
  uint64_t code() const;

  bool operator==(const Material&) const = default;
  auto operator<=>(const Material&) const = default;

 private:
  std::array<std::array<uint8_t, kPieceTypeCount>, 2> count_{};
};

// A placement of a material's men with a side to move: what an index stands for.
struct Placement {
  Color side = Color::White;
  int men = 0;
  std::array<Piece, kMaxMen> piece{};
  std::array<uint8_t, kMaxMen> square{};  // 0..63

  // The placement of index i of material m.
  static Placement decode(const Material& m, uint64_t i);
  // The position's placement (a board of 64 squares, at most kMaxMen men).
  static Placement of(const Position& pos);
  // Its canonical index in the table of its material (men of one kind sorted by square).
  uint64_t index() const;
  // Whether an index's placement is a position: no two men on one square, no pawn on its
  // first or last rank, men of one kind on rising squares.
  bool is_position() const;

  // Removes the man at place k (the others keep their order).
  void remove(int k);
  // Puts man p on square s at the place that keeps the Material order.
  void insert(Piece p, uint8_t s);
};

// The square of the engine (stride 12) for board square c, and back.
constexpr Square engine_square(uint8_t c) { return make_square(c % 8, c / 8); }
constexpr uint8_t board_square(Square s) { return uint8_t(rank_of(s) * 8 + file_of(s)); }

}  // namespace dm::tablebase
