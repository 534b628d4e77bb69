#pragma once
// Popeye input (docs/popeye-input.md): problem files in the language of the problem solver
// Popeye, read into the same checked Puzzles as the EPD puzzle files (puzzle_file.h), one per
// problem and per twin.
//
// A file holds blocks "beginproblem ... endproblem" (in English, German or French, keywords
// abbreviated as Popeye allows), the problems of a block separated by "nextproblem". Text after
// endproblem is ignored up to a line that begins another block; comment lines ('#' first, as in
// EPD files) may come before the first. Each problem is read by
// popeye_problem.h; a bad one becomes one error "file:line: why" naming the word to blame and
// its line, and the other problems are still read. Popeye problems give no solution: a Puzzle
// from Popeye input never has `expected` or `tries`.

#include <string>
#include <string_view>

#include "rules/expected.h"
#include "solver/puzzle/puzzle_file.h"

namespace dm::puzzle {

// Every problem of text; file_name only names the places in messages.
PuzzleFile parse_popeye(std::string_view text, const std::string& file_name);

// The same for a file on disk; fails only when it cannot be read.
Expected<PuzzleFile> read_popeye_file(const std::string& path);

// Whether a file is Popeye input: its first word after comment lines begins a problem
// (beginproblem, or begin, or Popeye's other abbreviations and languages), or its name ends in
// .inp or .pop.
bool is_popeye_input(std::string_view text, const std::string& path);

}  // namespace dm::puzzle
