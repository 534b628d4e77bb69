#pragma once
// Puzzle files (puzzles/README.md): every entry of a file read into a checked Puzzle, ready to
// solve and to compare with what its source says. The line syntax is puzzle/epd_line.h's; this
// adds what needs the rules: the variant and its options exist, the FEN is a legal position,
// the stipulation parses, and every expected key, solution and try is legal play from the
// position (written back in canonical UCI, so expected and found compare as strings).
//
// A bad entry does not stop the file: it becomes one error line "file:line: field: why" and
// the other entries are still read.
//
// Popeye input (popeye_input.h) is read into the same Puzzle and PuzzleFile, one Puzzle a twin.

#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/position.h"
#include "solver/puzzle/show_options.h"
#include "solver/problem/stipulation.h"

namespace dm::puzzle {

struct Puzzle {
  std::string file;
  int line = 0;
  std::string id;  // from the entry, else "file:line"
  std::vector<std::string> rules;  // the KEY=VALUE options as written
  Position position;               // carries the variant with its options
  problem::Stipulation stipulation;
  // Keys (direct and self play and win: UCI turns) or solution lines (help play: UCI turns
  // separated by spaces) the source gives; nullopt when it gives none, empty when it says there
  // is none. lose and loseN take no keys (the side to move is the loser).
  std::optional<std::set<std::string>> expected;
  std::set<std::string> tries;
  std::string author;
  std::string source;
  std::string title;
  std::vector<std::string> comments;  // the comment lines just above the entry, without '#'
  // Popeye input's twins (popeye_input.h): each twin is a Puzzle of its own, labelled "a", "b",
  // ... (empty when the problem has no twins), with its changes as Popeye prints them
  // ("wQd1-->d2  rotate 90"; empty for twin a, the diagram) and whether they apply to the twin
  // before (a continued twin, "+c)") rather than to the diagram.
  std::string twin;
  std::string twin_changes;
  bool twin_continued = false;
  ShowOptions show;  // the file's own show options (EPD files: none)

  std::string location() const { return file + ":" + std::to_string(line); }
};

struct PuzzleFile {
  std::vector<Puzzle> puzzles;
  std::vector<std::string> errors;  // "file:line: field: why", one per bad entry
};

// Every entry of text; file_name only names the places in messages.
PuzzleFile parse_puzzles(std::string_view text, const std::string& file_name);

// The same for a file on disk; fails only when it cannot be read.
Expected<PuzzleFile> read_puzzle_file(const std::string& path);

}  // namespace dm::puzzle
