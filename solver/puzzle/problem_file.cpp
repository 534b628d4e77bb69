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
  return read_problem_text(text.str(), path);
}

Expected<PuzzleFile> read_problem_text(const std::string& text, const std::string& name) {
  PuzzleFile file = is_popeye_input(text, name) ? parse_popeye(text, name) : parse_puzzles(text, name);
  // A file with nothing to solve is no batch that went well: most likely the wrong file.
  if (file.puzzles.empty() && file.errors.empty()) {
    return Expected<PuzzleFile>::failure(name + (text.empty() ? ": the file is empty" : ": no problem in the file"));
  }
  return file;
}

}  // namespace dm::puzzle
