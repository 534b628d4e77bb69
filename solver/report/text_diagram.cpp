#include "solver/report/text_diagram.h"

#include <algorithm>
#include <cctype>
#include <utility>

namespace dm::report {

namespace {

// What a square shows: its man's name (lower case for Black), "." when empty.
std::string cell_text(Piece p, PieceLetters letters) {
  if (p == Piece::None) return ".";
  std::string name(piece_name(type_of(p), letters));
  if (color_of(p) == Color::Black) {
    for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
  }
  return name;
}

// text right-aligned in width columns.
std::string padded(const std::string& text, size_t width) {
  return std::string(width - std::min(width, text.size()), ' ') + text;
}

}  // namespace

std::vector<std::string> diagram_lines(const Position& pos, PieceLetters letters) {
  const Geometry& g = pos.geometry();
  size_t cell = 1;
  for (int rank = 0; rank < g.ranks(); ++rank) {
    for (int file = 0; file < g.files(); ++file) {
      cell = std::max(cell, cell_text(pos.piece_on(make_square(file, rank)), letters).size());
    }
  }
  const size_t label = std::to_string(g.ranks()).size();
  std::string files = std::string(label, ' ');
  for (int file = 0; file < g.files(); ++file) files += ' ' + padded(std::string(1, char('a' + file)), cell);

  std::vector<std::string> lines = {files};
  for (int rank = g.ranks() - 1; rank >= 0; --rank) {
    const std::string number = std::to_string(rank + 1);
    std::string line = padded(number, label);
    for (int file = 0; file < g.files(); ++file) {
      line += ' ' + padded(cell_text(pos.piece_on(make_square(file, rank)), letters), cell);
    }
    line += ' ' + number;
    lines.push_back(std::move(line));
  }
  lines.push_back(files);
  return lines;
}

}  // namespace dm::report
