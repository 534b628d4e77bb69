#include "report_support.h"

#include <catch2/catch.hpp>
#include <set>

#include "rules/game.h"
#include "rules/notation.h"
#include "rules/variant.h"
#include "solver/search/root_turns.h"
#include "solver/tree/tree_builder.h"
#include "solver_support.h"
#include "test_data.h"

namespace dm::test {

namespace {

using tree::AttackNode;
using tree::DefenceGroup;
using tree::Ending;

Position after(const Position& pos, const Turn& turn) {
  Game game(pos);
  for (const Move m : turn) game.play(m);
  return Position(game.position());
}

tree::SolutionTree shell(std::string_view variant, std::string_view fen, std::string_view stipulation) {
  const Variant v = variant_named(variant);
  tree::SolutionTree t;
  t.position = position_of(v, fen);
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  t.stipulation = *stip;
  t.variant = std::string(v.name);
  t.rule_options = v.describe_options();
  t.status = problem::SolveStatus::Solved;
  t.length = stip->turns;
  return t;
}

AttackNode attack(const Position& pos, std::string_view uci, Ending ending, int length) {
  AttackNode node;
  node.turn = turn_from_uci(pos, uci);
  node.ending = ending;
  node.length = length;
  return node;
}

// A defender turn of pos answered by a mating attacker turn.
DefenceGroup defence(const Position& pos, std::string_view uci, std::string_view answer) {
  DefenceGroup group;
  group.turns.push_back(turn_from_uci(pos, uci));
  group.answer.push_back(attack(after(pos, group.turns.front()), answer, Ending::Mate, 1));
  return group;
}

}  // namespace

Turn turn_from_uci(const Position& pos, std::string_view uci) {
  Game game(pos);
  for (const auto& text : split(uci, ',')) {
    const auto move = parse_move(game.position(), text);
    INFO(pos.fen() << " " << uci);
    REQUIRE(move);
    game.play(*move);
  }
  REQUIRE(game.turns().size() == 1);
  return game.turns().front();
}

problem::Line line_from_uci(const Position& pos, std::string_view uci) {
  problem::Line line;
  Position current = pos;
  for (const auto& text : split_words(uci)) {
    line.push_back(turn_from_uci(current, text));
    current = after(current, line.back());
  }
  return line;
}

std::vector<std::string> popeye_row(std::string_view fen) {
  const auto lines = read_lines(testdata_path("orthodox/popeye_orthodox_clean.tsv"));
  REQUIRE(lines);
  for (const auto& line : *lines) {
    if (!line.empty() && line.front() != '#' && starts_with(line, std::string(fen) + '\t')) return split(line, '\t');
  }
  FAIL("no Popeye row for " << fen);
  return {};
}

std::vector<std::string> alternatives(const std::string& column) {
  std::vector<std::string> out;
  if (column == "-") return out;
  for (const auto& part : split(column, '|')) out.push_back(trim(part));
  return out;
}

std::map<std::string, std::string> fen_pieces(std::string_view fen) {
  const std::string board = split_words(fen).front();
  const auto rows = split(board, '/');
  std::map<std::string, std::string> pieces;
  for (size_t r = 0; r < rows.size(); ++r) {
    const int rank = int(rows.size() - r);
    int file = 0;
    const std::string& row = rows[r];
    for (size_t i = 0; i < row.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(row[i]))) {
        int run = row[i] - '0';
        if (i + 1 < row.size() && std::isdigit(static_cast<unsigned char>(row[i + 1]))) run = run * 10 + (row[++i] - '0');
        file += run;
        continue;
      }
      const bool white = std::isupper(static_cast<unsigned char>(row[i])) != 0;
      const char letter = char(std::toupper(static_cast<unsigned char>(row[i])));
      pieces[std::string(1, char('a' + file)) + std::to_string(rank)] = std::string(white ? "w" : "b") + letter;
      ++file;
    }
  }
  return pieces;
}

