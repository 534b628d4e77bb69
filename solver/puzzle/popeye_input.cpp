#include "solver/puzzle/popeye_input.h"

#include <cctype>
#include <fstream>
#include <sstream>

#include "solver/puzzle/popeye_problem.h"

namespace dm::puzzle {

namespace {

using popeye::Language;
using popeye::Word;
using popeye::WordReader;

// The shortest abbreviation of beginproblem that starts a block after an endproblem ("beg").
constexpr size_t kShortestBegin = 3;

// The problems of a block, up to its endproblem; false when the text ended first.
bool read_block(WordReader& words, Language language, const std::string& file_name, PuzzleFile& out) {
  for (;;) {
    popeye::ProblemRead problem = popeye::read_problem(words, language, file_name);
    if (problem.flaw) {
      out.errors.push_back(file_name + ":" + std::to_string(problem.flaw->line) + ": " + problem.flaw->why);
    }
    for (Puzzle& puzzle : problem.puzzles) out.puzzles.push_back(std::move(puzzle));
    if (!problem.end) return false;
    if (*problem.end == popeye::ProblemEnd::End) return true;
  }
}

// Skips what follows an endproblem, up to a line that begins another block.
void skip_to_block(WordReader& words) {
  while (const Word* next = words.peek()) {
    if (next->begins_line && next->text.size() >= kShortestBegin && popeye::language_of_begin(next->text)) return;
    words.take();
  }
}

// Skips the comment lines ('#' first, as in EPD files) before the first word.
void skip_comments(WordReader& words) {
  while (const Word* next = words.peek()) {
    if (!next->begins_line || !next->text.starts_with('#')) return;
    words.take();
    words.rest_of_line();
  }
}

std::string read_whole(std::ifstream& in) {
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

PuzzleFile parse_popeye(std::string_view text, const std::string& file_name) {
  PuzzleFile out;
  WordReader words(text);
  skip_comments(words);
  while (!words.at_end()) {
    const Word begin = words.take();
    const auto language = popeye::language_of_begin(begin.text);
    if (!language) {
      out.errors.push_back(file_name + ":" + std::to_string(begin.line) + ": expected beginproblem, not " +
                           popeye::quoted(begin.text));
      break;
    }
    if (!read_block(words, *language, file_name, out)) break;
    skip_to_block(words);
  }
  return out;
}

Expected<PuzzleFile> read_popeye_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return Expected<PuzzleFile>::failure(path + ": cannot read the file");
  return parse_popeye(read_whole(in), path);
}

bool is_popeye_input(std::string_view text, const std::string& path) {
  std::string extension = path.substr(path.size() < 4 ? 0 : path.size() - 4);
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  if (extension == ".inp" || extension == ".pop") return true;
  WordReader words(text);
  skip_comments(words);
  const Word* first = words.peek();
  return first && popeye::language_of_begin(first->text).has_value();
}

}  // namespace dm::puzzle
