#include "solver/problem/line.h"

#include "rules/notation.h"

namespace dm::problem {

std::string line_to_uci(const Line& line) {
  std::string text;
  for (const Turn& turn : line) {
    if (!text.empty()) text += ' ';
    text += turn_to_uci(turn);
  }
  return text;
}

}  // namespace dm::problem
