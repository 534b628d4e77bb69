// The text format (solver/report/text_format.h): problemist notation as Popeye prints it.

#include <catch2/catch.hpp>

#include "report_support.h"
#include "rules/game.h"
#include "solver/report/json_format.h"
#include "solver/report/pgn_format.h"
#include "solver/report/text_format.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;

namespace {

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Position position_after(const Position& pos, const Turn& turn) {
  Game game(pos);
  for (const Move m : turn) game.play(m);
  return Position(game.position());
}

}  // namespace

TEST_CASE("text: Popeye's #2 with threat, variation, tries and refutations", "[report][text]") {
  tree::SolutionTree t = popeye_two_mover();
  t.threats_sought = true;
  const std::string text = report::write_text(t, {});
  INFO(text);
  CHECK(starts_with(text, "variant chess\nfen 8/Q7/8/8/8/8/8/2k1K2R w K - 0 1\nstipulation #2\nstatus solved\n"));
  // Popeye 4.104 with `option try variation` prints "1.Qa7-f2 ! threat: 2.0-0 #" and nothing
  // below it: after 1...Kc1-b1 the threat still mates. Here in SAN, a variation one indent
  // deeper than its first turn.
  CHECK(contains(text, "\n    1.Qf2! threat: 2.O-O#\n"));
  CHECK_FALSE(contains(text, "1...Kb1 2.O-O#"));
  // "1.Rh1-h2 ? threat: 2.Qa7-a1 #" "but 1...Kc1-b1 !"; "1.Qa7-a3 + ?" "1...Kc1-b1 2.Ke1-d2 #"
  // "but 1...Kc1-c2 !".
  CHECK(contains(text, "\n    1.Rh2? threat: 2.Qa1#\n        but 1...Kb1!\n"));
  CHECK(contains(text, "\n    1.Qa3+?\n        1...Kb1 2.Kd2#\n        but 1...Kc2!\n"));
  // 1.Qa2 stalemates Black: Popeye lists no such try.
  CHECK_FALSE(contains(text, "1.Qa2"));
  // Every turn of the tree is written in the SAN of the position it is played in.
  const Turn& key = t.keys.front().turn;
  CHECK(contains(text, "1." + turn_to_san(t.position, key) + "!"));

  // The compact style: every defence, the stalemating try marked.
  report::FormatOptions compact;
  compact.compact = true;
  const std::string all = report::write_text(t, compact);
  INFO(all);
  CHECK(contains(all, "\n    1.Qf2! threat: 2.O-O#\n        1...Kb1 2.O-O#\n"));
  CHECK(contains(all, "\n    1.Qa2? (stalemate)\n"));
  const Position after_key = position_after(t.position, key);
  CHECK(contains(all, "1..." + turn_to_san(after_key, t.keys.front().defences.front().turns.front())));
}

TEST_CASE("text: zugzwang after a first turn that threatens nothing, as Popeye marks it", "[report][text]") {
  // Popeye 4.104 (option try variation) on the same #2: "1.Qa7-b6 ? zugzwang." "but 1...Kc1-c2 !".
  // Here the key and 1.Rh2 threaten, 1.Qa3+ gives check: no zugzwang.
  tree::SolutionTree t = popeye_two_mover();
  t.threats_sought = true;
  std::string text = report::write_text(t, {});
  CHECK_FALSE(contains(text, "zugzwang"));
  // A key without its threat, the defender not in check: zugzwang.
  t.keys.front().threats.clear();
  text = report::write_text(t, {});
  INFO(text);
  CHECK(contains(text, "\n    1.Qf2! zugzwang.\n        1...Kb1 2.O-O#\n"));
  // Not where threats were not looked for, nor in the compact style.
  t.threats_sought = false;
  CHECK_FALSE(contains(report::write_text(t, {}), "zugzwang"));
  t.threats_sought = true;
  report::FormatOptions compact;
  compact.compact = true;
  CHECK_FALSE(contains(report::write_text(t, compact), "zugzwang"));
}

