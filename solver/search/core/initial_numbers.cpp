#include "solver/search/core/initial_numbers.h"

#include <algorithm>

namespace dm::search {

namespace {

// A count of moves as a number (at least 1, at most 1000).
ProofNumber from_count(size_t count) { return ProofNumber(std::clamp<size_t>(count, 1, 1000)); }

// n grown by a quarter for each of `men`.
ProofNumber by_men(ProofNumber n, int men) { return ProofNumber(uint64_t(n) * uint64_t(4 + men) / 4); }

}  // namespace

InitialNumbers initial_numbers(const Position& pos, Color attacker, bool or_node, size_t legal_moves) {
  InitialNumbers n;
  (or_node ? n.dn : n.pn) = from_count(legal_moves);
  if (pos.variant().king_rule == KingRule::Ordinary) {
    n.pn = by_men(n.pn, popcount(pos.pieces(attacker)));
    n.dn = by_men(n.dn, popcount(pos.pieces(~attacker)));
  }
  return n;
}

}  // namespace dm::search
