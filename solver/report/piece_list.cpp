#include "solver/report/piece_list.h"

#include <array>

#include "rules/bitboard.h"
#include "rules/notation.h"

namespace dm::report {

namespace {

// The order of the kinds in a list, as problemists (and dmsolve's Popeye export) list them.
constexpr std::array kListOrder = {PieceType::King,   PieceType::Queen,    PieceType::Rook,
                                   PieceType::Bishop, PieceType::Knight,   PieceType::Pawn,
                                   PieceType::Janus,  PieceType::Marshall, PieceType::Amazon};

}  // namespace

std::string piece_list(const Position& pos, Color side, PieceLetters letters) {
  const Geometry& g = pos.geometry();
  std::string men;
  for (const PieceType type : kListOrder) {
    for (int file = 0; file < g.files(); ++file) {
      for (int rank = 0; rank < g.ranks(); ++rank) {
        const Square s = make_square(file, rank);
        if (pos.piece_on(s) != make_piece(side, type)) continue;
        men += ' ' + std::string(piece_name(type, letters)) + square_name(s);
      }
    }
  }
  return (side == Color::White ? "White:" : "Black:") + (men.empty() ? " none" : men);
}

std::string men_count(const Position& pos) {
  const auto men = [&](Color side) { return std::to_string(popcount(pos.pieces(side))); };
  return men(Color::White) + " + " + men(Color::Black);
}

}  // namespace dm::report