TEST_CASE("text: short solutions, stalemate refutations and the stopped search", "[report][text]") {
  tree::SolutionTree t = popeye_two_mover();
  t.keys.front().length = 1;
  t.tries.front().refutations.front().ending = tree::Ending::Stalemate;
  t.status = problem::SolveStatus::Unknown;
  t.tries_complete = false;
  const std::string text = report::write_text(t, {});
  INFO(text);
  CHECK(contains(text, "1.Qf2! (short solution in 1) threat: 2.O-O#\n"));
  CHECK(contains(text, "but 1...Kb1! (stalemate)\n"));
  CHECK(contains(text, "more tries may exist"));
  CHECK(contains(text, "incomplete"));
}

TEST_CASE("text: a large defender group prints a count and examples, or every turn", "[report][text]") {
  const tree::SolutionTree t = marseillais_group();
  const tree::DefenceGroup& group = t.keys.front().defences.front();
  const Position after_key = position_after(t.position, t.keys.front().turn);
  const std::string count = "1...(" + std::to_string(group.turns.size()) + " turns:";

  report::FormatOptions options;
  const std::string brief = report::write_text(t, options);
  INFO(brief);
  CHECK(starts_with(brief, "variant marseillais (" + t.rule_options + ")\n"));
  CHECK(contains(brief, count));
  for (size_t i = 0; i < group.turns.size(); ++i) {
    const bool shown = contains(brief, " " + turn_to_san(after_key, group.turns[i]) + " ");
    CHECK(shown == (i < size_t(options.examples)));
  }
  CHECK(contains(brief, " ...) 2.Ra8,Ra1 (2.Rb1,Ra1)\n"));

  options.full = true;
  const std::string full = report::write_text(t, options);
  for (const Turn& turn : group.turns) {
    const std::string san = turn_to_san(after_key, turn);
    CHECK((contains(full, " " + san + " ") || contains(full, " " + san + ")")));
  }
  CHECK_FALSE(contains(full, "...)"));
}

TEST_CASE("text: a king capture is marked, and help play numbered with its set play", "[report][text]") {
  const std::string capture = report::write_text(king_capture_mate(), {});
  INFO(capture);
  CHECK(contains(capture, "keys (2)\n    1.Bxf7,Bxe8! (king captured)\n    1.Qxf7,Qxe8! (king captured)\n"));

  // Popeye writes "1.Ra8-d8 Bg3-d6 2.e7-e5 Bg4-h5 #" and set play "1...Bg4-e2 2.0-0-0 Be2-a6 #".
  const std::string help = report::write_text(popeye_helpmate(), {});
  INFO(help);
  CHECK(contains(help, "stipulation h#2\n"));
  CHECK(contains(help, "\nsolutions (1)\n    1) 1.Rd8 Bd6 2.e5 Bh5#\n"));
  CHECK(contains(help, "\nset play\n    1...Be2 2.O-O-O Ba6#\n"));
}

TEST_CASE("text: help play marks its short solutions", "[report][text]") {
  // Popeye lists "1.Sa8-b6 Qg8-a2 #" and "1.Sa8-c7 Qg8-a2 #" before the full-length lines.
  const std::string text = report::write_text(short_helpmate(), {});
  INFO(text);
  CHECK(contains(text, "\nsolutions (3)\n    1) 1.Nb6 Qa2# (short solution in 1)\n    2) 1.Nc7 Qa2# (short solution in 1)\n"
                       "    3) 1.Kb1 Ne3 2.Ka1 Qa2#\n"));
}

