#include "solver/app/command.h"

#include <iostream>

namespace dm::app {

Expected<Position> make_position(const Variant& variant, const std::string& fen) {
  Position pos;
  if (fen.empty()) {
    pos.set_start(variant);
  } else if (const auto error = pos.set(variant, fen)) {
    return Expected<Position>::failure(error->to_string());
  }
  return pos;
}

int report_bad_input(std::string_view command, std::string_view message) {
  std::cerr << "dmsolve " << command << ": " << message << '\n';
  return kExitBadInput;
}

}  // namespace dm::app
