#include "solver/puzzle/popeye_board.h"

#include <cctype>

#include "rules/piece.h"

namespace dm::puzzle::popeye {

namespace {

Expected<std::string> failure(std::string why) { return Expected<std::string>::failure(std::move(why)); }

// The last rank's index, for the turns and mirrors of the board.
constexpr int kLastRank = kRanks - 1;

bool on_board(Cell cell, int files) {
  return cell.file >= 0 && cell.file < files && cell.rank >= 0 && cell.rank < kRanks;
}

}  // namespace

std::optional<Cell> parse_cell(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const int file = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
  const int rank = text[1] - '1';
  if (file < 0 || file >= kMostFiles || rank < 0 || rank >= kRanks) return std::nullopt;
  return Cell{file, rank};
}

std::optional<std::vector<Cell>> parse_cells(std::string_view text) {
  if (text.empty() || text.size() % 2 != 0) return std::nullopt;
  std::vector<Cell> cells;
  for (size_t i = 0; i < text.size(); i += 2) {
    const auto cell = parse_cell(text.substr(i, 2));
    if (!cell) return std::nullopt;
    cells.push_back(*cell);
  }
  return cells;
}

std::string cell_name(Cell cell) { return {char('a' + cell.file), char('1' + cell.rank)}; }

std::string man_text(const Man& man, Cell cell) {
  return (man.color == Color::White ? "w" : "b") + std::string(piece_name(man.type)) + cell_name(cell);
}

std::optional<std::string> Board::place(Cell cell, const Man& man) {
  if (const auto it = men_.find(cell); it != men_.end()) {
    return "two men on " + cell_name(cell) + " (" + man_text(it->second, cell) + " on line " +
           std::to_string(it->second.line) + ")";
  }
  men_[cell] = man;
  return std::nullopt;
}

std::string Board::add(Cell cell, const Man& man) {
  const bool replaces = occupied(cell);
  men_[cell] = man;
  return (replaces ? "" : "+") + man_text(man, cell);
}

Expected<std::string> Board::move(Cell from, Cell to) {
  const auto it = men_.find(from);
  if (it == men_.end()) return failure("move: " + cell_name(from) + " is empty");
  if (from == to) return failure("move: from " + cell_name(from) + " to itself");
  std::string text;
  if (const auto taken = men_.find(to); taken != men_.end()) {
    text = "-" + man_text(taken->second, to) + "  ";
    men_.erase(taken);
  }
  const Man man = it->second;
  men_.erase(from);
  men_[to] = man;
  return text + man_text(man, from) + "-->" + cell_name(to);
}

Expected<std::string> Board::exchange(Cell a, Cell b) {
  for (const Cell cell : {a, b}) {
    if (!occupied(cell)) return failure("exchange: " + cell_name(cell) + " is empty");
  }
  if (a == b) return failure("exchange: " + cell_name(a) + " with itself");
  const std::string text = man_text(men_[a], a) + "<-->" + man_text(men_[b], b);
  std::swap(men_[a], men_[b]);
  return text;
}

Expected<std::string> Board::remove(Cell cell) {
  const auto it = men_.find(cell);
  if (it == men_.end()) return failure("remove: " + cell_name(cell) + " is empty");
  const std::string text = "-" + man_text(it->second, cell);
  men_.erase(it);
  return text;
}

template <typename Map>
void Board::remap(const Map& to) {
  std::map<Cell, Man> moved;
  for (const auto& [cell, man] : men_) moved[to(cell)] = man;
  men_ = std::move(moved);
}

Expected<std::string> Board::rotate(Turn90 turn, int files) {
  switch (turn) {
    case Turn90::Rotate90:
      if (files != kRanks) return failure("rotate 90: the board is not square");
      remap([](Cell c) { return Cell{kLastRank - c.rank, c.file}; });
      return std::string("rotate 90");
    case Turn90::Rotate180:
      remap([files](Cell c) { return Cell{files - 1 - c.file, kLastRank - c.rank}; });
      return std::string("rotate 180");
    case Turn90::Rotate270:
      if (files != kRanks) return failure("rotate 270: the board is not square");
      remap([](Cell c) { return Cell{c.rank, kLastRank - c.file}; });
      return std::string("rotate 270");
  }
  return failure("rotate: no such turn");
}

Expected<std::string> Board::mirror(Mirror which, int files) {
  const std::string text = "mirror " + std::string(mirror_name(which));
  const bool diagonal = which == Mirror::A1H8 || which == Mirror::A8H1;
  if (diagonal && files != kRanks) return failure(text + ": the board is not square");
  switch (which) {
    case Mirror::A1H1: remap([files](Cell c) { return Cell{files - 1 - c.file, c.rank}; }); break;
    case Mirror::A1A8: remap([](Cell c) { return Cell{c.file, kLastRank - c.rank}; }); break;
    case Mirror::A1H8: remap([](Cell c) { return Cell{kLastRank - c.rank, kLastRank - c.file}; }); break;
    case Mirror::A8H1: remap([](Cell c) { return Cell{c.rank, c.file}; }); break;
  }
  return text;
}

Expected<std::string> Board::shift(Cell from, Cell to, int files) {
  const std::string text = "shift " + cell_name(from) + " ==> " + cell_name(to);
  const int df = to.file - from.file;
  const int dr = to.rank - from.rank;
  for (const auto& [cell, man] : men_) {
    if (!on_board(Cell{cell.file + df, cell.rank + dr}, files)) {
      return failure(text + ": " + man_text(man, cell) + " would leave the board");
    }
  }
  remap([df, dr](Cell c) { return Cell{c.file + df, c.rank + dr}; });
  return text;
}

std::string Board::polish() {
  for (auto& [cell, man] : men_) man.color = ~man.color;
  return "PolishType";
}

std::string Board::substitute(PieceType from, PieceType to) {
  for (auto& [cell, man] : men_) {
    if (man.type == from) man.type = to;
  }
  return std::string(piece_name(from)) + " ==> " + std::string(piece_name(to));
}

std::string Board::fen_board(int files) const {
  std::string out;
  for (int rank = kRanks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < files; ++file) {
      const auto it = men_.find(Cell{file, rank});
      if (it == men_.end()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += piece_letter(make_piece(it->second.color, it->second.type));
    }
    if (empty) out += std::to_string(empty);
    if (rank) out += '/';
  }
  return out;
}

}  // namespace dm::puzzle::popeye
