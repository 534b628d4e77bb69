// The annotated solution tree (solver/tree/tree_builder.h): tries and set play against
// Popeye's, the structure of published problems' trees, and double-move trees.

#include "solver/tree/tree_builder.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "solver/oracle/brute_force.h"
#include "solver/tree/tree_check.h"
#include "solver/tree/tree_turns.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using namespace dm::test;
using dm::tree::SolutionTree;

namespace {

struct PopeyeRow {
  std::string fen;
  std::string stipulation;
  std::set<std::string> solutions;
  std::set<std::string> tries;     // empty when Popeye gives none
  std::set<std::string> set_play;  // empty when Popeye gives none
};

std::set<std::string> field_set(const std::string& field) {
  std::set<std::string> out;
  if (field == "-") return out;
  for (const auto& part : split(field, '|')) out.insert(trim(part));
  return out;
}

std::vector<PopeyeRow> popeye_rows() {
  const auto lines = read_lines(testdata_path("orthodox/popeye_orthodox_clean.tsv"));
  REQUIRE(lines);
  std::vector<PopeyeRow> rows;
  for (const auto& line : *lines) {
    if (line.empty() || line.front() == '#') continue;
    const auto f = split(line, '\t');
    if (f.size() < 5) continue;
    rows.push_back({f[0], f[1], field_set(f[2]), field_set(f[3]), field_set(f[4])});
  }
  return rows;
}

std::set<std::string> key_names(const SolutionTree& t) {
  std::set<std::string> out;
  for (const auto& k : t.keys) out.insert(turn_to_uci(k.turn));
  return out;
}

std::set<std::string> try_names(const SolutionTree& t) {
  std::set<std::string> out;
  for (const auto& k : t.tries) out.insert(turn_to_uci(k.play.turn));
  return out;
}

std::set<std::string> line_names(const std::vector<problem::Line>& lines) {
  std::set<std::string> out;
  for (const auto& l : lines) out.insert(problem::line_to_uci(l));
  return out;
}

}  // namespace

TEST_CASE("tries with one refutation equal Popeye's where it gives them", "[tree]") {
  int compared = 0;
  for (const PopeyeRow& row : popeye_rows()) {
    if (row.tries.empty()) continue;
    INFO(row.fen << " " << row.stipulation);
    const SolutionTree t = tree_of("chess", row.fen, row.stipulation);
    REQUIRE(t.status == problem::SolveStatus::Solved);
    REQUIRE(t.tries_complete);
    CHECK(key_names(t) == row.solutions);
    CHECK(try_names(t) == row.tries);
    ++compared;
  }
  CHECK(compared > 0);
}

namespace {

// Compares our solutions and set play with Popeye's on the rows that give set play and whose
// stipulation is at most max_turns long.
void compare_set_play(int max_turns) {
  int compared = 0;
  for (const PopeyeRow& row : popeye_rows()) {
    const auto stip = problem::parse_stipulation(row.stipulation);
    REQUIRE(stip);
    if (row.set_play.empty() || stip->turns > max_turns) continue;
    INFO(row.fen << " " << row.stipulation);
    const SolutionTree t = tree_of("chess", row.fen, row.stipulation);
    REQUIRE(t.status == problem::SolveStatus::Solved);
    CHECK(line_names(t.solutions) == row.solutions);
    CHECK(line_names(t.set_play) == row.set_play);
    ++compared;
  }
  CHECK(compared > 0);
}

}  // namespace

TEST_CASE("set play of short helpmates equals Popeye's", "[tree]") { compare_set_play(2); }

TEST_CASE("set play of every helpmate equals Popeye's", "[tree][slow]") { compare_set_play(problem::kMaxTurns); }

