#include "solver/proof/fingerprint.h"

#include <cstring>

namespace dm::proof {

namespace {

// FNV-1a over the bytes, then MurmurHash3's finaliser so that the high bits depend on every byte.
uint64_t fnv1a(std::string_view text) {
  uint64_t hash = 0xcbf29ce484222325ULL;
  for (const char c : text) {
    hash ^= uint8_t(c);
    hash *= 0x100000001b3ULL;
  }
  hash ^= hash >> 33;
  hash *= 0xff51afd7ed558ccdULL;
  hash ^= hash >> 33;
  hash *= 0xc4ceb9fe1a85ec53ULL;
  hash ^= hash >> 33;
  return hash;
}

// MurmurHash64A's scheme: eight bytes at a time, each block mixed before it is folded in.
uint64_t murmur64(std::string_view text) {
  constexpr uint64_t kMultiplier = 0xc6a4a7935bd1e995ULL;
  constexpr int kShift = 47;
  constexpr uint64_t kSeed = 0x2545f4914f6cdd1dULL;
  uint64_t hash = kSeed ^ (text.size() * kMultiplier);
  const auto mix_in = [&hash](uint64_t block) {
    block *= kMultiplier;
    block ^= block >> kShift;
    block *= kMultiplier;
    hash ^= block;
    hash *= kMultiplier;
  };
  size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    uint64_t block = 0;
    std::memcpy(&block, text.data() + i, 8);
    mix_in(block);
  }
  if (i < text.size()) {
    uint64_t block = 0;
    std::memcpy(&block, text.data() + i, text.size() - i);
    hash ^= block;
    hash *= kMultiplier;
  }
  hash ^= hash >> kShift;
  hash *= kMultiplier;
  hash ^= hash >> kShift;
  return hash;
}

}  // namespace

std::string_view first_four_fields(std::string_view fen) {
  size_t end = 0;
  for (int field = 0; field < 4; ++field) {
    end = fen.find(' ', end + (field > 0 ? 1 : 0));
    if (end == std::string_view::npos) return fen;
  }
  return fen.substr(0, end);
}

std::string canonical_fen(const Position& pos) { return std::string(first_four_fields(pos.fen())); }

Fingerprint fingerprint_of_fen(std::string_view canonical) { return {fnv1a(canonical), murmur64(canonical)}; }

Fingerprint fingerprint_of(const Position& pos) {
  const std::string fen = pos.fen();
  return fingerprint_of_fen(first_four_fields(fen));
}

}  // namespace dm::proof
