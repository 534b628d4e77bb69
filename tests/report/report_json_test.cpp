// The JSON format (solver/report/json_format.h, schema in docs/tree-schema.md).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "report_support.h"
#include "solver_support.h"
#include "rules/game.h"
#include "rules/notation.h"
#include "solver/report/json_format.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;
using nlohmann::json;

namespace {

// Plays a turn given as {"uci", "san"} on game: both spellings must name the same legal moves.
void play_both(Game& game, const json& turn) {
  INFO(turn.dump());
  const auto uci = split(turn.at("uci").get<std::string>(), ',');
  std::string san = turn.at("san").get<std::string>();
  san = san.substr(0, san.find(' '));  // the ending's mark (" =", " (king captured)") is not SAN
  const auto sans = split(san, ',');
  REQUIRE(uci.size() == sans.size());
  for (size_t i = 0; i < uci.size(); ++i) {
    const auto by_uci = parse_move(game.position(), uci[i]);
    const auto by_san = parse_move(game.position(), sans[i]);
    REQUIRE(by_uci);
    REQUIRE(by_san);
    CHECK(*by_uci == *by_san);
    game.play(*by_uci);
  }
}

// Replays an attacker node and everything below it; returns the number of nodes seen.
int replay_attack(const Position& pos, const json& node) {
  Game game(pos);
  play_both(game, node);
  int nodes = 1;
  for (const json& dual : node.at("duals")) {
    Game other(pos);
    play_both(other, dual);
  }
  for (const json& group : node.at("defences")) {
    for (const json& turn : group.at("turns")) {
      Game defended(game.position());
      play_both(defended, turn);
    }
    if (!group.at("answer").is_null()) {
      Game first(game.position());
      play_both(first, group.at("turns").front());
      nodes += replay_attack(first.position(), group.at("answer"));
    }
  }
  return nodes;
}

}  // namespace

TEST_CASE("json: the solve fields and the whole tree of a #2, every turn as UCI and SAN", "[report][json]") {
  const tree::SolutionTree t = popeye_two_mover();
  report::FormatOptions options;
  options.id = "castling-1";
  const std::string line = report::write_json(t, options);
  CHECK(line.find('\n') == std::string::npos);
  const json j = json::parse(line);
  CHECK(j.at("id") == "castling-1");
  CHECK(j.at("variant") == "chess");
  CHECK(j.at("fen") == t.position.fen());
  CHECK(j.at("stipulation") == "#2");
  CHECK(j.at("status") == "solved");
  CHECK(j.at("length") == 2);
  REQUIRE(j.at("keys").size() == t.keys.size());
  for (size_t i = 0; i < t.keys.size(); ++i) CHECK(j.at("keys")[i] == turn_to_uci(t.keys[i].turn));
  CHECK(j.contains("nodes"));
  CHECK(j.contains("seconds"));

  const json& tree = j.at("tree");
  REQUIRE(tree.at("keys").size() == 1);
  const json& key = tree.at("keys")[0];
  CHECK(key.at("uci") == j.at("keys")[0]);
  CHECK(key.at("defences").size() == t.keys[0].defences.size());
  CHECK(key.at("threats")[0].at("san") == "O-O#");
  CHECK(key.at("threats")[0].at("ending") == "mate");
  // 1...Kb1 2.O-O#: the threat answers it (the text leaves it out, as Popeye does).
  CHECK(key.at("defences")[0].at("threat_answers") == true);
  CHECK(tree.at("tries")[1].at("play").at("defences")[0].at("threat_answers") == false);
  CHECK(replay_attack(t.position, key) == 2);
  REQUIRE(tree.at("tries").size() == t.tries.size());
  for (size_t i = 0; i < t.tries.size(); ++i) {
    const json& attempt = tree.at("tries")[i];
    CHECK(attempt.at("refutations").size() == t.tries[i].refutations.size());
    CHECK(attempt.at("stalemates") == t.tries[i].stalemates);
    replay_attack(t.position, attempt.at("play"));
  }
  CHECK(tree.at("tries")[2].at("play").at("ending") == "stalemate");
  CHECK(tree.at("tries_complete") == true);

  options.pretty = true;
  const std::string pretty = report::write_json(t, options);
  CHECK(pretty.find('\n') != std::string::npos);
  CHECK(json::parse(pretty) == j);
}