namespace {

// Every threat of every key works from the position where the defender passed (full width).
void check_threats(const SolutionTree& t) {
  for (const auto& key : t.keys) {
    if (key.threats.empty()) continue;
    Position after = t.position;
    std::vector<StateInfo> states(key.turn.size());
    for (size_t i = 0; i < key.turn.size(); ++i) after.do_move(key.turn[i], states[i]);
    const auto passed = tree::passed_position(after);
    REQUIRE(passed);
    for (const auto& threat : key.threats) {
      INFO("key " << turn_to_uci(key.turn) << " threat " << turn_to_uci(threat.turn));
      problem::Stipulation s = t.stipulation;
      s.turns = threat.length;
      const auto works = oracle::keys(*passed, s);
      CHECK(std::find(works.begin(), works.end(), threat.turn) != works.end());
      if (threat.length < 2 || threat.ending != tree::Ending::None) continue;
      // A threat of more turns is written whole: every defence against it, each answer working.
      CHECK_FALSE(threat.defences.empty());
      Position after_threat = *passed;
      std::vector<StateInfo> threat_states(threat.turn.size());
      for (size_t i = 0; i < threat.turn.size(); ++i) after_threat.do_move(threat.turn[i], threat_states[i]);
      for (const auto& group : threat.defences) {
        if (group.answer.empty()) continue;
        const auto& answer = group.answer.front();
        for (const Turn& defence : group.turns) {
          Position after_defence = after_threat;
          std::vector<StateInfo> defence_states(defence.size());
          for (size_t i = 0; i < defence.size(); ++i) after_defence.do_move(defence[i], defence_states[i]);
          s.turns = answer.length;
          const auto answers = oracle::keys(after_defence, s);
          INFO("defence " << turn_to_uci(defence) << " answer " << turn_to_uci(answer.turn));
          CHECK(std::find(answers.begin(), answers.end(), answer.turn) != answers.end());
        }
      }
    }
  }
}

// The structure of published problems' trees: the re-check passes, the keys are the solver's
// and the published ones, the threats are real.
void check_published_trees(std::string_view prefix, int max_turns, bool threats) {
  int checked = 0;
  for (const PublishedProblem& p : popeye_problems(prefix)) {
    const auto stip = problem::parse_stipulation(p.stipulation);
    REQUIRE(stip);
    if (stip->turns > max_turns) continue;
    INFO(p.fen << " " << p.stipulation);
    const SolutionTree t = tree_of("chess", p.fen, p.stipulation);
    REQUIRE(t.status != problem::SolveStatus::Unknown);
    const SolverRun run = solve_fen("chess", p.fen, p.stipulation);
    if (stip->play == problem::Play::Help) {
      CHECK(line_names(t.solutions) == run.answers);
    } else {
      CHECK(key_names(t) == run.answers);
      CHECK(t.length == run.result.length);
    }
    CHECK(key_names(t).size() + line_names(t.solutions).size() == p.expected.size());
    const auto check = tree::check_tree(t);
    INFO(check.message);
    CHECK(check.ok());
    if (threats) check_threats(t);
    ++checked;
  }
  CHECK(checked > 0);
}

}  // namespace

TEST_CASE("published #2 trees pass the re-check", "[tree]") { check_published_trees("#2", 2, true); }
TEST_CASE("published #3 trees pass the re-check", "[tree]") { check_published_trees("#3", 3, true); }
TEST_CASE("published s# trees pass the re-check", "[tree]") { check_published_trees("s#", 2, true); }
TEST_CASE("published h# trees pass the re-check", "[tree]") { check_published_trees("h#", 2, false); }
TEST_CASE("published longer trees pass the re-check", "[tree][slow]") {
  check_published_trees("#", 4, true);
  check_published_trees("s#", 4, true);
  check_published_trees("h", 2, false);
}

