#pragma once
// What the caller may choose when a solution tree is written out, shared by every format
// (text, JSON, PGN, HTML) so that one command-line option set drives them all.

#include <algorithm>
#include <cstddef>
#include <string>

namespace dm::report {

struct FormatOptions {
  // Print every turn of a large defender group (double-move play often has dozens of turns
  // with one answer); otherwise a count and the first `examples` turns.
  bool full = false;
  int examples = 3;
  // In double-move play a group of at most this many turns (or an answer with at most this many
  // duals) is printed turn by turn; in single-move play every group is, as Popeye prints it.
  int list_limit = 3;
  // JSON: indented over many lines (--format json) rather than one line (--json).
  bool pretty = false;
  // The problem's name, when it has one (an EPD id, a puzzle file's entry); empty otherwise.
  std::string id;

  // Whether the `count` turns of a group, or duals, are written one by one.
  bool lists_each(size_t count, bool multi_move) const { return !multi_move || count <= size_t(list_limit); }
  // How many of them are written when they are not: every one with `full`, else a few.
  size_t shown(size_t count) const { return full ? count : std::min(count, size_t(examples)); }
};

}  // namespace dm::report
