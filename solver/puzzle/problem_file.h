#pragma once
// A file of problems in either language dmsolve reads (`dmsolve solve FILE`, `dmsolve verify`):
// Popeye input when popeye_input.h says the file is, else an EPD puzzle file (puzzle_file.h).

#include <string>

#include "rules/expected.h"
#include "solver/puzzle/puzzle_file.h"

namespace dm::puzzle {

// Every problem of the file; fails when it cannot be read, is a directory, or holds no problem
// and no bad entry (empty, or only comments).
Expected<PuzzleFile> read_problem_file(const std::string& path);

// The same for a file's text (`dmsolve serve`'s uploads); `name` names it in messages and, by
// its ending (.inp, .pop), may say it is Popeye input.
Expected<PuzzleFile> read_problem_text(const std::string& text, const std::string& name);

}  // namespace dm::puzzle