TEST_CASE("Marseillais Ke6 Qc7 against Kg8 as #1 and =1", "[tree]") {
  const char* fen = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  const SolutionTree mate = tree_of("marseillais", fen, "#1");
  REQUIRE(mate.status == problem::SolveStatus::Solved);
  CHECK(mate.length == 1);
  CHECK(key_names(mate) == solve_fen("marseillais", fen, "#1").answers);
  // 1.Qb7,Qf7+? is no key: the check ends the turn, 1...Kh8 escapes and leaves Black without
  // a second move, a stalemate refutation.
  CHECK_FALSE(key_names(mate).count("c7b7,b7f7"));
  const auto qf7 = std::find_if(mate.tries.begin(), mate.tries.end(),
                                [](const tree::Try& t) { return turn_to_uci(t.play.turn) == "c7b7,b7f7"; });
  REQUIRE(qf7 != mate.tries.end());
  REQUIRE(qf7->refutations.size() == 1);
  CHECK(turn_to_uci(qf7->refutations.front().turn) == "g8h8");
  CHECK(qf7->refutations.front().ending == tree::Ending::Stalemate);
  for (const auto& key : mate.keys) {
    CHECK(key.length == 1);
    CHECK(key.ending == tree::Ending::Mate);
  }
  const auto mate_check = tree::check_tree(mate);
  INFO(mate_check.message);
  CHECK(mate_check.verdict == tree::CheckVerdict::Full);

  const SolutionTree stalemate = tree_of("marseillais", fen, "=1");
  REQUIRE(stalemate.status == problem::SolveStatus::Solved);
  CHECK(key_names(stalemate) == solve_fen("marseillais", fen, "=1").answers);
  // Each key stalemates at once, or leaves every defence stalemated inside Black's turn (M6):
  // 1.Qb7,Qf7+ is answered by 1...Kh8 alone, which leaves Black no second move.
  CHECK(key_names(stalemate).count("c7b7,b7f7"));
  for (const auto& key : stalemate.keys) {
    INFO(turn_to_uci(key.turn));
    if (key.ending == tree::Ending::Stalemate) continue;
    REQUIRE_FALSE(key.defences.empty());
    for (const auto& g : key.defences) CHECK(g.ending == tree::Ending::Stalemate);
    if (turn_to_uci(key.turn) == "c7b7,b7f7") {
      REQUIRE(key.defences.size() == 1);
      REQUIRE(key.defences.front().turns.size() == 1);
      CHECK(turn_to_uci(key.defences.front().turns.front()) == "g8h8");
    }
  }
  const auto stalemate_check = tree::check_tree(stalemate);
  INFO(stalemate_check.message);
  CHECK(stalemate_check.verdict == tree::CheckVerdict::Full);
}

namespace {

void write_node(std::string& out, const tree::AttackNode& node, int depth);

void write_groups(std::string& out, const std::vector<tree::DefenceGroup>& groups, int depth) {
  for (const auto& g : groups) {
    out += std::string(size_t(depth), ' ') + "...";
    for (const auto& t : g.turns) out += " " + turn_to_uci(t);
    out += " e" + std::to_string(int(g.ending)) + "\n";
    for (const auto& a : g.answer) write_node(out, a, depth + 1);
  }
}

void write_node(std::string& out, const tree::AttackNode& node, int depth) {
  out += std::string(size_t(depth), ' ') + turn_to_uci(node.turn) + " n" + std::to_string(node.length) + " e" +
         std::to_string(int(node.ending));
  for (const auto& d : node.duals) out += " dual " + turn_to_uci(d);
  out += "\n";
  for (const auto& t : node.threats) write_node(out, t, depth + 2);
  write_groups(out, node.defences, depth + 1);
}

// Everything the tree says, as text (for comparing two builds).
std::string tree_text(const SolutionTree& t) {
  std::string out = std::to_string(int(t.status)) + " " + std::to_string(t.length) + "\n";
  for (const auto& k : t.keys) write_node(out, k, 0);
  for (const auto& tr : t.tries) {
    out += "try";
    for (const auto& r : tr.refutations) out += " but " + turn_to_uci(r.turn) + " e" + std::to_string(int(r.ending));
    out += "\n";
    write_node(out, tr.play, 1);
  }
  for (const auto& l : t.solutions) out += problem::line_to_uci(l) + "\n";
  for (const auto& l : t.set_play) out += "set " + problem::line_to_uci(l) + "\n";
  return out;
}

}  // namespace

