#pragma once
// The diagram of a Popeye problem while it is read and twinned: the men on a board of up to 11
// files (Mainzer Schach; Popeye's own board is 8x8) and 8 ranks, each remembering the line that
// placed it, and the twin changes Popeye offers (move, exchange, remove, add, rotate, mirror,
// shift, PolishType, substitute). Each change returns its text as Popeye prints it below "b)":
// "wQd1-->d2", "-bPh6", "+wSa8", "wRa1<-->bQd1", "rotate 90", "shift a1 ==> b2", "Q ==> B".

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/types.h"
#include "solver/puzzle/popeye_keywords.h"

namespace dm::puzzle::popeye {

constexpr int kMostFiles = 11;
constexpr int kRanks = 8;

struct Cell {
  int file = 0;
  int rank = 0;
  auto operator<=>(const Cell&) const = default;
};

struct Man {
  Color color = Color::White;
  PieceType type = PieceType::None;
  int line = 0;  // where the input placed it
};

// "a1" to "k8", any case; nullopt for anything else.
std::optional<Cell> parse_cell(std::string_view text);
// A list of squares written together ("a1", "b2c3d4"); nullopt unless every pair is one.
std::optional<std::vector<Cell>> parse_cells(std::string_view text);
std::string cell_name(Cell cell);
// "wQd1", as Popeye prints a man in a twin's changes.
std::string man_text(const Man& man, Cell cell);

enum class Turn90 : uint8_t { Rotate90, Rotate180, Rotate270 };

class Board {
 public:
  const std::map<Cell, Man>& men() const { return men_; }
  bool occupied(Cell cell) const { return men_.contains(cell); }

  // The diagram: a man on an empty square; fails when the square is taken.
  std::optional<std::string> place(Cell cell, const Man& man);
  // A twin's "add": the man replaces what stands there.
  std::string add(Cell cell, const Man& man);
  Expected<std::string> move(Cell from, Cell to);
  Expected<std::string> exchange(Cell a, Cell b);
  Expected<std::string> remove(Cell cell);
  // The board turned to the left, or mirrored, on a board of `files` files (the turns by 90
  // degrees and the diagonal mirrors need a square board).
  Expected<std::string> rotate(Turn90 turn, int files);
  Expected<std::string> mirror(Mirror which, int files);
  // Every man moved by the step from `from` to `to`; fails when one would leave the board.
  Expected<std::string> shift(Cell from, Cell to, int files);
  std::string polish();  // every man changes colour
  std::string substitute(PieceType from, PieceType to);

  // The board field of a FEN of `files` files.
  std::string fen_board(int files) const;

 private:
  // Moves every man to where `to` sends it.
  template <typename Map>
  void remap(const Map& to);

  std::map<Cell, Man> men_;
};

}  // namespace dm::puzzle::popeye
