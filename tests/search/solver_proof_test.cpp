// The proof stipulations (win, lose, loseN: docs/rules.md section 8) against the game-graph oracle
// (game_graph.h), which shares nothing with the solver: no df-pn, no table, no repetition
// bookkeeping, only backward induction over every position reachable from the start. On random
// positions of few men in each variant whose whole graph is small, the solver must prove `win`
// exactly where the side to move forces a win, `lose` exactly where its opponent does, and
// `loseN` exactly where the opponent needs at most N turns; a proof may be longer than the
// fewest turns, never shorter. Repetitions are everywhere in these graphs (kings walking to and
// fro), so a disproof that rests on the path would show as a wrong verdict. Each proof is also
// written and checked by the independent proof checker (tree_check.h), and in losing chess the
// same answers must come with the endgame tables as without. A proof written only for the
// re-check lives as long as the tree that holds it, and no longer.

#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "game_graph.h"
#include "rules/game.h"
#include "rules/outcome.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_extractor.h"
#include "solver/proof/proof_writer.h"
#include "solver/search/node_rules.h"
#include "solver/search/proof_reader.h"
#include "solver/search/solver.h"
#include "solver/tablebase/tablebase.h"
#include "solver/tree/tree_builder.h"
#include "solver/tree/tree_check.h"
#include "temp_dir.h"
#include "test_data.h"

