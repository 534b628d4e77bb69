#include "solver/report/line_text.h"

#include <algorithm>

#include "rules/notation.h"

namespace dm::report {

Expected<Turn> turn_from_uci(const Position& pos, std::string_view uci) {
  Game game(pos);
  Turn turn;
  size_t begin = 0;
  while (true) {
    if (!turn.empty() && game.position().side_to_move() != pos.side_to_move()) {
      return Expected<Turn>::failure("turn " + std::string(uci) + ": a move after the turn ended");
    }
    const size_t comma = std::min(uci.find(',', begin), uci.size());
    const std::string_view text = uci.substr(begin, comma - begin);
    const auto move = parse_move(game.position(), text);
    if (!move) return Expected<Turn>::failure("turn " + std::string(uci) + ": " + move.error());
    game.play(*move);
    turn.push_back(*move);
    if (comma == uci.size()) return turn;
    begin = comma + 1;
  }
}

std::string move_number(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == Color::White ? "." : "...");
}

Expected<std::string> san_line(const Position& start, const std::vector<std::string>& uci_turns) {
  std::string out;
  Game game(start);
  for (const std::string& uci : uci_turns) {
    const Position& pos = game.position();
    const auto turn = turn_from_uci(pos, uci);
    if (!turn) return Expected<std::string>::failure(turn.error());
    const bool first = out.empty();
    if (!first) out += ' ';
    if (first || pos.side_to_move() == Color::White) out += move_number(pos);
    out += turn_to_san(pos, *turn);
    for (const Move m : *turn) game.play(m);
  }
  return out;
}

std::vector<std::string> split_turns(std::string_view line) {
  std::vector<std::string> turns;
  size_t begin = 0;
  while (begin < line.size()) {
    const size_t space = std::min(line.find(' ', begin), line.size());
    if (space > begin) turns.emplace_back(line.substr(begin, space - begin));
    begin = space + 1;
  }
  return turns;
}

}  // namespace dm::report
