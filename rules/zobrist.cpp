#include "rules/zobrist.h"

namespace dm::zobrist {

namespace {

// SplitMix64: a tiny, well-distributed generator; the seed is arbitrary but fixed.
uint64_t next(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Keys make_keys() {
  Keys k{};
  uint64_t state = 0x646D736F6C7665ull;  // "dmsolve"
  for (auto& row : k.piece_square) {
    for (auto& key : row) key = next(state);
  }
  for (auto& key : k.castling) key = next(state);
  for (auto& key : k.en_passant) key = next(state);
  k.black_to_move = next(state);
  k.mid_turn = next(state);
  for (auto& key : k.first_mover) key = next(state);
  for (auto& key : k.series_left) key = next(state);
  for (auto& key : k.series_number) key = next(state);
  return k;
}

}  // namespace

const Keys& keys() {
  static const Keys instance = make_keys();
  return instance;
}

}  // namespace dm::zobrist
