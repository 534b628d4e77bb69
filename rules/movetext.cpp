#include "rules/movetext.h"

#include <cctype>
#include <vector>

#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"

namespace dm {

namespace {

bool is_result(std::string_view token) {
  return token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*";
}

// The turn tokens of a movetext: comments, variations, NAGs and move numbers removed.
std::vector<std::string> turn_tokens(std::string_view text) {
  std::vector<std::string> tokens;
  std::string current;
  int variation_depth = 0;
  auto flush = [&] {
    // Strip a leading move number: "12." or "12..." (possibly glued to the move).
    size_t i = 0;
    while (i < current.size() && std::isdigit(static_cast<unsigned char>(current[i]))) ++i;
    if (i > 0 && i < current.size() && current[i] == '.') {
      while (i < current.size() && current[i] == '.') ++i;
      current.erase(0, i);
    }
    if (!current.empty() && current[0] != '$' && !is_result(current) && variation_depth == 0) {
      tokens.push_back(current);
    }
    current.clear();
  };
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '{') {
      flush();
      while (i < text.size() && text[i] != '}') ++i;
    } else if (c == ';') {
      flush();
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '(') {
      flush();
      ++variation_depth;
    } else if (c == ')') {
      flush();
      if (variation_depth > 0) --variation_depth;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      current += c;
    }
  }
  flush();
  return tokens;
}

std::vector<std::string> split_commas(const std::string& token) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t comma = token.find(',', start);
    parts.push_back(token.substr(start, comma - start));
    if (comma == std::string::npos) return parts;
    start = comma + 1;
  }
}

std::string turn_label(const Position& pos) {
  return "turn " + std::to_string(pos.fullmove_number()) + " (" +
         (pos.side_to_move() == Color::White ? "White" : "Black") + ")";
}

// A turn's text may end here with a pass left unwritten: the only legal move is a pass (the
// variant lets a side with no second move give up its turn), or the second move is optional (E7).
bool pass_implied(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  return moves.contains(Move::pass()) && (moves.size() == 1 || pos.variant().later_moves.optional);
}

}  // namespace

Expected<GameRecord> read_pgn(std::string_view text) {
  GameRecord record;
  size_t line_number = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    const size_t end = std::min(text.find('\n', pos), text.size());
    const std::string_view line = text.substr(pos, end - pos);
    ++line_number;
    const size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string_view::npos && line[first] == '[') {
      const size_t space = line.find(' ', first);
      const size_t open = line.find('"', first);
      const size_t close = line.rfind('"');
      if (space == std::string_view::npos || open == std::string_view::npos || close <= open ||
          line.find(']', close) == std::string_view::npos) {
        return Expected<GameRecord>::failure("PGN line " + std::to_string(line_number) + ": malformed tag");
      }
      record.tags[std::string(line.substr(first + 1, space - first - 1))] =
          std::string(line.substr(open + 1, close - open - 1));
    } else {
      record.movetext += std::string(line) + '\n';
    }
    pos = end + 1;
  }
  return record;
}

std::optional<std::string> play_movetext(Game& game, std::string_view movetext,
                                         const std::function<void(const Position&)>& on_turn_end) {
  const auto tokens = turn_tokens(movetext);
  for (size_t t = 0; t < tokens.size(); ++t) {
    if (!game.turn_complete()) {
      return turn_label(game.position()) + ": the previous turn is incomplete, one more move is due";
    }
    const std::string label = turn_label(game.position());
    if (outcome(game.position()).is_over()) return label + ": the game is already over";
    const auto moves = split_commas(tokens[t]);
    const size_t turn_length = size_t(game.position().moves_left());  // 1 for a balanced first turn
    size_t played = 0;
    const auto reject = [&game, &played, &label](const std::string& why) {  // the bad turn leaves no move behind
      for (; played > 0; --played) game.undo();
      return label + ": " + why;
    };
    for (size_t i = 0; i < moves.size(); ++i) {
      if (i > 0 && game.turn_complete()) {
        const std::string why = i < turn_length ? " (check or capture of the king)"
                                                : " (this turn has " + std::to_string(turn_length) +
                                                      (turn_length == 1 ? " move)" : " moves)");
        return reject("'" + moves[i] + "' cannot follow '" + moves[i - 1] + "', which ended the turn" + why);
      }
      const auto move = parse_move(game.position(), moves[i]);
      if (!move) return reject(move.error());
      game.play(*move);
      ++played;
    }
    if (!game.turn_complete() && pass_implied(game.position())) game.play(Move::pass());
    if (!game.turn_complete() && t + 1 < tokens.size()) {
      return reject("'" + tokens[t] + "' is not a whole turn, one more move is due");
    }
    if (game.turn_complete() && on_turn_end) on_turn_end(game.position());
  }
  return std::nullopt;
}

}  // namespace dm
