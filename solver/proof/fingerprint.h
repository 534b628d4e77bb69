#pragma once
// The fingerprint of a position, as the proof checker compares positions: 128 bits hashed from
// its canonical FEN (docs/proof-format.md: the first four fields of Position::fen(), with e.p.
// squares only where a pawn can capture). Two unrelated 64-bit hashes (FNV-1a and a
// MurmurHash64A-style block hash) make the 128 bits, so that two different positions of one
// proof share a fingerprint with odds near 2^-128 per pair, not 2^-64; neither is the Zobrist
// key, so a flaw of the rules engine's keys cannot hide a flaw of a proof.

#include <cstdint>
#include <string>
#include <string_view>

#include "rules/position.h"

namespace dm::proof {

struct Fingerprint {
  uint64_t fnv = 0;
  uint64_t murmur = 0;
  bool operator==(const Fingerprint&) const = default;
};

// The first four fields of a FEN (all of it when it has fewer).
std::string_view first_four_fields(std::string_view fen);
// The first four fields of pos.fen().
std::string canonical_fen(const Position& pos);

Fingerprint fingerprint_of_fen(std::string_view canonical);
Fingerprint fingerprint_of(const Position& pos);

}  // namespace dm::proof
