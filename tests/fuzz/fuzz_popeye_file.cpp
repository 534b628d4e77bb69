// Fuzz target for the Popeye input door, puzzle::parse_popeye: a whole file of Popeye's input
// language (keywords in three languages, abbreviated), each problem and twin checked against
// the rules. An accepted puzzle knows its line and has an id; a twin has its label; every
// error names the file and a line.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "solver/puzzle/popeye_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto file = dm::puzzle::parse_popeye(text, "fuzz");
  for (const auto& puzzle : file.puzzles) {
    dm::fuzz::require(puzzle.line >= 1 && !puzzle.id.empty(), "a puzzle without its line or id");
    dm::fuzz::require(puzzle.twin.empty() || puzzle.id.ends_with("/" + puzzle.twin), "a twin without its label");
  }
  for (const auto& error : file.errors) {
    dm::fuzz::require(error.starts_with("fuzz:") && error.size() > 6 && error[5] >= '1' && error[5] <= '9',
                      "an error without its line");
  }
  return 0;
}
