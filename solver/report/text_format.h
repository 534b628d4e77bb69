#pragma once
// A solution tree as plain text, as a solving magazine prints it: the header (variant and rule
// options, FEN, stipulation, status), the diagram with its piece lists and count of men (not in
// the compact style; text_diagram.h, piece_list.h), then the keys with their threats and
// variations, the tries with their refutations, or the help-play solutions and set play, in SAN
// (or the piece letters chosen) with problemist move numbers and one indent per level of play
// (solution_rows.h).

#include <string>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

std::string write_text(const tree::SolutionTree& tree, const FormatOptions& options);

}  // namespace dm::report
