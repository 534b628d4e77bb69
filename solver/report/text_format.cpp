#include "solver/report/text_format.h"

#include <algorithm>

#include "solver/report/piece_list.h"
#include "solver/report/solution_rows.h"
#include "solver/report/text_diagram.h"

namespace dm::report {

namespace {

constexpr int kIndent = 4;

void write_rows(const std::vector<Row>& rows, int depth, std::string& out) {
  for (const Row& row : rows) {
    out += std::string(size_t(depth * kIndent), ' ') + row.text + '\n';
    write_rows(row.children, depth + 1, out);
  }
}

void write_section(const std::string& title, const std::vector<Row>& rows, std::string& out) {
  if (rows.empty()) return;
  out += '\n' + title + '\n';
  write_rows(rows, 1, out);
}

// The problem position as a diagram, its piece lists and the count of men, after a blank line.
void write_diagram(const Position& pos, PieceLetters letters, std::string& out) {
  out += '\n';
  for (const std::string& line : diagram_lines(pos, letters)) out += line + '\n';
  out += piece_list(pos, Color::White, letters) + '\n';
  out += piece_list(pos, Color::Black, letters) + '\n';
  out += men_count(pos) + '\n';
}

}  // namespace

std::string write_text(const tree::SolutionTree& tree, const FormatOptions& options) {
  std::string out;
  if (!options.id.empty()) out += "id " + options.id + '\n';
  for (const auto& [name, value] : options.labels.fields()) out += name + ' ' + value + '\n';
  for (const auto& [name, value] : header_fields(tree)) out += name + ' ' + value + '\n';
  if (!options.compact) write_diagram(tree.position, options.letters, out);
  const SolutionRows rows = solution_rows(tree, options);
  if (tree.stipulation.has_lines()) {
    write_section("solutions (" + std::to_string(rows.solutions.size()) + ")", rows.solutions, out);
    write_section("set play", rows.set_play, out);
    const auto is_short = [&](const problem::Line& line) {
      return tree.stipulation.line_length(line.size()) < tree.stipulation.turns;
    };
    if (!tree.solutions_complete && std::all_of(tree.solutions.begin(), tree.solutions.end(), is_short)) {
      out += "\n(stopped after the short solutions: longer ones were not looked for)\n";
    } else if (!tree.solutions_complete) {
      out += "\n(only the first solutions: more exist)\n";
    }
  } else if (!tree.defences.empty()) {
    write_section("every turn loses (" + std::to_string(rows.defences.size()) + ")", rows.defences, out);
  } else {
    write_section("post-key play (the key taken as played)", rows.post_key, out);
    write_section("set play", rows.set_play, out);
    if (tree.set_play_sought && rows.set_play.empty()) out += "\nset play: none\n";
    write_section(rows.keys.size() == 1 ? "key" : "keys (" + std::to_string(rows.keys.size()) + ")", rows.keys, out);
    write_section("tries", rows.tries, out);
    if (!tree.tries_complete) out += "\n(the try search was cut short: more tries may exist)\n";
  }
  if (tree.status == problem::SolveStatus::Unknown) out += "\n(the search was stopped: the solution is incomplete)\n";
  return out;
}

}  // namespace dm::report
