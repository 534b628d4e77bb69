#pragma once
// The words the ending bound's collaborators share (help/bound/): distances kept as nested sets
// of squares, where the attacker's pieces check and guard (Reach), the defender's side with its
// moves left (Defence), and a king's zone. The argument is docs/help-bound.md.

#include <array>
#include <cstdint>
#include <vector>

#include "rules/position.h"

namespace dm::search::bound {

// The most pieces of the attacker taken one and two at a time (docs/help-bound.md, invariants 7
// and 13).
constexpr int kMaxRefined = 8;
// A distance no piece covers.
constexpr uint8_t kUnreachable = UINT8_MAX;
// Distances are kept as nested sets: within[from][m] holds the squares at most m moves away,
// the last entry every square at any distance.
constexpr int kSteps = 16;
using Steps = std::array<Bitboard, kSteps>;
using Within = std::vector<Steps>;  // [from][m]
// [colour][kind]: only a pawn's tables differ between the colours.
using ColourTables = std::array<std::array<Within, kPieceTypeCount>, 2>;
// [from][to]: the fewest moves of a kind of piece to stand on a square.
using Moves = std::vector<std::array<uint8_t, kSquareSpace>>;
// The most first steps of a piece: an Amazon's in the middle of the board.
constexpr int kMostFirstSteps = 16;

// Where the attacker's pieces check (the king aside) and guard.
struct Reach {
  Bitboard checks;
  Bitboard guards;
  void add(PieceType t, Bitboard attacked) {
    guards |= attacked;
    if (t != PieceType::King) checks |= attacked;
  }
  Reach plus(PieceType t, Bitboard attacked) const {
    Reach reach = *this;
    reach.add(t, attacked);
    return reach;
  }
};

// The attacker's pieces, the first kMaxRefined of them with their squares and kinds, and
// where they all check and guard with every move left.
struct Army {
  std::array<Square, kMaxRefined> froms;
  std::array<PieceType, kMaxRefined> types;
  int count = 0;  // all of them, kMaxRefined or not
  Reach roaming{};
  Square king = kNoSquare;
};

// The defender's side: where its king may walk and its men may stand with its moves left.
struct Defence {
  const Position* position;  // where the men's kinds are read
  Color color;
  Square king;
  Bitboard men;    // the men (not the king) where they stand
  Bitboard holds;  // where they may stand
  Bitboard walk;   // where the king may stand
  int moves;
  // Whether this position itself is tested (may_end_in_time). Only then may may_stand_still
  // count the moves to the squares around a piece that no man holds now, and fillable the
  // moves of the men and the king that stand where the fill wants them (fill_around). The
  // tests that narrow the defender's moves take a man's move as changing the bound only by the
  // square it goes to next to the king (nearer_squares, box_last_defence), not by a square it
  // comes to around another man, nor by a way it clears; and the move they pass may be the
  // first of a step off and back.
  bool as_it_stands = false;
};

// A fingerprint of the defender's men (their kinds where they stand) for the caches' entries.
uint64_t men_key(const Defence& defence);

// k and the squares next to it (bit 0 and bits 1 to n - 1 of a placed set), and the squares
// a set leaves unguarded: read from two tables, one for each half of the squares next to k,
// rather than bit by bit (may_box_placed asks it of every set it tests).
struct Zone {
  std::array<Square, 9> squares{};
  int n = 0;
  // [half][4 bits of a set]: the squares of that half whose bits are clear.
  std::array<std::array<Bitboard, 16>, 2> left{};
  void add(Square s);
  Bitboard unguarded(uint16_t set) const { return left[0][set >> 1 & 15] | left[1][set >> 5 & 15]; }
};

}  // namespace dm::search::bound