namespace dm {
namespace {

// A random position of the given men (FEN letters) with `side` to move, or nullopt when the
// placement is no legal position or a finished game.
std::optional<std::string> random_fen(std::mt19937& rng, const Variant& variant, std::string_view men, char side) {
  const int files = variant.files;
  const int ranks = variant.ranks;
  std::string board(size_t(files * ranks), '.');
  for (const char man : men) {
    for (;;) {
      const int s = std::uniform_int_distribution<int>(0, files * ranks - 1)(rng);
      const bool edge_rank = s / files == 0 || s / files == ranks - 1;
      if (board[size_t(s)] == '.' && !((man == 'P' || man == 'p') && edge_rank)) {
        board[size_t(s)] = man;
        break;
      }
    }
  }
  const std::string fen = test::board_field(board, files, ranks) + " " + side + " - -";
  Position pos;
  if (pos.set(variant, fen) || outcome(pos).is_over()) return std::nullopt;
  return fen;
}

// What each search gets (a Sample's), and whether it must then decide every question it can
// be expected to (the small games of the losing variants) or may stop unknown, never wrong
// (the royal variants, where df-pn needs far more for a king hunt of many turns).
uint64_t budget = 0;
size_t hash_mb = 16;
bool complete = true;

search::SolveResult solve(const Position& pos, std::string_view stipulation, tablebase::Tablebase* tables) {
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  search::SolveOptions options;
  options.threads = 1;
  options.tables = tables;
  options.limits.nodes = budget;
  search::TranspositionTable tt(hash_mb);
  return search::solve(pos, *stip, options, tt);
}

// Whether r answers "does the side force its win", whose true answer is that it does within
// `turns` (nullopt: it does not). A win is proven, never in fewer turns than the oracle's
// fewest; a position not won is never proven. Where the search may stop (see above, and any
// disproof that rests on the defender walking in circles, which df-pn seldom closes: dfpn.h),
// it stops unknown. Returns whether it was left unknown.
bool check_answer(const search::SolveResult& r, std::optional<int> turns, bool may_stop) {
  if (r.status == problem::SolveStatus::Unknown) {
    REQUIRE(may_stop);
    return true;
  }
  REQUIRE(r.status == (turns ? problem::SolveStatus::Solved : problem::SolveStatus::NoSolution));
  if (turns) CHECK(r.length >= *turns);
  return false;
}

// The bounded questions (winN, loseN): decided exactly, the side forcing its win within N turns
// just where the oracle's fewest turns are N or fewer (at the oracle's turns, and one fewer).
int check_bounded(const Position& pos, std::string_view stipulation, std::optional<int> turns, tablebase::Tablebase* tables) {
  const int n = turns ? std::max(*turns, 1) : 2;
  INFO(stipulation << n);
  int unknown = check_answer(solve(pos, std::string(stipulation) + std::to_string(n), tables), turns, !complete);
  if (turns && *turns > 1) {
    unknown += check_answer(solve(pos, std::string(stipulation) + std::to_string(*turns - 1), tables), std::nullopt, !complete);
  }
  return unknown;
}

// The solver's answers to win, lose, winN and loseN on pos against the oracle's turns; the
// number of questions left unknown.
int check_against_graph(const Position& pos, const test::GameGraph& graph, tablebase::Tablebase* tables) {
  const Color us = pos.side_to_move();
  const std::optional<int> ours = graph.win_turns(us);
  const std::optional<int> theirs = graph.win_turns(~us);
  INFO(pos.variant().name << " " << pos.fen() << (tables ? " with tables" : "") << ": the side to move wins in "
                          << (ours ? std::to_string(*ours) : "-") << ", loses in "
                          << (theirs ? std::to_string(*theirs) : "-"));
  int unknown = check_answer(solve(pos, "win", tables), ours, !complete || !ours);
  unknown += check_answer(solve(pos, "lose", tables), theirs, !complete || !theirs);
  unknown += check_bounded(pos, "win", ours, tables);
  unknown += check_bounded(pos, "lose", theirs, tables);
  return unknown;
}

// A proven position's proof, written and checked by the independent checker.
void check_proof(const Position& pos, std::string_view stipulation, tablebase::Tablebase* tables) {
  tree::TreeOptions options;
  options.threads = 1;
  options.tables = tables;
  search::TranspositionTable tt(16);
  const tree::SolutionTree tree = tree::build_tree(pos, *problem::parse_stipulation(stipulation), options, tt);
  REQUIRE(tree.status == problem::SolveStatus::Solved);
  const tree::CheckResult check = tree::check_tree(tree);
  INFO(check.message);
  CHECK(check.ok());
}

struct Sample {
  const char* variant;
  std::vector<const char*> men;  // FEN letters of the men of each position drawn
  size_t positions;              // positions to compare (of those whose graph fits)
  uint64_t nodes;                // each search's budget
  size_t hash_mb;                // and its table
  bool complete;                 // every question decided within the budget (see `complete`)
};

void compare_random_positions(const Sample& sample, size_t max_graph, uint32_t seed) {
  const Variant variant = test::variant_named(sample.variant);
  budget = sample.nodes;
  hash_mb = sample.hash_mb;
  complete = sample.complete;
  std::optional<tablebase::Tablebase> tables;
  if (tablebase::Tablebase::applies_to(variant))
    tables.emplace(variant, tablebase::TablebaseOptions{3, size_t(64) << 20, ""});
  std::mt19937 rng(seed);
  size_t compared = 0;
  size_t decided = 0;
  size_t proofs = 0;
  size_t unknown = 0;    // questions left unknown
  size_t questions = 0;  // asked: win, lose and at least one bounded question of each side
  const size_t wanted = size_t(test::sample_size(int(sample.positions)));
  for (size_t tries = 0; compared < wanted && tries < 40 * wanted; ++tries) {
    const char* men = sample.men[tries % sample.men.size()];
    const auto fen = random_fen(rng, variant, men, tries % 2 ? 'b' : 'w');
    if (!fen) continue;
    const Position pos = test::position_of(variant, *fen);
    const auto graph = test::GameGraph::explore(pos, max_graph);
    if (!graph) continue;
    unknown += size_t(check_against_graph(pos, *graph, nullptr));
    if (tables) CHECK(check_against_graph(pos, *graph, &*tables) == 0);  // the tables hold these men
    ++compared;
    questions += 4;
    const bool won = graph->win_turns(pos.side_to_move()).has_value();
    const bool lost = graph->win_turns(~pos.side_to_move()).has_value();
    decided += won || lost;
    // Every few decided positions, the proof itself, through the tables where there are some.
    if ((won || lost) && decided % 4 == 1) {
      check_proof(pos, won ? "win" : "lose", tables ? &*tables : nullptr);
      ++proofs;
    }
  }
  INFO(sample.variant << ": " << compared << " positions compared, " << decided << " decided; " << unknown
                      << " of " << questions << " questions left unknown");
  CHECK(compared == wanted);
  CHECK(decided > 0);  // not only draws
  if (sample.complete) CHECK(decided < compared);  // and some draws (in the double-move variants
                                                  // even a knight may win against a bare king)
  CHECK(proofs > 0);
  // Most questions answered; in the royal variants at least some (df-pn seldom disproves a
  // draw in which the kings walk in circles, and KN v K, KB v K are mostly draws there).
  CHECK((sample.complete ? 2 * unknown : unknown) < questions);
}

}  // namespace

TEST_CASE("proof stipulations: win, lose and loseN equal the game graph's backward induction", "[solver][proof]") {
  compare_random_positions({"antichess", {"Kk", "Rn", "Pp", "Qb", "Nk", "Bp", "KP"}, 40, 400'000, 16, true}, 60'000, 1);
  compare_random_positions({"losing-marseillais", {"Kk", "Rn", "Pp", "Nb", "Kp"}, 30, 400'000, 16, true}, 60'000, 2);
}

TEST_CASE("proof stipulations: a proof written only for the re-check goes with the last copy of its tree",
          "[solver][proof]") {
  // Losing Marseillais, White Rc5 against Nb3: White gives the rook away and wins (found
  // proven in the runs that used to leave these files behind).
  const Position pos = test::position_of("losing-marseillais", "8/8/8/2R5/8/1n6/8/8 w - -");
  tree::TreeOptions options;
  options.threads = 1;
  search::TranspositionTable tt(16);
  std::string path;
  {
    const tree::SolutionTree tree = tree::build_tree(pos, *problem::parse_stipulation("win"), options, tt);
    REQUIRE(tree.status == problem::SolveStatus::Solved);
    REQUIRE(tree.proof);
    REQUIRE(tree.proof->temporary);
    path = tree.proof->file;
    CHECK(std::filesystem::exists(path));
    {
      const tree::SolutionTree copy = tree;
      CHECK(tree::check_tree(copy).ok());
    }
    CHECK(std::filesystem::exists(path));  // the first tree still holds it
  }
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("proof stipulations: a proof is read back when the table has replaced its nodes", "[solver][proof]") {
  // Antichess, Black to move and lose, in a 1 MiB table (issue 56): the search proves the root
  // in about 2 M nodes and the table keeps few of the nodes below. Reading the proof back must
  // search a winner's node again from its children, by their numbers; searching its moves one
  // by one to their end spent the whole 10 M node limit disproving the first losing ones.
  const Position pos = test::position_of("antichess", "7r/p3pp1p/p6p/3P4/2P5/N6N/3K1PPP/7R b - -");
  tree::TreeOptions options;
  options.threads = 1;
  options.limits.nodes = 10'000'000;
  search::TranspositionTable tt(1);
  const tree::SolutionTree tree = tree::build_tree(pos, *problem::parse_stipulation("lose"), options, tt);
  REQUIRE(tree.status == problem::SolveStatus::Solved);
  REQUIRE(tree.proof);
  const tree::CheckResult check = tree::check_tree(tree);
  INFO(check.message);
  CHECK(check.ok());
}

namespace {

// Writes the proof of pos (`stipulation`, every node decided by `tables`) into `file` as a
// solve does after its search, with a memo of `memo_slots` growing to `memo_bytes`: the nodes
// written, checked by check-proof, or why the writing failed.
Expected<uint64_t> write_table_proof(const Position& pos, std::string_view stipulation, tablebase::Tablebase& tables,
                                     const std::string& file, size_t memo_slots, size_t memo_bytes,
                                     const search::SearchLimits& limits = {}) {
  const search::NodeRules rules =
      search::NodeRules::for_problem(*problem::parse_stipulation(stipulation), pos, &tables);
  search::TranspositionTable tt(1);
  search::SearchControl control(limits);
  search::ProofReader reader(rules, tt, control);
  auto writer = proof::ProofWriter::open(file, pos, rules.attacker());
  REQUIRE(writer);
  proof::ProofExtractor extractor(reader, **writer, memo_slots, memo_bytes);
  const auto extracted = extractor.extract(pos, rules.root_turns());
  if (!extracted) return Expected<uint64_t>::failure(extracted.error());
  REQUIRE_FALSE((*writer)->finish(extracted->root));
  CHECK(proof::check_proof(file).accepted());
  return extracted->nodes;
}

}  // namespace

TEST_CASE("proof stipulations: a stop ends the writing of a proof the endgame tables decide", "[solver][proof]") {
  // Antichess, White's knight against the rook and king (issue 56): every node of the proof is
  // decided by the 3-man tables, so writing it runs no search that would look at the limits.
  // The writer looks for itself: stopped, it writes nothing more and says so.
  const Position pos = test::position_of("antichess", "7r/8/8/8/8/8/8/N2k4 w - -");
  tablebase::Tablebase tables(pos.variant(), tablebase::TablebaseOptions{3, size_t(64) << 20, ""});
  const test::TempDir dir;
  for (const bool stop : {false, true}) {
    INFO("stopped: " << stop);
    std::atomic<bool> interrupt{stop};
    search::SearchLimits limits;
    limits.interrupt = &interrupt;
    const Expected<uint64_t> nodes =
        write_table_proof(pos, "win", tables, dir.file(stop ? "stopped.proof" : "whole.proof"), 1024, 1 << 20, limits);
    CHECK(bool(nodes) == !stop);
    if (nodes) CHECK(*nodes >= 3);  // 1.Nc2, either capture of it, and the end
    if (!nodes) CHECK(nodes.error().find("stopped") != std::string::npos);
  }
}

TEST_CASE("proof stipulations: the memo of written positions grows with a proof the tables decide", "[solver][proof]") {
  // Antichess, White (king and pawn) to move and lose against the king (issue 56): the 3-man
  // tables decide every node, and the proof runs to the game's end through every turn of the
  // loser, meeting the same positions by many paths. A memo that starts at one slot and may
  // grow writes each position once, as a large one does; one that may not grow writes the
  // shared subtrees again and again (in a 4-man ending without end).
  const Position pos = test::position_of("antichess", "8/2k5/8/8/8/8/1P6/4K3 w - -");
  tablebase::Tablebase tables(pos.variant(), tablebase::TablebaseOptions{3, size_t(64) << 20, ""});
  const test::TempDir dir;
  const auto nodes_written = [&](size_t slots, size_t max_bytes) -> uint64_t {
    const std::string file = dir.file("memo-" + std::to_string(slots) + "-" + std::to_string(max_bytes) + ".proof");
    const Expected<uint64_t> nodes = write_table_proof(pos, "lose", tables, file, slots, max_bytes);
    INFO((nodes ? "" : nodes.error()));
    REQUIRE(nodes);
    return *nodes;
  };
  const uint64_t large = nodes_written(1 << 16, 1 << 22);
  CHECK(large > 100);
  CHECK(nodes_written(1, 1 << 22) == large);
  CHECK(nodes_written(1, 1) > 2 * large);
}

TEST_CASE("proof stipulations: a proof through more tables than the budget holds reads them again", "[solver][proof]") {
  // The same ending: its proof runs through the pawn's table, the five of its promotions and
  // the two-man ones. Within a budget of half their files (less than one three-man table held
  // whole, so none is resident) they take turns in the tables' cache, packed. Before the
  // cache, a table past the budget answered nothing, and the writer searched its positions
  // instead (a proof through 4-man endings reaches hundreds of materials, and that search did
  // not end): here a limit of one node makes any such search fail the writing.
  const Position pos = test::position_of("antichess", "8/2k5/8/8/8/8/1P6/4K3 w - -");
  const test::TempDir dir;
  const std::string kept = (dir.path() / "tables").string();
  tablebase::Tablebase roomy(pos.variant(), tablebase::TablebaseOptions{3, size_t(64) << 20, kept});
  const Expected<uint64_t> whole = write_table_proof(pos, "lose", roomy, dir.file("roomy.proof"), 1 << 16, 1 << 22);
  REQUIRE(whole);
  size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(kept))
    if (entry.is_regular_file()) files += size_t(entry.file_size());
  const size_t cache_budget = files / 2;
  REQUIRE(cache_budget < size_t(1) << 20);
  tablebase::Tablebase tight(pos.variant(), tablebase::TablebaseOptions{3, cache_budget, kept});  // read from `kept`
  search::SearchLimits one_node;
  one_node.nodes = 1;
  const Expected<uint64_t> tight_nodes =
      write_table_proof(pos, "lose", tight, dir.file("tight.proof"), 1 << 16, 1 << 22, one_node);
  INFO((tight_nodes ? "" : tight_nodes.error()));
  REQUIRE(tight_nodes);
  CHECK(*tight_nodes == *whole);
  CHECK(tight.stats().evicted > 0);
  CHECK(tight.stats().bytes <= cache_budget);
}

TEST_CASE("proof stipulations: the loser's turns are grouped by the real answer, not its text", "[solver][proof]") {
  // Antichess, Black to move and lose (issue 55): after c7c5 White takes e.p. (d5c6), after
  // c7c6 it takes plainly (d5c6). The two answers read alike but are different moves, each
  // legal only where it is played, so the two defences are in different groups, and the tree
  // passes its re-check.
  const Position pos = test::position_of("antichess", "r1bk1r2/p1pp1p1p/8/p2P2p1/P1P5/4K1P1/2N1N2P/R1B4R b - -");
  tree::TreeOptions options;
  options.threads = 1;
  search::TranspositionTable tt(64);
  const tree::SolutionTree tree = tree::build_tree(pos, *problem::parse_stipulation("lose"), options, tt);
  REQUIRE(tree.status == problem::SolveStatus::Solved);
  const auto answer_to = [&](std::string_view defence) -> const tree::DefenceGroup* {
    for (const tree::DefenceGroup& group : tree.defences) {
      for (const Turn& turn : group.turns) {
        if (turn_to_uci(turn) == defence) return &group;
      }
    }
    return nullptr;
  };
  const tree::DefenceGroup* two_step = answer_to("c7c5");
  const tree::DefenceGroup* one_step = answer_to("c7c6");
  REQUIRE(two_step);
  REQUIRE(one_step);
  CHECK(two_step != one_step);
  REQUIRE(two_step->answer.size() == 1);
  REQUIRE(one_step->answer.size() == 1);
  CHECK(turn_to_uci(two_step->answer.front().turn) == "d5c6");
  CHECK(two_step->answer.front().turn.front().kind() == MoveKind::EnPassant);
  CHECK(turn_to_uci(one_step->answer.front().turn) == "d5c6");
  CHECK(one_step->answer.front().turn.front().kind() == MoveKind::Normal);
  const tree::CheckResult check = tree::check_tree(tree);
  INFO(check.message);
  CHECK(check.ok());
}

TEST_CASE("proof stipulations: the same in the royal variants, on three men", "[solver][proof][slow]") {
  for (const char* variant : {"chess", "marseillais", "marseillais-classical", "doublemove", "bennekom"}) {
    compare_random_positions({variant, {"KRk", "KNk", "KBk"}, 4, 20'000'000, 256, false}, 1'500'000, 3);
  }
}

}  // namespace dm
