#pragma once
// Turns of a solution tree as text, for every format: the tree keeps moves, so a format
// replays them from the problem position to write SAN, and adds the mark of how the play
// ends where SAN itself does not carry it (stalemate, a captured king, a variant's own win).

#include <string>
#include <string_view>

#include "rules/game.h"
#include "rules/position.h"
#include "solver/problem/line.h"
#include "solver/problem/stipulation.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

// The position after turn, with a state chain of its own (independent of pos).
Position after_turn(const Position& pos, const Turn& turn);

// A solution line as it is played: a help line as it is, a series line with the other side's
// pass (a turn of one Pass move, SAN "--") between the series turns, so that every turn can be
// replayed from the one before.
problem::Line played_line(const problem::Line& line, const problem::Stipulation& stipulation);

// Whether turn is a pass of a whole turn (series play).
bool is_pass(const Turn& turn);

// SAN of turn in pos with the ending's mark: "Qb2#", "Kh7,Kg6", "Qb6 =", "Qxe8 (king captured)",
// "axb3 (stalemate, White wins)".
std::string turn_san(const Position& pos, const Turn& turn, tree::Ending ending = tree::Ending::None);

// The mark written after turn (played in pos, written `san`) when it ends the play; "" when SAN
// already has it or play goes on. A win by the variant's own rule names the rule and the winner.
std::string ending_mark(const Position& pos, const Turn& turn, const std::string& san, tree::Ending ending);

// "none", "mate", "stalemate", "king-capture", "win": the JSON names.
std::string_view ending_name(tree::Ending ending);

// The header facts every format shows: "chess", "marseillais (ep=any no-second-move=stalemate)".
std::string variant_label(const tree::SolutionTree& tree);

}  // namespace dm::report
