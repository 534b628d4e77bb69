#pragma once
// What the caller may choose when a solution tree is written out, shared by every format
// (text, JSON, PGN, HTML) so that one command-line option set drives them all.

#include <string>

namespace dm::report {

struct FormatOptions {
  // Print every turn of a large defender group (double-move play often has dozens of turns
  // with one answer); otherwise a count and the first `examples` turns.
  bool full = false;
  int examples = 3;
  // A group of at most this many turns is printed turn by turn, each with its answer, as a
  // solving magazine does in orthodox play.
  int list_limit = 3;
  // JSON: indented over many lines (--format json) rather than one line (--json).
  bool pretty = false;
  // The problem's name, when it has one (an EPD id, a puzzle file's entry); empty otherwise.
  std::string id;
};

}  // namespace dm::report
