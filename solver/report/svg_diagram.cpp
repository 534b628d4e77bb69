#include "solver/report/svg_diagram.h"

#include "rules/notation.h"
#include "rules/piece.h"

namespace dm::report {

namespace {

constexpr int kSquare = 48;  // pixels per square
constexpr int kMargin = 20;  // room for the coordinates

// The solid glyph of an orthodox kind ("" when it has none); the variation selector U+FE0E
// asks for the text form, never an emoji.
std::string_view glyph(PieceType t) {
  switch (t) {
    case PieceType::King: return "\u265A\uFE0E";
    case PieceType::Queen: return "\u265B\uFE0E";
    case PieceType::Rook: return "\u265C\uFE0E";
    case PieceType::Bishop: return "\u265D\uFE0E";
    case PieceType::Knight: return "\u265E\uFE0E";
    case PieceType::Pawn: return "\u265F\uFE0E";
    default: return "";
  }
}

std::string piece_svg(Piece p, int x, int y, PieceLetters letters) {
  const bool white = color_of(p) == Color::White;
  const std::string fill = white ? "#fff" : "#111";
  const std::string ink = white ? "#111" : "#fff";
  const std::string cx = std::to_string(x + kSquare / 2);
  const std::string cy = std::to_string(y + kSquare / 2);
  if (const auto g = glyph(type_of(p)); !g.empty()) {
    return "<text class=\"piece\" x=\"" + cx + "\" y=\"" + cy + "\" fill=\"" + fill +
           "\" stroke=\"#111\" stroke-width=\"1.2\">" + std::string(g) + "</text>";
  }
  return "<circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"17\" fill=\"" + fill +
         "\" stroke=\"#111\" stroke-width=\"2\"/><text class=\"fairy\" x=\"" + cx + "\" y=\"" + cy + "\" fill=\"" +
         ink + "\">" + std::string(piece_name(type_of(p), letters)) + "</text>";
}

}  // namespace

std::string svg_diagram(const Position& pos, PieceLetters letters) {
  const int files = pos.geometry().files();
  const int ranks = pos.geometry().ranks();
  const int width = kMargin + files * kSquare;
  const int height = ranks * kSquare + kMargin;
  std::string svg = "<svg class=\"board\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(width) +
                    "\" height=\"" + std::to_string(height) + "\" viewBox=\"0 0 " + std::to_string(width) + ' ' +
                    std::to_string(height) + "\" data-files=\"" + std::to_string(files) + "\" data-ranks=\"" +
                    std::to_string(ranks) + "\" role=\"img\" aria-label=\"" + pos.fen() + "\">\n";
  for (int rank = ranks - 1; rank >= 0; --rank) {
    for (int file = 0; file < files; ++file) {
      const Square s = make_square(file, rank);
      const int x = kMargin + file * kSquare;
      const int y = (ranks - 1 - rank) * kSquare;
      // The right-hand corner square of White's first rank is light on every board width.
      const bool light = (file + rank) % 2 == (files - 1) % 2;
      const Piece p = pos.piece_on(s);
      svg += "<g data-square=\"" + square_name(s) + "\"";
      if (p != Piece::None) {
        svg += " data-piece=\"" + std::string(color_of(p) == Color::White ? "w" : "b") +
               std::string(1, describe(type_of(p)).letter) + "\"";
      }
      svg += "><rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(kSquare) + "\" height=\"" + std::to_string(kSquare) + "\" class=\"" +
             (light ? "light" : "dark") + "\"/>";
      if (p != Piece::None) svg += piece_svg(p, x, y, letters);
      svg += "</g>\n";
    }
  }
  for (int file = 0; file < files; ++file) {
    svg += "<text class=\"coord\" x=\"" + std::to_string(kMargin + file * kSquare + kSquare / 2) + "\" y=\"" +
           std::to_string(ranks * kSquare + kMargin / 2) + "\">" + std::string(1, char('a' + file)) + "</text>";
  }
  for (int rank = 0; rank < ranks; ++rank) {
    svg += "<text class=\"coord\" x=\"" + std::to_string(kMargin / 2) + "\" y=\"" +
           std::to_string((ranks - 1 - rank) * kSquare + kSquare / 2) + "\">" + std::to_string(rank + 1) + "</text>";
  }
  return svg + "\n</svg>";
}

}  // namespace dm::report
