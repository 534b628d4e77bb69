#include "solver_support.h"

#include <algorithm>
#include <cstdlib>

#include <catch2/catch.hpp>

#include "solver/oracle/brute_force.h"
#include "test_data.h"

namespace dm::test {

namespace {

std::set<std::string> as_set(const std::string& field) {
  std::set<std::string> out;
  if (field == "none" || field == "-") return out;
  for (const auto& part : split(field, '|')) out.insert(trim(part));
  return out;
}

std::vector<std::vector<std::string>> tsv_rows(std::string_view file) {
  const auto lines = read_lines(testdata_path(file));
  REQUIRE(lines);
  std::vector<std::vector<std::string>> rows;
  for (const auto& line : *lines) {
    if (line.empty() || line.front() == '#') continue;
    rows.push_back(split(line, '\t'));
  }
  return rows;
}

}  // namespace

tree::TreeOptions everything_shown() {
  tree::TreeOptions options;
  options.tries = true;
  options.set_play = true;
  return options;
}

tree::SolutionTree tree_of(std::string_view variant, std::string_view fen, std::string_view stipulation,
                           tree::TreeOptions options) {
  const Position pos = position_of(variant, fen);
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  if (options.threads == 0) options.threads = 1;
  search::TranspositionTable tt(16);
  return tree::build_tree(pos, *stip, options, tt);
}

SolverRun solve_fen(std::string_view variant, std::string_view fen, std::string_view stipulation, int threads,
                    size_t hash_mb, double seconds) {
  return solve_position(position_of(variant, fen), stipulation, threads, hash_mb, seconds);
}

SolverRun solve_position(const Position& pos, std::string_view stipulation, int threads, size_t hash_mb,
                         double seconds) {
  search::SolveOptions options;
  options.threads = threads;
  options.limits.seconds = seconds;
  return solve_with(pos, stipulation, options, hash_mb);
}

SolverRun solve_with(const Position& pos, std::string_view stipulation, const search::SolveOptions& options,
                     size_t hash_mb) {
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  search::TranspositionTable tt(hash_mb);
  SolverRun run{search::solve(pos, *stip, options, tt), {}};
  for (const auto& key : run.result.keys) run.answers.insert(problem::turn_to_uci(key));
  for (const auto& line : run.result.solutions) run.answers.insert(problem::line_to_uci(line));
  return run;
}

std::optional<std::string> sparse_position(std::mt19937& rng, std::string_view pieces, char side, bool cornered,
                                           int crowd) {
  std::string board(64, '.');
  int king = -1;
  for (const char piece : pieces) {
    if (piece == 'k' && cornered) {
      const int corners[] = {0, 7, 56, 63};
      king = corners[std::uniform_int_distribution<int>(0, 3)(rng)];
      if (board[size_t(king)] != '.') return std::nullopt;
      board[size_t(king)] = piece;
      continue;
    }
    const bool crowding = piece >= 'a' && king >= 0;
    // A crowded corner may have no square left: the draw is then given up.
    bool placed = false;
    for (int tries = 0; tries < 1000 && !placed; ++tries) {
      const int s = std::uniform_int_distribution<int>(0, 63)(rng);
      const bool pawn_rank = s / 8 == 0 || s / 8 == 7;
      const bool near = !crowding || std::max(std::abs(s / 8 - king / 8), std::abs(s % 8 - king % 8)) <= crowd;
      if (board[size_t(s)] == '.' && near && !((piece == 'P' || piece == 'p') && pawn_rank)) {
        board[size_t(s)] = piece;
        placed = true;
      }
    }
    if (!placed) return std::nullopt;
  }
  const std::string fen = board_field(board, 8, 8) + " " + side + " - - 0 1";
  Position pos;
  if (pos.set(*make_variant("chess", {}), fen)) return std::nullopt;  // e.g. White in check
  return fen;
}

std::set<std::string> brute_force_answers(std::string_view variant, std::string_view fen,
                                          std::string_view stipulation) {
  const Position pos = position_of(variant, fen);
  const auto stip = problem::parse_stipulation(stipulation);
  REQUIRE(stip);
  std::set<std::string> out;
  if (stip->play == problem::Play::Help) {
    for (const auto& line : oracle::help_solutions(pos, *stip)) out.insert(problem::line_to_uci(line));
  } else if (stip->is_series()) {
    for (const auto& line : oracle::series_solutions(pos, *stip)) out.insert(problem::line_to_uci(line));
  } else {
    for (const auto& key : oracle::keys(pos, *stip)) out.insert(problem::turn_to_uci(key));
  }
  return out;
}

std::vector<PublishedProblem> popeye_problems(std::string_view prefix) {
  std::vector<PublishedProblem> out;
  for (const auto& row : tsv_rows("orthodox/popeye_orthodox_clean.tsv")) {
    if (row.size() < 3 || !starts_with(row[1], prefix)) continue;
    out.push_back({"popeye", row[0], row[1], as_set(row[2])});
  }
  return out;
}

std::vector<PublishedProblem> vaeth_problems() {
  std::vector<PublishedProblem> out;
  for (const auto& row : tsv_rows("orthodox/vaeth_problems.tsv")) out.push_back({"vaeth", row[0], row[1], as_set(row[2])});
  return out;
}

std::vector<PublishedProblem> lichess_problems() {
  std::vector<PublishedProblem> out;
  for (const auto& row : tsv_rows("orthodox/lichess_mate_puzzles_subset.tsv")) {
    if (row.size() < 5 || row[4] == "-") continue;
    out.push_back({"lichess " + row[6], row[0], row[1], as_set(row[4])});
  }
  return out;
}

std::vector<PublishedProblem> matetrack_problems() {
  const auto lines = read_lines(testdata_path("orthodox/matetrackpv.epd"));
  REQUIRE(lines);
  std::vector<PublishedProblem> out;
  for (const auto& line : *lines) {
    const auto bm = line.find("bm #");
    if (bm == std::string::npos) continue;
    const int n = std::stoi(line.substr(bm + 4));
    if (n < 2 || n > 5) continue;
    const auto words = split_words(line);
    PublishedProblem p{"matetrack", words[0] + " " + words[1] + " " + words[2] + " " + words[3], "#" + std::to_string(n),
                       {}, true};
    if (const auto pv = line.find("PV:"); pv != std::string::npos) {
      const auto moves = split_words(line.substr(pv + 3));
      if (!moves.empty()) p.expected.insert(moves[0].substr(0, moves[0].find(';')));
    }
    out.push_back(p);
  }
  return out;
}

void check_published(const PublishedProblem& p, int threads) {
  INFO(p.source << ": " << p.fen << " " << p.stipulation);
  const SolverRun run = solve_fen("chess", p.fen, p.stipulation, threads, 16);
  REQUIRE(run.result.status != problem::SolveStatus::Unknown);
  if (p.key_only) {
    // The source gives the fastest mate and one key: it must be among ours, at that length.
    CHECK(run.result.length == std::stoi(p.stipulation.substr(1)));
    for (const auto& key : p.expected) CHECK(run.answers.count(key));
  } else {
    CHECK(run.answers == p.expected);
    CHECK((run.result.status == problem::SolveStatus::NoSolution) == p.expected.empty());
  }
}

bool check_published_within(const PublishedProblem& p, int threads, double seconds, size_t hash_mb) {
  INFO(p.source << ": " << p.fen << " " << p.stipulation << " within " << seconds << " s");
  const SolverRun run = solve_fen("chess", p.fen, p.stipulation, threads, hash_mb, seconds);
  if (run.result.status == problem::SolveStatus::Unknown) return false;
  CHECK(run.answers == p.expected);
  CHECK((run.result.status == problem::SolveStatus::NoSolution) == p.expected.empty());
  return true;
}

}  // namespace dm::test