TEST_CASE("json: help play solutions and set play round-trip to the reference lines", "[report][json]") {
  const tree::SolutionTree t = popeye_helpmate();
  const auto row = popeye_row(t.position.fen());
  const json j = json::parse(report::write_json(t, {}));
  CHECK_FALSE(j.contains("keys"));
  REQUIRE(j.at("solutions").size() == alternatives(row[2]).size());
  CHECK(j.at("solutions")[0] == alternatives(row[2])[0]);
  const json& solution = j.at("tree").at("solutions")[0];
  std::string uci;
  Game game(t.position);
  for (const json& turn : solution) {
    uci += (uci.empty() ? "" : " ") + turn.at("uci").get<std::string>();
    play_both(game, turn);
  }
  CHECK(uci == alternatives(row[2])[0]);
  CHECK(solution.back().at("san") == "Bh5#");
  REQUIRE(j.at("tree").at("set_play").size() == 1);
  CHECK(j.at("tree").at("set_play")[0][0].at("san") == "Be2");
}

TEST_CASE("json: help play names its short solutions", "[report][json]") {
  const json j = json::parse(report::write_json(short_helpmate(), {}));
  CHECK(j.at("length") == 1);
  CHECK(j.at("solutions") == json::array({"a8b6 g8a2", "a8c7 g8a2", "a1b1 g4e3 b1a1 g8a2"}));
  CHECK(j.at("short_solutions") == json::array({"a8b6 g8a2", "a8c7 g8a2"}));
  // Direct play has keys, not lines: no short_solutions.
  CHECK_FALSE(json::parse(report::write_json(popeye_two_mover(), {})).contains("short_solutions"));
}

TEST_CASE("json: a king capture is named, a large group lists every turn", "[report][json]") {
  const json capture = json::parse(report::write_json(king_capture_mate(), {}));
  for (const json& key : capture.at("tree").at("keys")) CHECK(key.at("ending") == "king-capture");

  const tree::SolutionTree t = marseillais_group();
  const json j = json::parse(report::write_json(t, {}));
  const json& group = j.at("tree").at("keys")[0].at("defences")[0];
  CHECK(group.at("turns").size() == t.keys[0].defences[0].turns.size());
  CHECK(group.at("answer").at("duals").size() == 1);
  replay_attack(t.position, j.at("tree").at("keys")[0]);
}

TEST_CASE("json: built trees give the solver's keys and solutions, and every SAN parses back", "[report][json]") {
  for (size_t i = 0; i < kBuiltProblems.size(); ++i) {
    const ProblemText& p = kBuiltProblems[i];
    const tree::SolutionTree& t = built_trees()[i];
    INFO(p.fen << " " << p.stipulation);
    const json j = json::parse(report::write_json(t, {}));
    const SolverRun run = solve_fen(p.variant, p.fen, p.stipulation);
    const bool help = t.stipulation.play == problem::Play::Help;
    const json& answers = j.at(help ? "solutions" : "keys");
    CHECK(std::set<std::string>(answers.begin(), answers.end()) == run.answers);
    CHECK(j.at("length") == run.result.length);
    if (help) {
      for (const json& line : j.at("tree").at("solutions")) {
        Game game(t.position);
        for (const json& turn : line) play_both(game, turn);
      }
      continue;
    }
    int nodes = 0;
    for (const json& key : j.at("tree").at("keys")) nodes += replay_attack(t.position, key);
    for (const json& attempt : j.at("tree").at("tries")) replay_attack(t.position, attempt.at("play"));
    CHECK(nodes >= int(t.keys.size()));
  }
}