TEST_CASE("a tree does not depend on the thread count", "[tree]") {
  tree::TreeOptions one = everything_shown();
  one.threads = 1;
  tree::TreeOptions two = everything_shown();
  two.threads = 2;
  // The problems where Popeye lists tries: keys, threats, variations and tries are annotated on
  // several workers at once.
  int compared = 0;
  for (const PopeyeRow& row : popeye_rows()) {
    if (row.tries.empty()) continue;
    INFO(row.fen << " " << row.stipulation);
    const SolutionTree alone = tree_of("chess", row.fen, row.stipulation, one);
    REQUIRE(alone.tries_complete);
    for (const int threads : {2, 4}) {
      INFO(threads << " threads");
      tree::TreeOptions many = everything_shown();
      many.threads = threads;
      const SolutionTree shared = tree_of("chess", row.fen, row.stipulation, many);
      CHECK(shared.threads == threads);
      CHECK(tree_text(shared) == tree_text(alone));
    }
    ++compared;
  }
  CHECK(compared > 0);
  const char* marseillais = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  const SolutionTree a = tree_of("marseillais", marseillais, "#1", one);
  const SolutionTree b = tree_of("marseillais", marseillais, "#1", two);
  CHECK(a.status == problem::SolveStatus::Solved);
  CHECK(tree_text(a) == tree_text(b));
}

TEST_CASE("Marseillais #2 tree: every defender turn pair is answered", "[tree]") {
  const char* fen = "6k1/2Q5/4K3/8/8/8/8/8 w - - 0 1";
  const SolutionTree t = tree_of("marseillais", fen, "#2");
  REQUIRE(t.status == problem::SolveStatus::Solved);
  CHECK(key_names(t) == solve_fen("marseillais", fen, "#2").answers);
  int two_move_keys = 0;
  for (const auto& key : t.keys) {
    two_move_keys += key.turn.size() == 2;
    for (const auto& g : key.defences) {
      CHECK_FALSE(g.turns.empty());
      if (g.ending == tree::Ending::None) CHECK(g.answer.size() == 1);
    }
  }
  CHECK(two_move_keys > 0);
  const auto check = tree::check_tree(t);
  INFO(check.message);
  CHECK(check.ok());
}

TEST_CASE("tries can be switched off and have a budget", "[tree]") {
  const char* fen = "8/8/pQ6/p1P5/P1p5/5p2/2k2P2/R3K3 w Q - 0 1";
  tree::TreeOptions off;
  off.tries = false;
  const SolutionTree none = tree_of("chess", fen, "#3", off);
  CHECK(none.status == problem::SolveStatus::Solved);
  CHECK(none.tries.empty());
  tree::TreeOptions tight = everything_shown();
  tight.try_nodes = 1;
  const SolutionTree cut = tree_of("chess", fen, "#3", tight);
  CHECK(cut.status == problem::SolveStatus::Solved);
  CHECK_FALSE(cut.tries_complete);
  CHECK(key_names(cut) == key_names(none));
}

TEST_CASE("threats can be switched off; help solutions can be cut to the first few", "[tree]") {
  tree::TreeOptions quiet;
  quiet.threats = false;
  const SolutionTree direct = tree_of("chess", "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1", "#2", quiet);
  REQUIRE(direct.keys.size() == 1);
  CHECK(direct.keys[0].threats.empty());
  CHECK_FALSE(direct.keys[0].defences.empty());
  CHECK(tree::check_tree(direct).ok());

  const char* help = "k7/7p/1K6/8/8/8/8/3R4 b - - 0 1";  // h#1: Kb8, h6 or h5, then Rd8#
  CHECK(tree_of("chess", help, "h#1").solutions.size() == 3);
  tree::TreeOptions first;
  first.max_solutions = 2;
  const SolutionTree cut = tree_of("chess", help, "h#1", first);
  REQUIRE(cut.solutions.size() == 2);
  CHECK(problem::line_to_uci(cut.solutions[0]) == "a8b8 d1d8");
  CHECK(problem::line_to_uci(cut.solutions[1]) == "h7h5 d1d8");
  CHECK_FALSE(cut.solutions_complete);
  const auto check = tree::check_tree(cut);
  INFO(check.message);
  CHECK(check.verdict == tree::CheckVerdict::Full);
}

