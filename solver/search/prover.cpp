#include "solver/search/prover.h"

#include "solver/search/core/dfpn.h"

namespace dm::search {

Prover::Prover(const NodeRules& rules, TranspositionTable& tt, SearchControl& control)
    : dfpn_(std::make_unique<Dfpn>(rules, tt, control)) {}

Prover::~Prover() = default;

NodeValue Prover::solve(Position& pos, int turns_left) { return dfpn_->solve(pos, turns_left); }

}  // namespace dm::search
