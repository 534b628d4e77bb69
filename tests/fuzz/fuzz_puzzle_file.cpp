// Fuzz target for the puzzle file door, puzzle::parse_puzzles: a whole file of EPD lines with
// comment blocks, each entry checked against the rules (variant and options, FEN, stipulation,
// keys, solutions and tries played from the position). An accepted puzzle knows its line and
// has an id.

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "solver/puzzle/puzzle_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto file = dm::puzzle::parse_puzzles(text, "fuzz");
  for (const auto& puzzle : file.puzzles) {
    dm::fuzz::require(puzzle.line >= 1 && !puzzle.id.empty(), "a puzzle without its line or id");
  }
  return 0;
}
