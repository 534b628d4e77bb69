#pragma once
// 128-bit bitboards over the stride-12 square space (see types.h), and the small set of bit
// tricks the move generator needs. A plain unsigned __int128 keeps the code generated for
// shifts, ands and popcounts as two 64-bit operations each.

#include <bit>
#include <cstdint>

#include "rules/types.h"

namespace dm {

__extension__ typedef unsigned __int128 Bitboard;  // GCC and Clang extension

constexpr Bitboard square_bb(Square s) { return Bitboard(1) << s; }
constexpr bool has(Bitboard b, Square s) { return (b >> s) & 1; }

constexpr uint64_t low_half(Bitboard b) { return uint64_t(b); }
constexpr uint64_t high_half(Bitboard b) { return uint64_t(b >> 64); }

inline int popcount(Bitboard b) { return std::popcount(low_half(b)) + std::popcount(high_half(b)); }

// Lowest set square; b must not be empty.
inline Square lsb(Bitboard b) {
  const uint64_t lo = low_half(b);
  return lo ? Square(std::countr_zero(lo)) : Square(64 + std::countr_zero(high_half(b)));
}

// Highest set square; b must not be empty.
inline Square msb(Bitboard b) {
  const uint64_t hi = high_half(b);
  return hi ? Square(127 - std::countl_zero(hi)) : Square(63 - std::countl_zero(low_half(b)));
}

inline Square pop_lsb(Bitboard& b) {
  const Square s = lsb(b);
  b &= b - 1;
  return s;
}

constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

}  // namespace dm
