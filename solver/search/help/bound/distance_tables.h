#pragma once
// What the ending bound knows of a variant and a goal, on an empty board: the fewest moves of
// each kind of piece between two squares, what it attacks and where it stands after m moves, a
// pawn's ways and promotions, each king square's zone and each piece's first steps
// (docs/help-bound.md, "Distances on an empty board", invariants 14 to 17). Made once for a
// solve and read by every worker (EndingBound::Shared).

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "rules/position.h"
#include "solver/search/help/bound/bound_terms.h"
#include "solver/search/problem_terms.h"

namespace dm::search::bound {

struct DistanceTables {
  DistanceTables(const Variant& variant, Goal ending);

  // The fewest moves a piece of kind t of colour c on `from` needs to attack `target`, on an
  // empty board: 0 when it attacks it already; kUnreachable when it never can. (A distance of 15
  // or more would read as 15; on the 8x8 and 11x8 boards every distance is shorter.)
  uint8_t moves_to_attack(PieceType t, Color c, Square from, Square target) const;
  // The fewest moves a piece of kind t of colour c on `from` needs to stand on `to`, on an
  // empty board (0 when from is to; kUnreachable when it never can).
  uint8_t moves_to_reach(PieceType t, Color c, Square from, Square to) const;
  // The fewest m with `to` in within[from][m]; kUnreachable where there is none.
  static uint8_t distance(const Within& within, Square from, Square to);

  const Geometry& geometry;
  Goal goal;
  bool still_men;  // a stalemate where each turn is one move: the men that fill end without a move
  uint64_t id;     // tells these tables' entries in a worker's caches from others'
  // [k]: k and the squares next to it, as placed_sets numbers them.
  std::vector<Zone> zones;
  ColourTables attacks;  // squares a piece attacks after m moves
  ColourTables stands;   // squares a piece stands on after m moves
  ColourTables pawn_as;  // squares a pawn stands on after m moves as a pawn or as each kind it promotes to
  // [colour][kind][from][to]: the fewest moves to stand on a square, as stands holds them.
  std::array<std::array<Moves, kPieceTypeCount>, 2> moves_to_stand;
  std::vector<PieceType> pawn_kinds;  // the pawn and the kinds it promotes to
  // [kind][square]: the squares a piece moves to first (a rider's next square on each ray).
  std::array<std::vector<Bitboard>, kPieceTypeCount> first_steps;
  // [kind][count]: the squares with at most `count` first steps (the last entry, every square).
  std::array<std::array<Bitboard, kMostFirstSteps + 1>, kPieceTypeCount> few_first_steps{};

 private:
  // The next tables' id.
  static std::atomic<uint64_t> next_id_;
};

}  // namespace dm::search::bound
