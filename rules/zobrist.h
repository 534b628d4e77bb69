#pragma once
// Zobrist keys: one random 64-bit number per (piece, square), castling-rights set, e.p. square,
// side to move, "mid-turn" state and square of a turn's first mover (Bennekom), fixed by a
// seeded generator so keys are the same in every run and every thread.

#include <array>
#include <cstdint>

#include "rules/types.h"

namespace dm::zobrist {

struct Keys {
  std::array<std::array<uint64_t, kSquareSpace>, kPieceIndexSpace> piece_square;
  std::array<uint64_t, 16> castling;
  std::array<uint64_t, kSquareSpace> en_passant;
  uint64_t black_to_move;
  uint64_t mid_turn;  // one move left in a turn of two
  // Bennekom: the square of the piece that made the turn's first move, which must make the second
  std::array<uint64_t, kSquareSpace> first_mover;
};

const Keys& keys();

}  // namespace dm::zobrist
