// Fuzz target for the EPD line door, puzzle::parse_epd_line: the line syntax of puzzle files
// and `dmsolve solve FILE.epd` (opcodes, quoted operands, semicolons inside quotes). A line it
// accepts has a four-field FEN (six where the line gives EPD's `fmvn`: a halfmove clock of 0 and
// that number) and a stipulation.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz_support.h"
#include "solver/puzzle/epd_line.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view line(reinterpret_cast<const char*>(data), size);
  const auto parsed = dm::puzzle::parse_epd_line(line, 1);
  if (!parsed || !*parsed) return 0;
  const auto& problem = **parsed;
  const auto spaces = std::count(problem.fen.begin(), problem.fen.end(), ' ');
  const bool fmvn_appended = spaces == 5 && line.find("fmvn") != std::string_view::npos;
  dm::fuzz::require(spaces == 3 || fmvn_appended, "an accepted line's FEN has not four fields (six with fmvn)");
  dm::fuzz::require(!problem.stipulation.empty(), "an accepted line has no stipulation");
  return 0;
}
