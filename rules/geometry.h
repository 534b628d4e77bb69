#pragma once
// Board geometry and its attack tables.
//
// A Geometry is a board size (files x ranks, up to 12 x 10) with every table the move
// generator reads: the on-board mask, rank and file masks, the eight rays from each square, the
// leaps of each piece kind compiled from its description (piece.h), the pawn captures, and the
// direction between two squares. It is built once per size at run time and shared by every
// position on that board, so 8x8 and 11x8 live in the same binary with no build switch.
//
// Implementation notes: sliders use the classical ray method. The ray from a square in one
// direction is masked with the occupancy; the nearest blocker is the lowest set bit for the
// four directions that increase the square index and the highest for the other four, and the
// ray beyond the blocker is removed by xor with the blocker's own ray. With 128-bit boards this
// costs two 64-bit scans per ray and needs no magic tables, whatever the board size.

#include <array>
#include <cstdint>

#include "rules/bitboard.h"
#include "rules/types.h"

namespace dm {

// Ray directions. The first four increase the square index; direction d ^ 4 is opposite to d.
enum Direction : int { kNorth, kEast, kNorthEast, kNorthWest, kSouth, kWest, kSouthWest, kSouthEast };
constexpr int kDirectionCount = 8;
constexpr bool is_orthogonal(int d) { return (d & 3) < 2; }
constexpr int kNoDirection = -1;

class Geometry {
 public:
  // The shared geometry of a board size; files in 1..12, ranks in 1..10.
  static const Geometry& of(int files, int ranks);

  int files() const { return files_; }
  int ranks() const { return ranks_; }
  bool contains(int file, int rank) const {
    return file >= 0 && file < files_ && rank >= 0 && rank < ranks_;
  }
  Bitboard board() const { return board_; }
  Bitboard rank_bb(int rank) const { return rank_bb_[rank]; }
  Bitboard file_bb(int file) const { return file_bb_[file]; }

  Bitboard leaps(PieceType t, Square s) const { return leaps_[index(t)][s]; }
  Bitboard pawn_attacks(Color c, Square s) const { return pawn_attacks_[index(c)][s]; }
  bool rides_orthogonal(PieceType t) const { return rides_orthogonal_[index(t)]; }
  bool rides_diagonal(PieceType t) const { return rides_diagonal_[index(t)]; }
  bool has_leaps(PieceType t) const { return has_leaps_[index(t)]; }  // the pawn: none (its moves are its own)

  Bitboard ray(int direction, Square s) const { return rays_[direction][s]; }
  Bitboard ray_attacks(int direction, Square s, Bitboard occupied) const {
    Bitboard attacks = rays_[direction][s];
    const Bitboard blockers = attacks & occupied;
    if (blockers) {
      const Square blocker = direction < 4 ? lsb(blockers) : msb(blockers);
      attacks ^= rays_[direction][blocker];
    }
    return attacks;
  }
  Bitboard rook_attacks(Square s, Bitboard occupied) const {
    return ray_attacks(kNorth, s, occupied) | ray_attacks(kEast, s, occupied) |
           ray_attacks(kSouth, s, occupied) | ray_attacks(kWest, s, occupied);
  }
  Bitboard bishop_attacks(Square s, Bitboard occupied) const {
    return ray_attacks(kNorthEast, s, occupied) | ray_attacks(kNorthWest, s, occupied) |
           ray_attacks(kSouthWest, s, occupied) | ray_attacks(kSouthEast, s, occupied);
  }
  // Every square a piece of kind t on s attacks (not the pawn).
  Bitboard attacks(PieceType t, Square s, Bitboard occupied) const {
    Bitboard result = leaps_[index(t)][s];
    if (rides_orthogonal_[index(t)]) result |= rook_attacks(s, occupied);
    if (rides_diagonal_[index(t)]) result |= bishop_attacks(s, occupied);
    return result;
  }

  // The direction from a to b when they share a rank, file or diagonal, else kNoDirection.
  int direction(Square a, Square b) const { return direction_[a][b]; }
  // Squares strictly between a and b on their common line; empty when not aligned.
  Bitboard between(Square a, Square b) const {
    const int d = direction_[a][b];
    return d == kNoDirection ? 0 : rays_[d][a] & rays_[d ^ 4][b];
  }
  // The whole line through a and b; empty when not aligned.
  Bitboard line(Square a, Square b) const {
    const int d = direction_[a][b];
    return d == kNoDirection ? 0 : rays_[d][a] | rays_[d ^ 4][a] | square_bb(a);
  }

 private:
  Geometry(int files, int ranks);

  int files_;
  int ranks_;
  Bitboard board_ = 0;
  std::array<Bitboard, kMaxRanks> rank_bb_{};
  std::array<Bitboard, kMaxFiles> file_bb_{};
  std::array<std::array<Bitboard, kSquareSpace>, kDirectionCount> rays_{};
  std::array<std::array<Bitboard, kSquareSpace>, kPieceTypeCount> leaps_{};
  std::array<std::array<Bitboard, kSquareSpace>, 2> pawn_attacks_{};
  std::array<bool, kPieceTypeCount> rides_orthogonal_{};
  std::array<bool, kPieceTypeCount> rides_diagonal_{};
  std::array<bool, kPieceTypeCount> has_leaps_{};
  std::array<std::array<int8_t, kSquareSpace>, kSquareSpace> direction_{};
};

}  // namespace dm
