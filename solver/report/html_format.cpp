#include "solver/report/html_format.h"

#include <string_view>

#include "solver/report/solution_rows.h"
#include "solver/report/svg_diagram.h"

namespace dm::report {

namespace {

constexpr std::string_view kReportStyle = R"(
body { font-family: "DejaVu Sans", "Noto Sans", Arial, sans-serif; margin: 1.5em; color: #222; }
article.problem { margin-bottom: 2.5em; }
.board .light { fill: #f0d9b5; }
.board .dark { fill: #b58863; }
.board text { text-anchor: middle; dominant-baseline: central; }
.board .piece { font-size: 38px; font-family: "DejaVu Sans", "Noto Sans Symbols2", "Segoe UI Symbol", serif; }
.board .fairy { font-size: 20px; font-weight: bold; font-family: "DejaVu Sans", Arial, sans-serif; }
.board .coord { font-size: 12px; fill: #555; }
dl.facts { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dl.facts dt { font-weight: bold; }
dl.facts dd { margin: 0; font-family: monospace; }
h3.verdict { margin-bottom: 0.3em; }
ul.verdict { margin-top: 0; font-family: monospace; font-size: 15px; }
ul.tree, ul.tree ul { list-style: none; padding-left: 1.5em; margin: 0; font-family: monospace; font-size: 15px; }
ul.tree summary { cursor: pointer; }
/* A leaf lines up with the text of a <summary> beside it; a long one wraps with a hanging indent. */
ul.tree li.leaf { padding-left: 3.2em; text-indent: -2em; }
nav li { margin: 0.2em 0; }
table.moves { border-collapse: collapse; font-family: monospace; font-size: 15px; margin: 1em 0; }
table.moves th, table.moves td { padding: 0.2em 0.8em; border-bottom: 1px solid #ddd; text-align: left; }
table.moves td.number { text-align: right; }
)";

// A row's steps (FormatOptions::steps) as an attribute: data-steps="[[SAN, FEN], ...]" (JSON).
std::string steps_attribute(const Row& row) {
  if (row.steps.empty()) return "";
  std::string json = "[";
  for (const Step& step : row.steps) {
    json += (json.size() > 1 ? ",[\"" : "[\"") + step.san + "\",\"" + step.fen + "\"]";
  }
  return " data-steps=\"" + html_escape(json + "]") + "\"";
}

void write_rows(const std::vector<Row>& rows, std::string& out) {
  for (const Row& row : rows) {
    if (row.children.empty()) {
      out += "<li class=\"leaf\"" + steps_attribute(row) + ">" + html_escape(row.text) + "</li>\n";
      continue;
    }
    out += "<li><details open><summary" + steps_attribute(row) + ">" + html_escape(row.text) + "</summary>\n<ul>\n";
    write_rows(row.children, out);
    out += "</ul></details></li>\n";
  }
}

void write_section(const std::string& title, const std::vector<Row>& rows, std::string& out) {
  if (rows.empty()) return;
  out += "<section class=\"solution\"><h3>" + html_escape(title) + "</h3>\n<ul class=\"tree\">\n";
  write_rows(rows, out);
  out += "</ul></section>\n";
}

// The verdict: its summary as a heading line, then a list of its findings.
void write_verdict(const VerdictText& verdict, std::string& out) {
  if (verdict.summary.empty()) return;
  out += "<h3 class=\"verdict\">Verdict: " + html_escape(verdict.summary) + "</h3>\n";
  if (verdict.items.empty()) return;
  out += "<ul class=\"verdict\">\n";
  for (const std::string& item : verdict.items) out += "<li>" + html_escape(item) + "</li>\n";
  out += "</ul>\n";
}

std::string problem_article(const tree::SolutionTree& tree, const std::string& title, const VerdictText& verdict,
                            const std::string& anchor, const FormatOptions& options) {
  std::string out = "<article class=\"problem\"" + (anchor.empty() ? "" : " id=\"" + anchor + "\"") + ">\n";
  const std::string diagram = svg_diagram(tree.position, options.letters);
  out += "<h2>" + html_escape(title) + "</h2>\n<div class=\"diagram\">" + diagram + "</div>\n";
  out += "<dl class=\"facts\">\n";
  auto fields = options.labels.fields();
  for (auto& field : header_fields(tree)) fields.push_back(std::move(field));
  for (const auto& [name, value] : fields) {
    out += "<dt>" + html_escape(name) + "</dt><dd>" + html_escape(value) + "</dd>\n";
  }
  out += "</dl>\n";
  write_verdict(verdict, out);
  const SolutionRows rows = solution_rows(tree, options);
  // Problemists print the set play of direct play before the key, that of help play after the
  // solutions.
  const bool set_play_first = !tree.stipulation.has_lines();
  write_section("Post-key play (the key taken as played)", rows.post_key, out);
  if (set_play_first) write_section("Set play", rows.set_play, out);
  write_section(rows.keys.size() == 1 ? "Key" : "Keys", rows.keys, out);
  write_section("Every turn loses", rows.defences, out);
  write_section("Tries", rows.tries, out);
  write_section("Solutions", rows.solutions, out);
  if (!set_play_first) write_section("Set play", rows.set_play, out);
  if (!tree.tries_complete) out += "<p>The try search was cut short: more tries may exist.</p>\n";
  if (tree.status == problem::SolveStatus::Unknown) out += "<p>The search was stopped: the solution is incomplete.</p>\n";
  return out + "</article>\n";
}

std::string default_title(const tree::SolutionTree& tree, const FormatOptions& options) {
  const std::string base = tree.stipulation.to_string() + " (" + tree.variant + ")";
  return options.id.empty() ? base : options.id + ": " + base;
}

}  // namespace

std::string html_escape(std::string_view text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string html_page_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + html_escape(title) +
         "</title>\n<style>" + std::string(kReportStyle) + "</style>\n</head>\n<body>\n";
}

std::string_view html_report_style() { return kReportStyle; }

std::string html_page_tail() { return "</body>\n</html>\n"; }

std::string html_page(const std::string& title, const std::string& body) {
  return html_page_head(title) + body + html_page_tail();
}

std::string html_article(const tree::SolutionTree& tree, const FormatOptions& options, const VerdictText& verdict,
                         const std::string& anchor) {
  return problem_article(tree, default_title(tree, options), verdict, anchor, options);
}

std::string write_html(const tree::SolutionTree& tree, const FormatOptions& options, const VerdictText& verdict) {
  return html_page(default_title(tree, options), html_article(tree, options, verdict, ""));
}

std::string write_html_collection(const std::string& title, const std::vector<CollectionEntry>& entries,
                                  const FormatOptions& options) {
  std::string body = "<h1>" + html_escape(title) + "</h1>\n<nav><ol>\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& summary = entries[i].verdict.summary;
    body += "<li><a href=\"#p" + std::to_string(i + 1) + "\">" + html_escape(entries[i].title) + "</a>" +
            (summary.empty() ? "" : " — " + html_escape(summary)) + "</li>\n";
  }
  body += "</ol></nav>\n";
  for (size_t i = 0; i < entries.size(); ++i) {
    // Each problem's labels among its facts, as write_html shows them.
    FormatOptions labelled = options;
    labelled.labels = entries[i].labels;
    const std::string anchor = "p" + std::to_string(i + 1);
    body += problem_article(*entries[i].tree, entries[i].title, entries[i].verdict, anchor, labelled);
  }
  return html_page(title, body);
}

}  // namespace dm::report