TEST_CASE("text: built trees show every key, try, defence and solution", "[report][text]") {
  // Compact: every defence and every try. Popeye's style: not the defences a threat still
  // answers (tree::answered_by_threat), nor a try that stalemates.
  for (const bool compact : {true, false}) {
    report::FormatOptions options;
    options.compact = compact;
    for (const tree::SolutionTree& t : built_trees()) {
      const std::string text = report::write_text(t, options);
      INFO(text);
      REQUIRE(t.status == problem::SolveStatus::Solved);
      CHECK(contains(text, "stipulation " + t.stipulation.to_string() + "\n"));
      if (t.stipulation.play == problem::Play::Help) {
        CHECK(contains(text, "solutions (" + std::to_string(t.solutions.size()) + ")\n"));
        CHECK_FALSE(t.solutions.empty());
        // Each solution is numbered on a line of its own, and no number beyond their count.
        for (size_t i = 1; i <= t.solutions.size(); ++i) CHECK(contains(text, "    " + std::to_string(i) + ") 1."));
        CHECK_FALSE(contains(text, "    " + std::to_string(t.solutions.size() + 1) + ") 1."));
        continue;
      }
      CHECK_FALSE(t.keys.empty());
      const auto stalemates = [](const tree::Try& attempt) {
        return attempt.stalemates || attempt.play.ending == tree::Ending::Stalemate;
      };
      // The defender's first turns stand two indents deep: one line per turn of a small group,
      // one per large group.
      size_t expected = 0;
      std::vector<const tree::AttackNode*> firsts;
      for (const auto& key : t.keys) firsts.push_back(&key);
      for (const auto& attempt : t.tries) {
        if (compact || !stalemates(attempt)) firsts.push_back(&attempt.play);
      }
      for (const tree::AttackNode* node : firsts) {
        for (const auto& group : node->defences) {
          if (!compact && tree::answered_by_threat(*node, group)) continue;
          const bool each = !t.position.variant().is_multi_move() || group.turns.size() <= size_t(options.list_limit);
          expected += each ? group.turns.size() : 1;
        }
      }
      size_t lines = 0;
      for (const auto& line : split(text, '\n')) lines += starts_with(line, "        1...") ? 1 : 0;
      CHECK(lines == expected);
      for (const auto& key : t.keys) {
        const std::string san = turn_to_san(t.position, key.turn);
        CHECK(contains(text, "\n    1." + san + "!"));
        const bool short_flag = contains(text, "1." + san + "! (short solution in " + std::to_string(key.length) + ")");
        CHECK(short_flag == (key.length < t.stipulation.turns));
      }
      for (const auto& attempt : t.tries) {
        const bool shown = contains(text, "\n    1." + turn_to_san(t.position, attempt.play.turn) + "?");
        CHECK(shown == (compact || !stalemates(attempt)));
      }
    }
  }
}

TEST_CASE("text: an e.p. capture is marked as problemists write it, SAN elsewhere", "[report][text]") {
  // Popeye writes "e5*d6 ep."; the text writes "exd6 e.p.", JSON and PGN plain SAN.
  tree::SolutionTree t;
  t.position = position_of("chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  t.stipulation = *problem::parse_stipulation("#3");
  t.variant = "chess";
  t.status = problem::SolveStatus::Solved;
  tree::AttackNode key;
  key.turn = dm::test::turn_from_uci(t.position, "e5d6");
  key.length = 3;
  t.keys.push_back(key);
  const std::string text = report::write_text(t, {});
  INFO(text);
  CHECK(contains(text, "\n    1.exd6 e.p.!\n"));
  CHECK(contains(report::write_json(t, {}), "\"san\":\"exd6\""));
  CHECK_FALSE(contains(report::write_pgn(t, {}), "e.p."));
  // A quiet pawn move is not marked.
  t.keys.front().turn = dm::test::turn_from_uci(t.position, "e5e6");
  CHECK_FALSE(contains(report::write_text(t, {}), "e.p."));
}

TEST_CASE("text and JSON: help play says who begins and who mates", "[report][text]") {
  // Popeye's h#2 (r3k3/3np3/8/3K4/6B1/6B1/8/8 b q): Black begins, White mates.
  tree::SolutionTree t = popeye_helpmate();
  std::string text = report::write_text(t, {});
  INFO(text);
  CHECK(contains(text, "\nstipulation h#2\nplay Black begins, White mates\nstatus "));
  CHECK(contains(report::write_json(t, {}), "\"play\":\"Black begins, White mates\""));
  // The same stipulation from a FEN with w: White begins and Black mates, which Popeye reads
  // otherwise; the line says so.
  // (Its lines are not replayed from there: the fixture's are Black's.)
  t.position = position_of("chess", "r3k3/3np3/8/3K4/6B1/6B1/8/8 w q - 0 1");
  t.solutions.clear();
  t.set_play.clear();
  text = report::write_text(t, {});
  CHECK(contains(text,
                 "\nplay White begins, Black mates (Popeye's reading, Black beginning and White mating, needs b in "
                 "the FEN)\n"));
  // Direct play has no such line.
  CHECK_FALSE(contains(report::write_text(popeye_two_mover(), {}), "\nplay "));
}
