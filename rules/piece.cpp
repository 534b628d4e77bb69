#include "rules/piece.h"

#include <cctype>

namespace dm {

namespace {

constexpr std::array<PieceDescription, kPieceTypeCount> kPieces = {{
    {PieceType::None, '?', "none", ""},
    {PieceType::Pawn, 'P', "pawn", ""},
    {PieceType::Knight, 'N', "knight", "N"},
    {PieceType::Bishop, 'B', "bishop", "B"},
    {PieceType::Rook, 'R', "rook", "R"},
    {PieceType::Queen, 'Q', "queen", "Q"},
    {PieceType::King, 'K', "king", "K"},
    {PieceType::Janus, 'J', "janus", "BN"},
    {PieceType::Marshall, 'M', "marshall", "RN"},
    {PieceType::Amazon, 'A', "amazon", "QN"},
}};

std::optional<LeapAtom> leap_atom(char c) {
  switch (c) {
    case 'W': return LeapAtom{1, 0};
    case 'F': return LeapAtom{1, 1};
    case 'D': return LeapAtom{2, 0};
    case 'N': return LeapAtom{2, 1};
    case 'A': return LeapAtom{2, 2};
    case 'H': return LeapAtom{3, 0};
    case 'C': return LeapAtom{3, 1};
    case 'Z': return LeapAtom{3, 2};
    case 'G': return LeapAtom{3, 3};
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<Movement> parse_betza(std::string_view betza) {
  Movement movement;
  for (const char c : betza) {
    switch (c) {
      case 'K':
        movement.leaps.push_back({1, 0});
        movement.leaps.push_back({1, 1});
        break;
      case 'R': movement.rides_orthogonal = true; break;
      case 'B': movement.rides_diagonal = true; break;
      case 'Q':
        movement.rides_orthogonal = true;
        movement.rides_diagonal = true;
        break;
      default:
        if (const auto atom = leap_atom(c)) {
          movement.leaps.push_back(*atom);
        } else {
          return std::nullopt;
        }
    }
  }
  return movement;
}

const std::array<PieceDescription, kPieceTypeCount>& piece_descriptions() { return kPieces; }

const PieceDescription& describe(PieceType t) { return kPieces[index(t)]; }

PieceType piece_type_from_letter(char c) {
  const char upper = char(std::toupper(static_cast<unsigned char>(c)));
  for (const auto& piece : kPieces) {
    if (piece.type != PieceType::None && piece.letter == upper) return piece.type;
  }
  return PieceType::None;
}

char piece_letter(Piece p) {
  const char letter = describe(type_of(p)).letter;
  return color_of(p) == Color::White ? letter
                                     : char(std::tolower(static_cast<unsigned char>(letter)));
}

}  // namespace dm
