#pragma once
// One transposition-table entry: what is known about one position, for every number of
// attacker turns left at once.
//
// Direct and self play are monotone in the turns left (a proof within t turns is one within
// t + 1; a disproof within t is one within t - 1), so the solved part is two bounds:
// proven for every t >= proven_from, disproven for every t < disproven_to. A search without a
// length runs at kUnboundedTurns, above every length: its proofs are stored at the turns they
// were found to need (kUnboundedTurns when more than a byte holds), its disproofs (no win at
// all) as disproven_to = kUnboundedTurns + 1, which holds for every length too. The unsolved part is
// the proof and disproof numbers of the last search at `turns`. Help play wants exact lengths:
// there an entry marked kExact holds the set of lengths with no solution, one bit per number of
// turns left (0 to 31; lengths from 32 on in entries of their own, tt.cpp), since a king walking
// to and fro brings a position back with other turns left.
//
// Layout (24 bytes):
//   bytes  0..7   key: the full 64-bit Zobrist key (the table index uses its high bits)
//   bytes  8..11  pn at `turns`; in a kExact entry, no_solution_turns
//   bytes 12..15  dn at `turns`
//   bytes 16..19  amount: nodes searched below, the replacement priority (saturating)
//   byte  20      turns: the turns left that pn/dn belong to (kNoBound: none)
//   byte  21      proven_from (kNoBound: none)
//   byte  22      disproven_to (0: none)
//   byte  23      flags: kUsed, kExact

#include <cstdint>

#include "solver/search/proof_number.h"
#include "solver/search/problem_terms.h"

namespace dm::search {

struct TtEntry {
  static constexpr uint8_t kNoBound = 0xFF;
  static constexpr uint8_t kUsed = 1;
  static constexpr uint8_t kExact = 2;

  static constexpr int kMaxExactTurns = 31;

  uint64_t key = 0;
  union {
    ProofNumber pn = 1;
    uint32_t no_solution_turns;  // kExact: bit t set when no solution has exactly t turns left
  };
  ProofNumber dn = 1;
  uint32_t amount = 0;
  uint8_t turns = kNoBound;  // kNoBound: no unsolved numbers yet
  uint8_t proven_from = kNoBound;
  uint8_t disproven_to = 0;
  uint8_t flags = 0;

  bool used() const { return flags & kUsed; }
  // Holds a proof or disproof, which an unsolved result must never displace.
  bool solved() const { return proven_from != kNoBound || disproven_to != 0 || (flags & kExact); }
};
static_assert(sizeof(TtEntry) == 24, "TtEntry is packed in 24 bytes");
static_assert(kUnboundedTurns + 1 <= UINT8_MAX && kUnboundedTurns != TtEntry::kNoBound,
              "unbounded proofs and disproofs fit the entry's bytes");

}  // namespace dm::search
