#pragma once
// Basic vocabulary of the rules engine: colours, squares, piece kinds, moves.
//
// Squares are numbered with a fixed row stride of 12 (index = rank * 12 + file) whatever the
// board's real width, so that one binary handles every board up to 12 files x 10 ranks and a
// step to the next rank is always the same shift. Squares beyond the board's width or height
// simply never appear in its tables (see Geometry).

#include <cstdint>

namespace dm {

enum class Color : uint8_t { White = 0, Black = 1 };
constexpr Color operator~(Color c) { return Color(uint8_t(c) ^ 1); }
constexpr int index(Color c) { return int(c); }

constexpr int kStride = 12;     // squares per row of the index space
constexpr int kMaxFiles = 12;
constexpr int kMaxRanks = 10;
constexpr int kSquareSpace = kStride * kMaxRanks;  // 120, fits in a 128-bit bitboard
// The longest progressive series (P6), as many moves as a StateInfo's byte of moves left holds:
// every series after the 255th has 255 moves (a game would have played over 32,000 moves
// before).
constexpr int kMaxSeries = 255;

using Square = uint8_t;
constexpr Square kNoSquare = 0x7F;
constexpr Square make_square(int file, int rank) { return Square(rank * kStride + file); }
constexpr int file_of(Square s) { return s % kStride; }
constexpr int rank_of(Square s) { return s / kStride; }
// The step of a pawn of colour c in the square index (one rank up for White, down for Black).
constexpr int pawn_forward(Color c) { return c == Color::White ? kStride : -kStride; }

// Piece kinds known to the engine. Their movement is not coded per kind: it is read from the
// descriptions in piece.cpp (leaper offsets and rider directions); only the pawn's moves and the
// king's royalty and castling have code of their own.
enum class PieceType : uint8_t { None, Pawn, Knight, Bishop, Rook, Queen, King, Janus, Marshall, Amazon };
constexpr int kPieceTypeCount = 10;
constexpr int index(PieceType t) { return int(t); }

// A coloured piece: bit 4 is the colour, the low bits the kind. 0 is an empty square.
enum class Piece : uint8_t { None = 0 };
constexpr Piece make_piece(Color c, PieceType t) { return Piece((int(c) << 4) | int(t)); }
constexpr PieceType type_of(Piece p) { return PieceType(uint8_t(p) & 0xF); }
constexpr Color color_of(Piece p) { return Color(uint8_t(p) >> 4); }
constexpr int kPieceIndexSpace = 32;

// How a move changes the board beyond moving one piece.
// Pass ends the current turn without moving: the move generator gives it only where a variant
// lets a side with no legal second move give up the rest of its turn (docs/rules.md M6, option
// no-second-move=pass); series play (solver/search/help/series_search.h) passes the other side's
// whole turns with it.
enum class MoveKind : uint8_t { Normal = 0, Promotion = 1, EnPassant = 2, Castling = 3, Pass = 4 };

// A move packed in 32 bits.
//   bits  0..6   from square (0..119)
//   bits  7..13  to square; for castling the king's destination
//   bits 14..17  promotion piece kind (PieceType), 0 when none
//   bits 18..20  MoveKind
// The null move (all zero) is never a legal move. A pass has from == to == 0 and kind Pass.
class Move {
 public:
  constexpr Move() = default;
  constexpr Move(Square from, Square to, MoveKind kind = MoveKind::Normal,
                 PieceType promotion = PieceType::None)
      : data_(uint32_t(from) | uint32_t(to) << 7 | uint32_t(promotion) << 14 |
              uint32_t(kind) << 18) {}

  // The pass of the rest of a turn (MoveKind::Pass).
  static constexpr Move pass() { return Move(0, 0, MoveKind::Pass); }

  constexpr Square from() const { return Square(data_ & 0x7F); }
  constexpr Square to() const { return Square((data_ >> 7) & 0x7F); }
  constexpr PieceType promotion() const { return PieceType((data_ >> 14) & 0xF); }
  constexpr MoveKind kind() const { return MoveKind((data_ >> 18) & 0x7); }
  constexpr bool is_null() const { return data_ == 0; }
  constexpr uint32_t raw() const { return data_; }
  constexpr bool operator==(const Move&) const = default;

 private:
  uint32_t data_ = 0;
};
static_assert(sizeof(Move) == 4, "Move is packed in 32 bits");
static_assert(kSquareSpace <= 128, "a square index must fit in 7 bits");

}  // namespace dm
