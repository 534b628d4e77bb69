#include "solver/app/command.h"

#include <iostream>

namespace dm::app {

Expected<Variant> make_variant(std::string_view name, const std::vector<std::string>& rules) {
  auto variant = find_variant(name);
  if (!variant) {
    std::string known;
    for (const auto v : variant_names()) known += (known.empty() ? "" : ", ") + std::string(v);
    return Expected<Variant>::failure("unknown variant '" + std::string(name) + "' (known: " + known + ")");
  }
  for (const auto& rule : rules) {
    if (const auto error = apply_rule_option(*variant, rule)) return Expected<Variant>::failure(*error);
  }
  return *variant;
}

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
