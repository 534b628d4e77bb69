#pragma once
// A solution tree as one JSON object: the fields `dmsolve solve --json` prints (id, variant,
// rules, fen, stipulation, status, length, keys or solutions in UCI, nodes, seconds) and a
// `tree` field with the whole annotated solution, every turn given as UCI and SAN. The schema
// is documented in docs/tree-schema.md.

#include <nlohmann/json.hpp>
#include <string>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

// One line unless options.pretty, then indented by two spaces (json_writer.h: written as it
// goes; a document of a tree's thousands of values cost more than solving a small problem).
std::string write_json(const tree::SolutionTree& tree, const FormatOptions& options);

// The same object read back as a document, for a caller that adds fields of its own (verify).
nlohmann::ordered_json tree_to_json(const tree::SolutionTree& tree, const FormatOptions& options);

}  // namespace dm::report
