#include "solver/search/line.h"

#include "rules/notation.h"

namespace dm::search {

std::string turn_to_uci(const Turn& turn) {
  std::string text;
  for (const Move m : turn) {
    if (!text.empty()) text += ',';
    text += move_to_uci(m);
  }
  return text;
}

std::string line_to_uci(const Line& line) {
  std::string text;
  for (const Turn& turn : line) {
    if (!text.empty()) text += ' ';
    text += turn_to_uci(turn);
  }
  return text;
}

}  // namespace dm::search
