#pragma once
// Solution trees as self-contained HTML pages (inline CSS and SVG, no script, no external
// resource): one page per problem, or one page for a collection. Each problem is an <article>
// with its board diagram (svg_diagram.h), its facts (what its file says of it, variant and rule
// options, stipulation and status), the caller's verdict where there is one, and the solution
// with collapsible variations (<details>/<summary>), line by line as the text format prints it.
// A page of several problems may also be written as they are solved: its head, an article per
// problem, its tail.

#include <string>
#include <string_view>
#include <vector>

#include "solver/report/format_options.h"
#include "solver/tree/solution_tree.h"

namespace dm::report {

// A verdict as the caller words it (verify: how the solver's answer compares with the
// published solution), shown below the problem's facts: the summary as a heading line and one
// list item per finding ("cooked: 1.Qc7 is a key too"). An empty summary shows nothing.
struct VerdictText {
  std::string summary;  // "cooked, short-solution"
  std::vector<std::string> items;
};

// The page of one problem, titled by its id, stipulation and variant.
std::string write_html(const tree::SolutionTree& tree, const FormatOptions& options, const VerdictText& verdict = {});

// One problem of a collection page: its title, its tree (not null), what its file says of it
// (shown among its facts) and the caller's verdict.
struct CollectionEntry {
  std::string title;
  const tree::SolutionTree* tree = nullptr;
  ProblemLabels labels;
  VerdictText verdict;
};

// The pieces other pages share (explore_format.h): text with &, <, >, " escaped, and a whole
// page around a body, with the style of the solution pages.
std::string html_escape(std::string_view text);
std::string html_page(const std::string& title, const std::string& body);

// A page written piece by piece: its head (up to and with <body>), one article per problem
// (titled as write_html titles its page, with the id `anchor` where not empty), its tail.
std::string html_page_head(const std::string& title);
// The style sheet of those pages (the board, the facts, the tree), for a page that links it.
std::string_view html_report_style();
std::string html_article(const tree::SolutionTree& tree, const FormatOptions& options, const VerdictText& verdict,
                         const std::string& anchor);
std::string html_page_tail();

std::string write_html_collection(const std::string& title, const std::vector<CollectionEntry>& entries,
                                  const FormatOptions& options);

}  // namespace dm::report
