#pragma once
// The state of HelpTargets' listing (help_targets.h), shared by its files: help_listing.cpp (the
// steps both goals take: the squares next to the king, placing a unit), mate_listing.cpp and
// stalemate_listing.cpp.

#include <array>
#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "solver/search/help/targets/help_targets.h"

namespace dm::search {

// The units placed so far, what they ask of the others, and what the listing has listed.
struct HelpTargets::Listing {
  const Geometry* g = nullptr;
  bool stalemate = false;
  uint64_t steps = 0;
  Square k = kNoSquare;
  Bitboard flights = 0;     // the squares next to k
  Bitboard check_line = 0;  // mates: between the checker and k, where no unit stands
  Bitboard occupied = 0;    // the squares placed, k among them
  int arriving = -1;        // mates: the leaper that checks, which makes the last move
  // Stalemates: where a unit of the defender's must stand (a piece's first steps), where some
  // unit must (a pawn's push), and where no piece of the attacker's may (a pawn's captures).
  Bitboard held = 0;
  Bitboard blocked = 0;
  Bitboard no_attacker = 0;
  int taken = 0;  // stalemates: the defender's units to be taken, one move of the attacker's each
  int attacker_used = 0;
  int defender_used = 0;
  std::array<Square, kMostUnits> at{};  // kNoSquare: free; kTaken: to be taken
  std::array<PieceType, kMostUnits> as{};
  std::vector<std::vector<PieceType>> ends;  // the kinds each unit may end as
  // [u][s]: unit u's fewest moves to stand on s as any kind (the defender's) or to attack s
  // (the attacker's), on an empty board: what covering s costs it at least.
  std::vector<std::array<uint8_t, kSquareSpace>> cover_cost;
  std::unordered_set<std::string> seen;  // the pictures listed (two orders may place the same)

  bool placed(int u) const { return at[size_t(u)] != kNoSquare; }
  // Unit u on s as t, its cost added to its side's moves (`defender`: u is the defender's);
  // lift() takes it back.
  void put(int u, Square s, PieceType t, int cost, bool defender) {
    at[size_t(u)] = s;
    as[size_t(u)] = t;
    occupied |= square_bb(s);
    (defender ? defender_used : attacker_used) += cost;
  }
  void lift(int u, Square s, int cost, bool defender) {
    (defender ? defender_used : attacker_used) -= cost;
    occupied &= ~square_bb(s);
    at[size_t(u)] = kNoSquare;
  }
  Bitboard attackers_placed(int first_attacker, int units) const {
    Bitboard b = 0;
    for (int w = first_attacker; w < units; ++w) {
      if (at[size_t(w)] != kNoSquare) b |= square_bb(at[size_t(w)]);
    }
    return b;
  }
};

}  // namespace dm::search
