#pragma once
// Zobrist keys: one random 64-bit number per (piece, square), castling-rights set, e.p. square,
// side to move, "mid-turn" state, square of a turn's first mover (Bennekom, Extra Move) and a
// progressive series' number and moves left, fixed by a
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
  // Progressive chess (P6): the moves left in the series under way, and its number (its length)
  std::array<uint64_t, kMaxSeries + 1> series_left;
  std::array<uint64_t, kMaxSeries + 1> series_number;
};

const Keys& keys();

}  // namespace dm::zobrist
