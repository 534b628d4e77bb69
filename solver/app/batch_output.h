#pragma once
// How the solution trees of a batch (`solve`, `verify`) share standard output. One problem is
// written whole, in the format chosen (--format, or --json). Several make one document, written
// as they are solved: with --format html one page, its head before the first problem, an
// <article> per problem, its tail after the last (also after Ctrl-C, and where problems failed);
// with --format json, as with --json, JSON Lines (one compact object a line); in text and PGN
// a blank line between problems.

#include <cstddef>
#include <string>

#include "solver/app/tree_output.h"
#include "solver/report/format_options.h"
#include "solver/report/html_format.h"
#include "solver/tree/solution_tree.h"

namespace dm::app {

class BatchOutput {
 public:
  // The output of `problems` problems; `title` names the page of several in HTML
  // ("dmsolve verify: twins.inp").
  BatchOutput(TreeFormat format, const TreeSettings& settings, size_t problems, std::string title);

  // JSON on standard output: --json, or --format json.
  bool json() const { return settings_.json_line || format_ == TreeFormat::Json; }
  // One compact JSON object a line: --json, or --format json for several problems.
  bool json_lines() const { return settings_.json_line || (format_ == TreeFormat::Json && several_); }
  // An HTML page (or pages) on standard output.
  bool html() const { return !settings_.json_line && format_ == TreeFormat::Html; }

  // Before the first problem: the head of the page of several problems, else "".
  std::string head() const;
  // The tree of the batch's problem `index` (id and labels from its file); the verdict shows in
  // HTML only (the caller writes it in the other formats).
  std::string problem(size_t index, const tree::SolutionTree& tree, const std::string& id,
                      const report::ProblemLabels& labels, const report::VerdictText& verdict = {}) const;
  // Before a problem written after another: a blank line in text and PGN, else "".
  std::string separator() const;
  // After the last problem: the tail of the page of several problems, else "".
  std::string tail() const;

 private:
  TreeFormat format_;
  TreeSettings settings_;
  bool several_;
  std::string title_;
};

}  // namespace dm::app
