#include "solver/puzzle/answer_text.h"

#include <optional>
#include <sstream>
#include <vector>

#include "rules/movetext.h"

namespace dm::puzzle {

namespace {

// A series line: the series turns numbered 1, 2, ... (the other side passing between them,
// which is not written), then in ser-h# and ser-s# the other side's last turn.
std::string series_san(const Position& start, const problem::Line& line, const problem::Stipulation& stipulation) {
  const int series_turns = stipulation.line_length(line.size());
  Position pos = start;
  std::string text;
  for (size_t i = 0; i < line.size(); ++i) {
    if (i > 0 && int(i) < series_turns) pos = position_after(pos, {Move::pass()});
    if (!text.empty()) text += ' ';
    if (int(i) < series_turns) text += std::to_string(i + 1) + ".";
    text += turn_to_san(pos, line[i]);
    pos = position_after(pos, line[i]);
  }
  return text;
}

// The turns of a line in canonical UCI (turns separated by spaces, a series line without the
// other side's passes), each a whole legal turn where it is played; nullopt where one is not.
std::optional<problem::Line> replayed(const Position& start, const std::string& uci,
                                      const problem::Stipulation& stipulation) {
  std::vector<std::string> texts;
  std::istringstream in(uci);
  for (std::string text; in >> text;) texts.push_back(text);
  const int series_turns = stipulation.is_series() ? stipulation.line_length(texts.size()) : 0;
  Position pos = start;
  problem::Line line;
  for (size_t i = 0; i < texts.size(); ++i) {
    if (i > 0 && int(i) < series_turns) pos = position_after(pos, {Move::pass()});
    Game game(pos);
    if (play_movetext(game, texts[i]) || game.turns().size() != 1) return std::nullopt;
    line.push_back(game.turns().front());
    pos = Position(game.position());
  }
  if (line.empty()) return std::nullopt;
  return line;
}

}  // namespace

Position position_after(const Position& pos, const Turn& turn) {
  Game game(pos);
  for (const Move m : turn) game.play(m);
  return Position(game.position());  // a copy starts its own chain from the current state
}

std::string numbered_san(const Position& pos, const Turn& turn, int n, bool attacker) {
  return std::to_string(n) + (attacker ? "." : "...") + turn_to_san(pos, turn);
}

std::string line_san(const Position& start, const problem::Line& line, const problem::Stipulation& stipulation) {
  if (stipulation.is_series()) return series_san(start, line, stipulation);
  // Help play numbers pairs (the side that begins, the other); an attacker's opening turn is "1...".
  Position pos = start;
  std::string text;
  int n = 1;
  bool attacker = stipulation.attacker_starts;
  for (size_t i = 0; i < line.size(); ++i) {
    if (!text.empty()) text += ' ';
    if (!attacker) {
      text += std::to_string(n) + ".";
    } else if (i == 0) {
      text += std::to_string(n) + "...";
    }
    text += turn_to_san(pos, line[i]);
    if (attacker) ++n;
    attacker = !attacker;
    pos = position_after(pos, line[i]);
  }
  return text;
}

std::string answer_san(const Position& pos, const std::string& uci, const problem::Stipulation& stipulation) {
  const auto line = replayed(pos, uci, stipulation);
  if (!line) return uci;
  if (stipulation.has_lines()) return line_san(pos, *line, stipulation);
  return line->size() == 1 ? numbered_san(pos, line->front(), 1, true) : uci;
}

}  // namespace dm::puzzle