TEST_CASE("a build stopped by a limit says unknown and keeps only proven keys", "[tree]") {
  const char* fen = "8/8/pQ6/p1P5/P1p5/5p2/2k2P2/R3K3 w Q - 0 1";
  tree::TreeOptions limited;
  limited.limits.nodes = 500;
  const SolutionTree t = tree_of("chess", fen, "#3", limited);
  CHECK(t.status == problem::SolveStatus::Unknown);
  const auto all = solve_fen("chess", fen, "#3").answers;
  for (const auto& k : key_names(t)) CHECK(all.count(k));
  CHECK(tree::check_tree(t).verdict == tree::CheckVerdict::Partial);
}

TEST_CASE("each key of a short solution carries its own length", "[tree]") {
  // Queen and king against king as #3: Qd8 mates at once, other keys need two or three turns.
  const char* fen = "7k/8/6K1/8/8/8/8/3Q4 w - - 0 1";
  const SolutionTree t = tree_of("chess", fen, "#3");
  REQUIRE(t.status == problem::SolveStatus::Solved);
  CHECK(t.length == 1);
  bool longer = false;
  for (const auto& key : t.keys) {
    INFO(turn_to_uci(key.turn));
    CHECK(key.length >= 1);
    if (key.length > 1) {
      longer = true;
      problem::Stipulation s = t.stipulation;
      s.turns = key.length - 1;
      const auto shorter = oracle::keys(t.position, s);
      CHECK(std::find(shorter.begin(), shorter.end(), key.turn) == shorter.end());
    }
  }
  CHECK(longer);
}

TEST_CASE("post-key play is the play after the key, as Popeye's postkeyplay prints it", "[tree]") {
  // Popeye's own example (TESTS/battle_play.inp, "#1.5"): after the key, every knight move is met
  // by Nc7 or Nxc7 mate; with a black pawn on h5 the pawn's move refutes.
  tree::TreeOptions after_key;
  after_key.post_key_play = true;
  const SolutionTree solved = tree_of("chess", "k3n3/P7/1K6/3N4/8/8/8/8 w - - 0 1", "#2", after_key);
  CHECK(solved.status == problem::SolveStatus::Solved);
  CHECK(solved.keys.empty());
  REQUIRE(solved.post_key);
  CHECK(solved.post_key->threats.empty());
  std::set<std::string> lines;
  for (const tree::DefenceGroup& group : solved.post_key->defences) {
    REQUIRE(group.answer.size() == 1);
    for (const Turn& d : group.turns) lines.insert(turn_to_uci(d) + " " + turn_to_uci(group.answer[0].turn));
  }
  CHECK(lines == std::set<std::string>{"e8c7 d5c7", "e8d6 d5c7", "e8f6 d5c7", "e8g7 d5c7"});
  CHECK(tree::check_tree(solved).verdict == tree::CheckVerdict::Full);

  SolutionTree refuted = tree_of("chess", "k3n3/P7/1K6/3N4/7p/8/8/8 w - - 0 1", "#2", after_key);
  CHECK(refuted.status == problem::SolveStatus::NoSolution);
  REQUIRE(refuted.post_key);
  size_t refutations = 0;
  for (const tree::DefenceGroup& group : refuted.post_key->defences) {
    if (!group.answer.empty()) continue;
    ++refutations;
    CHECK(turn_to_uci(group.turns.front()) == "h4h3");
  }
  CHECK(refutations == 1);
  CHECK(tree::check_tree(refuted).ok());
  // A status that the defences contradict is caught.
  refuted.status = problem::SolveStatus::Solved;
  CHECK(tree::check_tree(refuted).verdict == tree::CheckVerdict::Disagreement);

  // White in check: no key can lead to the position, so there is no post-key play.
  const SolutionTree in_check = tree_of("chess", "k3r3/8/8/8/8/8/8/4K3 w - - 0 1", "#2", after_key);
  CHECK(in_check.status == problem::SolveStatus::NoSolution);
  REQUIRE(in_check.post_key);
  CHECK(in_check.post_key->defences.empty());
  CHECK(tree::check_tree(in_check).ok());
}
