// Fuzz target for the EPD line door, search::parse_epd_line: the line syntax of puzzle files
// and `dmsolve solve FILE.epd` (opcodes, quoted operands, semicolons inside quotes). A line it
// accepts has a four-field FEN and a stipulation.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "solver/search/epd_batch.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto parsed = dm::search::parse_epd_line(line, 1);
  if (!parsed || !*parsed) return 0;
  const auto& problem = **parsed;
  dm::fuzz::require(std::count(problem.fen.begin(), problem.fen.end(), ' ') == 3, "an accepted line's FEN has not four fields");
  dm::fuzz::require(!problem.stipulation.empty(), "an accepted line has no stipulation");
  return 0;
}
