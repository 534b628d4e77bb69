#include "solver/puzzle/problem_file.h"

#include <fstream>
#include <sstream>

#include "solver/puzzle/popeye_input.h"

namespace dm::puzzle {

Expected<PuzzleFile> read_problem_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Expected<PuzzleFile>::failure(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  const std::string whole = text.str();
  return is_popeye_input(whole, path) ? parse_popeye(whole, path) : parse_puzzles(whole, path);
}

}  // namespace dm::puzzle
