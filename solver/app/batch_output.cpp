#include "solver/app/batch_output.h"

#include <utility>

#include "solver/report/json_format.h"
#include "solver/report/pgn_format.h"
#include "solver/report/text_format.h"

namespace dm::app {

BatchOutput::BatchOutput(TreeFormat format, const TreeSettings& settings, size_t problems, std::string title)
    : format_(format), settings_(settings), several_(problems > 1), title_(std::move(title)) {}

std::string BatchOutput::head() const {
  if (!html() || !several_) return "";
  return report::html_page_head(title_) + "<h1>" + report::html_escape(title_) + "</h1>\n";
}

std::string BatchOutput::problem(size_t index, const tree::SolutionTree& tree, const std::string& id,
                                 const report::ProblemLabels& labels, const report::VerdictText& verdict) const {
  report::FormatOptions options = format_options(settings_, id, labels);
  if (json()) {
    options.pretty = !json_lines();
    return report::write_json(tree, options) + "\n";
  }
  switch (format_) {
    case TreeFormat::Text: return report::write_text(tree, options);
    case TreeFormat::Pgn: return report::write_pgn(tree, options);
    case TreeFormat::Html:
      if (!several_) return report::write_html(tree, options, verdict);
      return report::html_article(tree, options, verdict, "p" + std::to_string(index + 1));
    case TreeFormat::Json: break;  // above
  }
  return {};
}

std::string BatchOutput::separator() const {
  return !json() && (format_ == TreeFormat::Text || format_ == TreeFormat::Pgn) ? "\n" : "";
}

std::string BatchOutput::tail() const { return html() && several_ ? report::html_page_tail() : ""; }

}  // namespace dm::app
