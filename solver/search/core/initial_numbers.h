#pragma once
// The proof and disproof numbers a node starts with, before it is searched: what df-pn guesses
// of the work below it.
//
// Everywhere: the legal moves. The side that must refute every move (the defender at an AND
// node for the proof, the attacker at an OR node for the disproof) starts at their count; the
// other number starts at 1.
//
// Losing chess and Losing Marseillais (the king an ordinary man), where a side wins by losing
// its men: a side with fewer men is nearer its win. Both numbers of the attacker's side (the
// proof) grow by a quarter for each man the attacker has, and both of the defender's side (the
// disproof) by a quarter for each man the defender has. Measured with the endgame tables of 3
// men, one thread, 10 s each, on the 39 of Watkins' leaves (tests/bench/proof_bench.py) that
// took more than 0.3 s: 29 proven in 163 s with the moves alone, 31 in 126 s with this; and
// Nilatac's 1.Nc3 proven in 22.6 s against 10.3 s. Weights of a half (proof) or of the men's
// difference did worse on one set or the other.

#include <cstddef>

#include "rules/position.h"
#include "solver/search/proof_number.h"

namespace dm::search {

struct InitialNumbers {
  ProofNumber pn = 1;
  ProofNumber dn = 1;
};

// A node of pos whose side to move is the attacker's (or_node) or the defender's, with
// legal_moves moves.
InitialNumbers initial_numbers(const Position& pos, Color attacker, bool or_node, size_t legal_moves);

}  // namespace dm::search
