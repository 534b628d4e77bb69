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

}  // namespace dm::puzzle