const std::vector<ProblemText> kBuiltProblems = {
    {"chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "#2"},
    {"chess", "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1", "h#2"},
    {"chess", "8/8/1Q6/8/krR5/bp3p1p/qr3PpP/R3K1n1 w Q - 0 1", "s#1"},
    {"marseillais", "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1", "#1"},
    {"mainzer", "k10/8p2/2K8/11/5j5/3m7/7P3/1A2M1J3a w - - 0 1", "#2"},
};

const std::vector<tree::SolutionTree>& built_trees() {
  static const std::vector<tree::SolutionTree> trees = [] {
    std::vector<tree::SolutionTree> out;
    for (const auto& p : kBuiltProblems) out.push_back(tree_of(p.variant, p.fen, p.stipulation));
    return out;
  }();
  return trees;
}

tree::SolutionTree popeye_two_mover() {
  const std::string fen = "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1";
  const auto row = popeye_row(fen);
  tree::SolutionTree t = shell("chess", fen, row[1]);
  const Position& pos = t.position;
  AttackNode key = attack(pos, alternatives(row[2]).front(), Ending::None, 2);
  const Position after_key = after(pos, key.turn);
  const Position passed = position_of("chess", "8/8/8/8/8/8/5Q2/2k1K2R w K - 0 1");
  key.threats.push_back(attack(passed, "e1g1", Ending::Mate, 1));
  key.defences.push_back(defence(after_key, "c1b1", "e1g1"));
  t.keys.push_back(std::move(key));

  tree::Try rook;
  rook.play = attack(pos, "h1h2", Ending::None, 2);
  rook.play.threats.push_back(attack(position_of("chess", "8/Q7/8/8/8/8/7R/2k1K3 w - - 0 1"), "a7a1", Ending::Mate, 1));
  rook.refutations.push_back({turn_from_uci(after(pos, rook.play.turn), "c1b1"), Ending::None});
  t.tries.push_back(std::move(rook));

  tree::Try check;
  check.play = attack(pos, "a7a3", Ending::None, 2);
  const Position after_check = after(pos, check.play.turn);
  check.play.defences.push_back(defence(after_check, "c1b1", "e1d2"));
  check.refutations.push_back({turn_from_uci(after_check, "c1c2"), Ending::None});
  t.tries.push_back(std::move(check));

  tree::Try stalemate;
  stalemate.play = attack(pos, "a7a2", Ending::Stalemate, 1);
  stalemate.stalemates = true;
  t.tries.push_back(std::move(stalemate));
  return t;
}

tree::SolutionTree popeye_helpmate() {
  const std::string fen = "r3k3/3np3/8/3K4/6B1/6B1/8/8 b q - 0 1";
  const auto row = popeye_row(fen);
  tree::SolutionTree t = shell("chess", fen, row[1]);
  for (const auto& line : alternatives(row[2])) t.solutions.push_back(line_from_uci(t.position, line));
  const Position passed = position_of("chess", "r3k3/3np3/8/3K4/6B1/6B1/8/8 w q - 0 1");
  for (const auto& line : alternatives(row[4])) t.set_play.push_back(line_from_uci(passed, line));
  return t;
}

tree::SolutionTree short_helpmate() {
  tree::SolutionTree t = shell("chess", "n5Q1/8/8/8/6N1/K7/8/k7 b - - 0 1", "h#2");
  for (const char* line : {"a8b6 g8a2", "a8c7 g8a2", "a1b1 g4e3 b1a1 g8a2"}) {
    t.solutions.push_back(line_from_uci(t.position, line));
  }
  t.length = 1;
  return t;
}

tree::SolutionTree mainzer_mate() {
  tree::SolutionTree t = shell("mainzer", "k10/8p2/2K8/11/5j5/3m7/7P3/1A2M1J3a w - - 0 1", "#1");
  t.keys.push_back(attack(t.position, "b1b6", Ending::Mate, 1));
  t.keys.push_back(attack(t.position, "b1b7", Ending::Mate, 1));
  return t;
}

tree::SolutionTree king_capture_mate() {
  tree::SolutionTree t =
      shell("doublemove", "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1", "#1");
  t.keys.push_back(attack(t.position, "c4f7,f7e8", Ending::KingCapture, 1));
  t.keys.push_back(attack(t.position, "f3f7,f7e8", Ending::KingCapture, 1));
  return t;
}

tree::SolutionTree marseillais_group() {
  tree::SolutionTree t = shell("marseillais", "8/8/8/4k3/8/8/8/R6K w - - 0 1", "#2");
  AttackNode key = attack(t.position, "h1g1,g1h1", Ending::None, 2);
  const Position after_key = after(t.position, key.turn);
  DefenceGroup group;
  std::set<uint64_t> seen;
  for (const auto& turn : search::enumerate_root_turns(after_key)) {
    if (seen.insert(turn.after.key()).second) group.turns.push_back(turn.moves);
  }
  REQUIRE(group.turns.size() > 10);
  // The rook's round trip is legal after every king turn; the dual is its other way round.
  AttackNode answer = attack(after(after_key, group.turns.front()), "a1a8,a8a1", Ending::None, 1);
  answer.duals.push_back(turn_from_uci(after(after_key, group.turns.front()), "a1b1,b1a1"));
  group.answer.push_back(std::move(answer));
  key.defences.push_back(std::move(group));
  t.keys.push_back(std::move(key));
  return t;
}

}  // namespace dm::test
