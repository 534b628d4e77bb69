#pragma once
// What `dmsolve solve` and `dmsolve verify` share: the options that build a solution tree
// (limits, threads, tries) and that choose how it is written (--format, --full, --json; the
// writing itself: batch_output.h).

#include <atomic>
#include <optional>
#include <string>

#include <boost/program_options.hpp>

#include "rules/expected.h"
#include "solver/puzzle/puzzle_file.h"
#include "solver/puzzle/show_options.h"
#include "solver/report/format_options.h"
#include "solver/tablebase/tablebase.h"
#include "solver/tree/solution_tree.h"
#include "solver/tree/tree_builder.h"
#include "solver/tree/tree_check.h"

namespace dm::app {

enum class TreeFormat : uint8_t { Text, Json, Pgn, Html };

struct TreeSettings {
  int threads = 0;
  size_t hash_mb = 128;
  double seconds = 0;   // per problem; 0: no limit
  uint64_t nodes = 0;   // per problem; 0: no limit
  uint64_t solutions = 0;  // help and series play, per problem; 0: no limit
  // --tries or --no-tries, --set-play or --no-set-play, where given: each wins over a file's
  // option (nullopt: the file's, else tree::TreeOptions' default).
  std::optional<bool> tries;
  std::optional<bool> set_play;
  // --stop-on-short-solutions: help and series play stop after the first length that has
  // solutions (Popeye's stoponshortsolutions, which a file may also ask for).
  bool stop_on_short_solutions = false;
  bool json_line = false;  // --json: one JSON object per problem on one line
  std::string format = "text";
  bool full = false;
  std::string style = "popeye";  // --style: popeye or compact
  std::string piece_letters = "san";  // --piece-letters: san, en, de or fr (text and HTML)
  bool check = true;  // re-check each tree independently (off: --no-check)
  std::string proof;      // --proof FILE: the proof of one problem's win, lose or loseN
  std::string proof_dir;  // --proof-dir DIR: each proven problem's proof as DIR/ID.proof
  // --tablebase-men N: endgame tables for positions of at most N men (losing chess); -1: 3 for
  // win, lose and loseN, none for the rest. --tablebase-mb: their memory.
  int tablebase_men = -1;
  size_t tablebase_mb = 1024;
  std::string tablebase_dir;  // --tablebase-dir: where the tables are kept between runs
};

// Adds --threads, --hash, --time, --nodes, --solution-limit, --tries/--no-tries,
// --set-play/--no-set-play, --stop-on-short-solutions, --format, --full, --style,
// --piece-letters, --no-check, --json, --proof, --proof-dir, --tablebase-men, --tablebase-mb
// and --tablebase-dir.
void add_tree_options(boost::program_options::options_description& options, TreeSettings& settings);

// The endgame tables' options of these settings (max_men 0: none for any problem; the
// default gives 3 and TreeSettings::tables_wanted says for which problems).
tablebase::TablebaseOptions tablebase_options(const TreeSettings& settings);
// Whether a problem of this stipulation is solved with endgame tables (where its variant has them).
bool tables_wanted(const TreeSettings& settings, const problem::Stipulation& stipulation);

// Checks the values add_tree_options read (after notify); the message names the option.
Expected<TreeFormat> check_tree_settings(TreeSettings& settings, const boost::program_options::variables_map& vm);

// The options of one tree: its limits and tries from settings, the threads from workers (made
// once with settings.threads and kept for every problem of the run), and what the problem's
// file asks to be shown (tries, refutations, set play, threats, help solutions, the short
// solutions alone). A file's option wins over the command line's default; --tries and
// --no-tries, --set-play and --no-set-play, when given, win over the file, and
// --stop-on-short-solutions holds for every problem.
tree::TreeOptions tree_options(const TreeSettings& settings, const std::atomic<bool>* interrupt,
                               search::Workers& workers, const puzzle::ShowOptions& show = {});

// Re-checks a built tree with the independent plain search (tree_check.h) when settings ask
// for it, and records in the tree whether every claim was confirmed. A tree that is not
// re-checked counts as confirmed (CheckVerdict::Partial with a message saying so). A proof
// written only for the re-check is removed afterwards.
tree::CheckResult recheck(tree::SolutionTree& tree, const TreeSettings& settings);

// Removes a proof file the tree's build wrote only for the re-check (ProofSummary::temporary).
void discard_temporary_proof(tree::SolutionTree& tree);

report::FormatOptions format_options(const TreeSettings& settings, const std::string& id,
                                     const report::ProblemLabels& labels = {});

// What a puzzle's file says of it, for the formats: title, author, source and twin.
report::ProblemLabels labels_of(const puzzle::Puzzle& puzzle);

// Where the proof of the problem `id` goes with these settings: --proof for a problem given on
// the command line (id empty), DIR/ID.proof with --proof-dir (the id made safe as a file name),
// else nowhere (empty).
std::string proof_file_for(const TreeSettings& settings, const std::string& id);

// Why the proof asked for with --proof or --proof-dir was not written ("the proof was not
// written: PATH.part: No space left on device"), or "" when it was, or when none was asked for
// (a proof written only for the re-check is no concern of the user's).
std::string unwritten_proof(const TreeSettings& settings, const tree::SolutionTree& tree);

}  // namespace dm::app
