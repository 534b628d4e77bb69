#pragma once
// The keys, lines and paths a verdict's findings name (verdict.h), written as a problemist reads
// them: SAN with move numbers, replayed from the problem's position, numbered as the text format
// numbers the solution (solver/report/solution_rows.h, which puzzle/ does not read). A key is
// "1.Qc7"; a help line is numbered in pairs with the side that begins, "1.Rd8 Bd6 2.e5 Bh5#",
// the attacker's opening turn "1..." (h#N.5); a series line numbers its series turns, the other
// side's last turn in ser-h# and ser-s# unnumbered: "1.Kb2 2.Qd4+ Kxd4#". Machines compare the
// answers in UCI (Verdict::found); these texts are for people.

#include <string>

#include "rules/game.h"
#include "rules/position.h"
#include "solver/problem/line.h"
#include "solver/problem/stipulation.h"

namespace dm::puzzle {

// The position after turn, with a state chain of its own (independent of pos).
Position position_after(const Position& pos, const Turn& turn);

// SAN of turn in pos with its number: "2.Qc8" for the attacker's turn n = 2, "2...Rd5" for the
// defender's.
std::string numbered_san(const Position& pos, const Turn& turn, int n, bool attacker);

// A help or series line from start, numbered as above.
std::string line_san(const Position& start, const problem::Line& line, const problem::Stipulation& stipulation);

// An answer in canonical UCI, as a source gives it (a key: one turn; help and series play: a
// line), written as above; as given where it does not replay from pos.
std::string answer_san(const Position& pos, const std::string& uci, const problem::Stipulation& stipulation);

}  // namespace dm::puzzle
