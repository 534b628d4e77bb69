#pragma once
// What the caller may choose when a solution tree is written out, shared by every format
// (text, JSON, PGN, HTML) so that one command-line option set drives them all.

#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "solver/report/piece_letters.h"

namespace dm::report {

// What a problem's file says of it besides the position (Popeye input, puzzle entries): shown
// above the solution when given.
struct ProblemLabels {
  std::string title;
  std::string author;
  std::string source;
  // A twin: its label ("b"), its changes as Popeye prints them ("wQd1-->d2"; empty for twin a)
  // and whether they apply to the twin before ("+c)"). Empty label: the problem has no twins.
  std::string twin;
  std::string twin_changes;
  bool twin_continued = false;

  // "a) diagram", "b) wQd1-->d2", "+c) rotate 90"; empty without twins.
  std::string twin_heading() const {
    if (twin.empty()) return "";
    return (twin_continued ? "+" : "") + twin + ") " + (twin_changes.empty() ? "diagram" : twin_changes);
  }
  // The labels given, as "name: value" pairs in print order (title, author, source, twin).
  std::vector<std::pair<std::string, std::string>> fields() const {
    std::vector<std::pair<std::string, std::string>> out;
    for (auto [name, value] : {std::pair<std::string, std::string>{"title", title}, {"author", author},
                               {"source", source}, {"twin", twin_heading()}}) {
      if (!value.empty()) out.emplace_back(std::move(name), std::move(value));
    }
    return out;
  }
};

struct FormatOptions {
  // Print every turn of a large defender group (double-move play often has dozens of turns
  // with one answer); otherwise a count and the first `examples` turns.
  bool full = false;
  int examples = 3;
  // Text and HTML: every defence after a threat, threats by their first turn and no zugzwang
  // mark, and no diagram in the text (--style compact), rather than as Popeye writes them: a
  // threat line whole, only the defences that stop a threat, "zugzwang." after a key that
  // threatens nothing, the diagram with its piece lists.
  bool compact = false;
  // In double-move play a group of at most this many turns (or an answer with at most this many
  // duals) is printed turn by turn; in single-move play every group is, as Popeye prints it.
  int list_limit = 3;
  // Text and HTML: the letters of the pieces in moves, diagram and piece lists (--piece-letters).
  // JSON and PGN, read by programs, keep SAN whatever is chosen.
  PieceLetters letters = PieceLetters::San;
  // JSON: indented over many lines (--format json) rather than one line (--json).
  bool pretty = false;
  // HTML: each row of the tree carries the positions of its moves (`data-steps`), for a page
  // that shows them on a board (dmsolve serve).
  bool steps = false;
  // The problem's name, when it has one (an EPD id, a puzzle file's entry); empty otherwise.
  std::string id;
  ProblemLabels labels;

  // Whether the `count` turns of a group, or duals, are written one by one.
  bool lists_each(size_t count, bool multi_move) const { return !multi_move || count <= size_t(list_limit); }
  // How many of them are written when they are not: every one with `full`, else a few.
  size_t shown(size_t count) const { return full ? count : std::min(count, size_t(examples)); }
};

}  // namespace dm::report
