#pragma once
// Piece descriptions: what each kind of piece is, written as data.
//
// A piece's movement is given in a small subset of Betza's notation: leaper atoms (W, F, D, N,
// A, H, C, Z, G: the symmetric (a,b) leaps), the riders R (rides W), B (rides F) and Q (both),
// and K as shorthand for WF. "BN" is the Janus, "RN" the Marshall, "QN" the Amazon. The
// description is compiled once per board geometry into attack tables (geometry.h); the move
// generator never asks which kind a piece is, only what its tables say. The pawn's moves are
// the one movement that is code (movegen.cpp), since they depend on colour and state.

#include <array>
#include <optional>
#include <string_view>
#include <vector>

#include "rules/types.h"

namespace dm {

// One leap (df, dr) with all its reflections.
struct LeapAtom {
  int a;
  int b;
};

// The compiled form of a Betza string.
struct Movement {
  std::vector<LeapAtom> leaps;
  bool rides_orthogonal = false;
  bool rides_diagonal = false;
};

// Parses the Betza subset above; nullopt for anything outside it.
std::optional<Movement> parse_betza(std::string_view betza);

struct PieceDescription {
  PieceType type;
  char letter;  // upper case, as White's in FEN and SAN
  std::string_view name;
  std::string_view betza;  // empty for the pawn
};

// Every piece kind the engine knows, indexed by PieceType.
const std::array<PieceDescription, kPieceTypeCount>& piece_descriptions();

const PieceDescription& describe(PieceType t);

// The kind whose letter is c (either case); PieceType::None when no kind has it.
PieceType piece_type_from_letter(char c);

char piece_letter(Piece p);  // upper case for White, lower for Black

}  // namespace dm
