#pragma once
// A plain full-width solver, the oracle the tests hold the real solver to: whole turns, no
// table, no proof numbers, and goals read from the rules engine's outcome() rather than from
// the solver's NodeRules. Exponential: for small cases only.

#include <optional>
#include <vector>

#include "rules/position.h"
#include "solver/problem/line.h"
#include "solver/problem/stipulation.h"

namespace dm::oracle {

using problem::Goal;
using problem::Line;
using problem::Play;
using problem::Stipulation;

// Direct, self and reflex play: every first turn that reaches the goal within the stipulated length.
std::vector<Turn> keys(const Position& pos, const Stipulation& stipulation);

// Direct and self play: the fewest attacker turns that reach the goal, or 0 when none do
// within the stipulated length.
int shortest_length(const Position& pos, const Stipulation& stipulation);

// Series play: every solution line of 1 to N series turns (the series mover's turns, then in
// ser-h# and ser-s# the other side's last turn), the other side passing by a position set up
// anew from the FEN.
std::vector<Line> series_solutions(const Position& pos, const Stipulation& stipulation);

// pos after its side to move passed a whole turn: the other side to move, no e.p. rights; nullopt
// where that cannot be set up (the other side would stand in check). Made from the FEN, apart
// from the rules engine's pass move that the series search plays.
std::optional<Position> passed(const Position& pos);

// Whether the side to move's king stands attacked: in check, or en prise where kings are
// captured (the other side, passing, could take it). Series play allows neither before the
// series' last turn.
bool stands_attacked(const Position& pos);

// Help play: every solution line of 1 to N attacker turns (a shorter one is a short solution).
std::vector<Line> help_solutions(const Position& pos, const Stipulation& stipulation);

}  // namespace dm::oracle
