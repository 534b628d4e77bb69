#pragma once
// Solution trees as self-contained HTML pages (inline CSS and SVG, no script, no external
// resource): one page per problem, or one page for a collection. Each problem shows its board
// diagram (svg_diagram.h), variant and rule options, stipulation and status, and the solution
// with collapsible variations (<details>/<summary>), line by line as the text format prints it.

#include <string>
#include <string_view>
#include <vector>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

std::string write_html(const tree::SolutionTree& tree, const FormatOptions& options);

// One problem of a collection page: its title, its tree (not null) and the caller's verdict
// text (for example how the solver's answer compares with the published solution).
struct CollectionEntry {
  std::string title;
  const tree::SolutionTree* tree = nullptr;
  std::string verdict;
};

// The pieces other pages share (explore_format.h): text with &, <, >, " escaped, and a whole
// page around a body, with the style of the solution pages.
std::string html_escape(std::string_view text);
std::string html_page(const std::string& title, const std::string& body);

std::string write_html_collection(const std::string& title, const std::vector<CollectionEntry>& entries,
                                  const FormatOptions& options);

}  // namespace dm::report
