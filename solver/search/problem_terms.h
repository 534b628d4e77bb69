#pragma once
// The problem's terms (solver/problem/: the stipulation, lines of play, how a search ended) in
// the search's namespace, which is written in them throughout.

#include "solver/problem/line.h"
#include "solver/problem/solve_status.h"
#include "solver/problem/stipulation.h"

namespace dm::search {

using problem::Goal;
using problem::kMaxTurns;
using problem::kUnboundedTurns;
using problem::Line;
using problem::line_to_uci;
using problem::parse_stipulation;
using problem::Play;
using problem::PlayedMove;
using problem::refused_in;
using problem::SolveStatus;
using problem::status_name;
using problem::Stipulation;

}  // namespace dm::search
