#include "solver/puzzle/puzzle_file.h"

#include <fstream>
#include <map>
#include <sstream>

#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/movetext.h"
#include "rules/variant.h"
#include "solver/puzzle/epd_line.h"

namespace dm::puzzle {

namespace {

// A line of play from pos (one turn for a key or a try) in canonical UCI; only the last turn
// may stop short, and only where the side has no legal move left (M6 stalemate).
Expected<std::string> canonical_line(const Position& pos, const std::string& text, size_t max_turns) {
  Game game(pos);
  if (const auto error = play_movetext(game, text)) return Expected<std::string>::failure(*error);
  if (game.turns().empty()) return Expected<std::string>::failure("no move");
  if (game.turns().size() > max_turns) return Expected<std::string>::failure("more than one turn");
  if (!game.turn_complete() && count_legal(game.position()) != 0) {
    return Expected<std::string>::failure("the last turn is incomplete");
  }
  std::string out;
  for (const Turn& turn : game.turns()) out += (out.empty() ? "" : " ") + turn_to_uci(turn);
  return out;
}

// A series line (turns separated by spaces, the other side passing between the series turns
// and, in ser-h# and ser-s#, playing the last) in canonical UCI.
Expected<std::string> canonical_series_line(const Position& pos, const std::string& text,
                                            const problem::Stipulation& stipulation) {
  std::vector<std::string> texts;
  std::istringstream turns(text);
  for (std::string turn_text; turns >> turn_text;) texts.push_back(turn_text);
  const size_t series_turns = texts.size() - (stipulation.play == problem::Play::Series ? 0 : 1);
  std::string out;
  Position current = pos;
  for (size_t i = 0; i < texts.size(); ++i) {
    const std::string& turn_text = texts[i];
    if (i > 0 && i < series_turns) {
      StateInfo st;
      current.do_move(Move::pass(), st);
      current = Position(current);  // a chain of its own: st goes out of scope
    }
    auto turn = canonical_line(current, turn_text, 1);
    if (!turn) return turn;
    Game game(current);
    play_movetext(game, *turn);
    current = game.position();
    out += (out.empty() ? "" : " ") + *turn;
  }
  if (out.empty()) return Expected<std::string>::failure("no move");
  return out;
}

Expected<std::set<std::string>> canonical_set(const Position& pos, std::string_view field,
                                              const std::vector<std::string>& texts, size_t max_turns,
                                              const problem::Stipulation* series = nullptr) {
  std::set<std::string> out;
  for (const auto& text : texts) {
    auto line = series ? canonical_series_line(pos, text, *series) : canonical_line(pos, text, max_turns);
    if (!line) return Expected<std::set<std::string>>::failure(std::string(field) + ": '" + text + "': " + line.error());
    out.insert(std::move(*line));
  }
  return out;
}

Expected<Puzzle> checked(const puzzle::EpdProblem& entry) {
  const auto failure = [](std::string why) { return Expected<Puzzle>::failure(std::move(why)); };
  Puzzle p;
  p.id = entry.id;
  p.rules = entry.rules;
  p.author = entry.author;
  p.source = entry.source;
  const auto variant = make_variant(entry.variant, entry.rules);
  if (!variant) return failure(variant.error());
  if (const auto error = p.position.set(*variant, entry.fen)) return failure(error->to_string());
  const auto stipulation = problem::parse_stipulation(entry.stipulation);
  if (!stipulation) return failure("stip: " + stipulation.error());
  if (const auto why = problem::refused_in(*stipulation, *variant)) return failure("stip: " + *why);
  p.stipulation = *stipulation;
  const bool help = stipulation->has_lines();
  if (entry.keys && help) return failure("keys: a help problem takes solutions");
  if (entry.solutions && !help) return failure("solutions: a direct or self problem takes keys");
  if (entry.keys && stipulation->is_proof() && !stipulation->attacker_starts) {
    return failure("keys: " + stipulation->to_string() + " has no keys (the side to move is the one that loses)");
  }
  if (const auto& given = help ? entry.solutions : entry.keys) {
    auto set = canonical_set(p.position, help ? "solutions" : "keys", *given, help ? size_t(problem::kMaxTurns * 2 + 1) : 1,
                             stipulation->is_series() ? &*stipulation : nullptr);
    if (!set) return failure(set.error());
    p.expected = std::move(*set);
  }
  auto tries = canonical_set(p.position, "tries", entry.tries, 1);
  if (!tries) return failure(tries.error());
  p.tries = std::move(*tries);
  return p;
}

}  // namespace

PuzzleFile parse_puzzles(std::string_view text, const std::string& file_name) {
  PuzzleFile out;
  std::vector<std::string> comments;
  std::map<std::string, int> id_lines;
  std::istringstream in{std::string(text)};
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    const auto parsed = puzzle::parse_epd_line(line, number);
    const std::string place = file_name + ":" + std::to_string(number);
    if (!parsed) {
      const size_t start = line.find_first_not_of(" \t\r");
      if (start == std::string::npos) {
        comments.clear();  // a blank line ends a comment block
      } else {
        const size_t end = line.find_last_not_of(" \t\r");
        const size_t text_start = line.find_first_not_of(" \t", start + 1);
        comments.push_back(text_start > end ? "" : line.substr(text_start, end + 1 - text_start));
      }
      continue;
    }
    auto puzzle = *parsed ? checked(**parsed) : Expected<Puzzle>::failure(parsed->error());
    if (puzzle && !puzzle->id.empty() && id_lines.contains(puzzle->id)) {
      puzzle = Expected<Puzzle>::failure("id: \"" + puzzle->id + "\" is already used on line " +
                                         std::to_string(id_lines[puzzle->id]));
    }
    if (!puzzle) {
      out.errors.push_back(place + ": " + puzzle.error());
    } else {
      Puzzle& p = *puzzle;
      if (!p.id.empty()) id_lines.emplace(p.id, number);
      p.file = file_name;
      p.line = number;
      if (p.id.empty()) p.id = place;
      p.comments = std::move(comments);
      out.puzzles.push_back(std::move(p));
    }
    comments.clear();
  }
  return out;
}

Expected<PuzzleFile> read_puzzle_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Expected<PuzzleFile>::failure(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_puzzles(text.str(), path);
}

}  // namespace dm::puzzle
