#include "solver/puzzle/problem_file.h"

#include <filesystem>
#include <fstream>
#include <sstream>

#include "solver/puzzle/popeye_input.h"

namespace dm::puzzle {

Expected<PuzzleFile> read_problem_file(const std::string& path) {
  // A directory opens as a file that reads as empty: named as what it is.
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return Expected<PuzzleFile>::failure(path + ": is a directory, not a problem file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return Expected<PuzzleFile>::failure(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return Expected<PuzzleFile>::failure(path + ": cannot read the file");
  const std::string whole = text.str();
  PuzzleFile file = is_popeye_input(whole, path) ? parse_popeye(whole, path) : parse_puzzles(whole, path);
  // A file with nothing to solve is no batch that went well: most likely the wrong file.
  if (file.puzzles.empty() && file.errors.empty()) {
    return Expected<PuzzleFile>::failure(path + (whole.empty() ? ": the file is empty" : ": no problem in the file"));
  }
  return file;
}

}  // namespace dm::puzzle
