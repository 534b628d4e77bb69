// The PGN format (solver/report/pgn_format.h): tags, comma turns, variations that balance and
// replay, and a main line our own PGN reader plays (rules/movetext.h).

#include <catch2/catch.hpp>

#include "report_support.h"
#include "rules/movetext.h"
#include "rules/outcome.h"
#include "rules/variant.h"
#include "solver/report/pgn_format.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;

namespace {

// The movetext's tokens with comments dropped: "(", ")" and turns (move numbers stripped).
std::vector<std::string> variation_tokens(const std::string& movetext) {
  std::vector<std::string> tokens;
  std::string current;
  const auto flush = [&] {
    const size_t dot = current.find_last_of('.');
    if (dot != std::string::npos) current.erase(0, dot + 1);
    if (!current.empty() && current != "*") tokens.push_back(current);
    current.clear();
  };
  for (size_t i = 0; i < movetext.size(); ++i) {
    const char c = movetext[i];
    if (c == '{') {
      flush();
      i = movetext.find('}', i);
      REQUIRE(i != std::string::npos);
    } else if (c == '(' || c == ')') {
      flush();
      tokens.emplace_back(1, c);
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      flush();
    } else {
      current += c;
    }
  }
  flush();
  return tokens;
}

// Replays every line of the movetext: a variation replaces the turn before it. Returns the
// number of turns played; fails the test case on an illegal turn or unbalanced parentheses.
int replay_variations(const Position& start, const std::string& movetext) {
  std::vector<std::vector<std::string>> stack;
  std::vector<std::string> line;
  int turns = 0;
  for (const auto& token : variation_tokens(movetext)) {
    if (token == "(") {
      REQUIRE_FALSE(line.empty());
      stack.push_back(line);
      line.pop_back();
    } else if (token == ")") {
      REQUIRE_FALSE(stack.empty());
      line = stack.back();
      stack.pop_back();
    } else {
      line.push_back(token);
      std::string text;
      for (const auto& turn : line) text += turn + ' ';
      Game game(start);
      const auto error = play_movetext(game, text);
      INFO(text);
      CHECK_FALSE(error);
      ++turns;
    }
  }
  CHECK(stack.empty());
  return turns;
}

}  // namespace

TEST_CASE("pgn: tags, a main line our reader plays to mate, and variations that replay", "[report][pgn]") {
  const tree::SolutionTree t = popeye_two_mover();
  const std::string pgn = report::write_pgn(t, {});
  INFO(pgn);
  const auto record = read_pgn(pgn);
  REQUIRE(record);
  CHECK(record->tags.at("Variant") == "chess");
  CHECK(record->tags.at("FEN") == t.position.fen());
  CHECK(record->tags.at("SetUp") == "1");
  CHECK(record->tags.at("Result") == "*");
  CHECK(record->tags.at("Stipulation") == "#2");

  Game game(t.position);
  REQUIRE_FALSE(play_movetext(game, record->movetext));
  CHECK(game.turns().size() == 3);  // key, defence, mate
  CHECK(outcome(game.position()).reason == "checkmate");

  // Key, defence and answer; the tries 1.Rh2? Kb1!, 1.Qa3+? Kb1 (Kc2!) Kd2# and 1.Qa2?.
  CHECK(replay_variations(t.position, record->movetext) == 3 + 2 + 4 + 1);
  CHECK(record->movetext.find("1.Qf2! {threat: 2.O-O#}") != std::string::npos);
  CHECK(record->movetext.find("(1.Qa2? {stalemate})") != std::string::npos);
}

TEST_CASE("pgn: help play, double-move turns and Mainzer moves replay", "[report][pgn]") {
  const tree::SolutionTree help = popeye_helpmate();
  const std::string help_pgn = report::write_pgn(help, {});
  INFO(help_pgn);
  const auto help_record = read_pgn(help_pgn);
  REQUIRE(help_record);
  Game game(help.position);
  REQUIRE_FALSE(play_movetext(game, help_record->movetext));
  CHECK(outcome(game.position()).reason == "checkmate");
  CHECK(help_pgn.find("set play: 1...Be2 2.O-O-O Ba6#") != std::string::npos);
  CHECK(help_record->tags.at("Play") == "Black begins, White mates");

  for (const tree::SolutionTree& t : {marseillais_group(), mainzer_mate(), king_capture_mate()}) {
    report::FormatOptions options;
    options.full = true;
    const std::string pgn = report::write_pgn(t, options);
    INFO(pgn);
    const auto record = read_pgn(pgn);
    REQUIRE(record);
    CHECK(record->tags.at("Variant") == t.variant);
    if (!t.rule_options.empty()) CHECK(record->tags.at("VariantOptions") == t.rule_options);
    Game main(position_of(variant_with(t.variant), record->tags.at("FEN")));
    CHECK_FALSE(play_movetext(main, record->movetext));
    CHECK(replay_variations(t.position, record->movetext) > 1);
  }
}

TEST_CASE("pgn: built trees replay in every variation, the main line to the goal", "[report][pgn]") {
  for (const tree::SolutionTree& t : built_trees()) {
    const std::string pgn = report::write_pgn(t, {});
    INFO(pgn);
    const auto record = read_pgn(pgn);
    REQUIRE(record);
    CHECK(record->tags.at("Stipulation") == t.stipulation.to_string());
    Game game(t.position);
    REQUIRE_FALSE(play_movetext(game, record->movetext));
    CHECK(outcome(game.position()).is_over());
    CHECK(replay_variations(t.position, record->movetext) >= int(game.turns().size()));
  }
}
