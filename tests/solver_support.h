#pragma once
// Helpers for the solver's tests: solving a FEN in one call, result sets in UCI, and the
// published problem files read into one record type.

#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "solver/search/solver.h"
#include "solver/problem/stipulation.h"
#include "solver/tree/tree_builder.h"

namespace dm::test {

struct SolverRun {
  search::SolveResult result;
  std::set<std::string> answers;  // keys (direct/self) or solution lines (help), in UCI
};

SolverRun solve_fen(std::string_view variant, std::string_view fen, std::string_view stipulation, int threads = 1,
                    size_t hash_mb = 8, double seconds = 0.0);
// The same for a position set up already (a variant with rule options, say).
SolverRun solve_position(const Position& pos, std::string_view stipulation, int threads = 1, size_t hash_mb = 8,
                         double seconds = 0.0);
// The same with the solve's options given (threads, limits, help targets).
SolverRun solve_with(const Position& pos, std::string_view stipulation, const search::SolveOptions& options,
                     size_t hash_mb = 8);

// TreeOptions with the tries and the set play asked for (Popeye's `option try setplay`): both
// are off by default.
tree::TreeOptions everything_shown();

// The annotated solution tree of a problem (tree_builder.h), built with `options` (one thread
// unless they say otherwise) over a table of its own.
tree::SolutionTree tree_of(std::string_view variant, std::string_view fen, std::string_view stipulation,
                           tree::TreeOptions options = everything_shown());

// A random legal chess position with few pieces (FEN letters, both kings among them), `side`
// ('w' or 'b') to move and not giving check; with `cornered`, Black's king in a corner; with
// `crowd` under 7, each of Black's men placed after its king within that many squares of it
// (where they may stand next to it in a stalemate). nullopt where the draw is no legal position.
std::optional<std::string> sparse_position(std::mt19937& rng, std::string_view pieces, char side = 'b',
                                           bool cornered = false, int crowd = 7);

// The brute-force oracle's answers in the same form.
std::set<std::string> brute_force_answers(std::string_view variant, std::string_view fen, std::string_view stipulation);

// A published problem: position, stipulation and the expected set of keys or lines (empty:
// no solution). `key_only`: the set holds one known key, not all of them (matetrack PVs).
struct PublishedProblem {
  std::string source;
  std::string fen;
  std::string stipulation;
  std::set<std::string> expected;
  bool key_only = false;
};

// Rows of popeye_orthodox_clean.tsv, vaeth_problems.tsv, lichess_mate_puzzles_subset.tsv
// (those with all keys) and matetrackpv.epd (#2 to #5) whose stipulation starts with prefix.
std::vector<PublishedProblem> popeye_problems(std::string_view prefix);
std::vector<PublishedProblem> vaeth_problems();
std::vector<PublishedProblem> lichess_problems();
std::vector<PublishedProblem> matetrack_problems();

// Checks one problem against the solver (a Catch2 assertion with the problem in its message).
void check_published(const PublishedProblem& p, int threads = 1);

// Like check_published, but under a time limit and with a table of hash_mb MiB: an answer that
// comes must be the published one; a search the limit stops must say unknown (never a guess).
// Returns whether it was decided.
bool check_published_within(const PublishedProblem& p, int threads, double seconds, size_t hash_mb = 64);

}  // namespace dm::test
