#include "solver/app/tree_output.h"

#include <cctype>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <string>
#include <utility>

#include "solver/app/cache_folder.h"
#include "solver/app/option_checks.h"
#include "solver/report/piece_letters.h"

namespace dm::app {

void add_tree_options(boost::program_options::options_description& options, TreeSettings& settings) {
  namespace po = boost::program_options;
  // One option a line, as `--help` lists them.
  // clang-format off
  options.add_options()
      ("threads,t", po::value(&settings.threads)->default_value(0), "worker threads (0: every hardware thread)")
      ("hash", po::value(&settings.hash_mb)->default_value(default_hash_megabytes()), "the most memory of the transposition table, in MiB; it takes what the search fills (default: a quarter of this machine's memory, at most 1024)")
      ("time", po::value(&settings.seconds)->default_value(0), "stop after this many seconds per problem (0: no limit)")
      ("nodes", po::value(&settings.nodes)->default_value(0), "stop after this many nodes per problem (0: no limit)")
      ("solution-limit", po::value(&settings.solutions)->default_value(0), "help and series play: stop after this many solutions per problem, leaving the answer incomplete as --time does (0: no limit; Popeye's maxsolutions, which keeps the first N of all in order, is the puzzle option)")
      ("format", po::value(&settings.format)->default_value("text"), "how each solution tree is printed: text, json, pgn or html (several problems make one document: JSON Lines, one HTML page)")
      ("full", "print every turn of large defence groups (default: a count and a few examples)")
      ("style", po::value(&settings.style)->default_value("popeye"), "text and HTML: popeye (threat lines whole, only the defences that stop a threat, zugzwang marked, as Popeye writes them) or compact (every defence, threats by their first turn)")
      ("piece-letters", po::value(&settings.piece_letters)->default_value("san"), "text and HTML: the letters of the pieces in moves, diagram and piece lists: san (K Q R B N), or Popeye's en (K Q R B S), de (K D T L S) or fr (R D T F C); JSON and PGN keep SAN")
      ("tries", "direct, self and reflex play: also show the tries, first turns that fail to one defence (off by default, as in Popeye; its option try)")
      ("no-tries", "no tries, even where a problem file asks for them (option try)")
      ("set-play", "also show the set play: the play as though the side to move passed its first turn (h#N, h=N; #N, s#N, r#N of two turns or more). Off by default, as in Popeye (its option setplay)")
      ("no-set-play", "no set play, even where a problem file asks for it (option setplay)")
      ("stop-on-short-solutions", "help and series play: once a length shorter than stipulated has solutions, do not look for longer ones (Popeye's option stoponshortsolutions; by default every length up to the stipulated one is listed, shortest first)")
      ("no-check", "skip the independent re-check of each tree (tree_check)")
      ("json", "print one JSON object per problem on one line (JSON Lines), the whole tree included")
      ("proof", po::value(&settings.proof), "win, lose, loseN of one problem: write its proof to FILE (docs/proof-format.md; zstd when FILE ends in .zst)")
      ("proof-dir", po::value(&settings.proof_dir), "win, lose, loseN: write each proven problem's proof as DIR/ID.proof")
      ("tablebase-men", po::value(&settings.tablebase_men), "losing chess: endgame tables for positions of at most N men, made when first needed and kept (see --tablebase-dir; 0: none; default 3 for win, lose and loseN, none otherwise)")
      ("tablebase-mb", po::value(&settings.tablebase_mb)->default_value(1024), "the most memory the endgame tables take, in MiB")
      ("tablebase-dir", po::value(&settings.tablebase_dir), "keep the endgame tables in DIR, and read those kept there by earlier runs (default: $XDG_CACHE_HOME/dmsolve/tablebases, else ~/.cache/dmsolve/tablebases; \"none\": keep none). Making a table does not count against --time");
  // clang-format on
}

tablebase::TablebaseOptions tablebase_options(const TreeSettings& settings) {
  return {settings.tablebase_men < 0 ? 3 : settings.tablebase_men, settings.tablebase_mb << 20,
          tablebase_folder(settings.tablebase_dir)};
}

bool tables_wanted(const TreeSettings& settings, const problem::Stipulation& stipulation) {
  return settings.tablebase_men > 0 || (settings.tablebase_men < 0 && stipulation.is_proof());
}

namespace {

// What a pair of switches --NAME and --no-NAME chose: nullopt where neither was given.
Expected<std::optional<bool>> switch_pair(const boost::program_options::variables_map& vm, const std::string& name) {
  const bool on = vm.count(name) > 0;
  const bool off = vm.count("no-" + name) > 0;
  if (on && off) return Expected<std::optional<bool>>::failure("give --" + name + " or --no-" + name + ", not both");
  if (!on && !off) return std::optional<bool>();
  return std::optional<bool>(on);
}

}  // namespace

Expected<TreeFormat> check_tree_settings(TreeSettings& settings, const boost::program_options::variables_map& vm) {
  for (const auto& error : {threads_error(settings.threads), megabytes_error("--hash", settings.hash_mb, 1),
                            count_error("--tablebase-mb", settings.tablebase_mb),
                            seconds_error("--time", settings.seconds), count_error("--nodes", settings.nodes),
                            count_error("--solution-limit", settings.solutions)}) {
    if (error) return Expected<TreeFormat>::failure(*error);
  }
  if (vm.count("tablebase-men")) {
    if (const auto error = tablebase::max_men_error(settings.tablebase_men)) return Expected<TreeFormat>::failure(*error);
  }
  for (auto [name, choice] : {std::pair{"tries", &settings.tries}, std::pair{"set-play", &settings.set_play}}) {
    const auto chosen = switch_pair(vm, name);
    if (!chosen) return Expected<TreeFormat>::failure(chosen.error());
    *choice = *chosen;
  }
  settings.full = vm.count("full") > 0;
  if (settings.style != "popeye" && settings.style != "compact") {
    return Expected<TreeFormat>::failure("--style must be popeye or compact, not '" + settings.style + "'");
  }
  if (!report::piece_letters_named(settings.piece_letters)) {
    const std::string& letters = settings.piece_letters;
    return Expected<TreeFormat>::failure("--piece-letters must be san, en, de or fr, not '" + letters + "'");
  }
  settings.stop_on_short_solutions = vm.count("stop-on-short-solutions") > 0;
  settings.check = vm.count("no-check") == 0;
  settings.json_line = vm.count("json") > 0;
  if (!settings.proof.empty() && !settings.proof_dir.empty()) {
    return Expected<TreeFormat>::failure("give --proof or --proof-dir, not both");
  }
  if (!settings.proof_dir.empty()) {
    std::error_code error;
    std::filesystem::create_directories(settings.proof_dir, error);
    if (!std::filesystem::is_directory(settings.proof_dir)) {
      return Expected<TreeFormat>::failure("--proof-dir: cannot make the directory " + settings.proof_dir);
    }
  }
  if (settings.format == "text") return TreeFormat::Text;
  if (settings.format == "json") return TreeFormat::Json;
  if (settings.format == "pgn") return TreeFormat::Pgn;
  if (settings.format == "html") return TreeFormat::Html;
  return Expected<TreeFormat>::failure("--format must be text, json, pgn or html, not '" + settings.format + "'");
}

tree::TreeOptions tree_options(const TreeSettings& settings, const std::atomic<bool>* interrupt,
                               search::Workers& workers, const puzzle::ShowOptions& show) {
  tree::TreeOptions options;
  options.workers = &workers;
  options.limits.nodes = settings.nodes;
  options.limits.seconds = settings.seconds;
  options.limits.solutions = settings.solutions;
  options.limits.interrupt = interrupt;
  options.tries = settings.tries.value_or(show.tries.value_or(options.tries));
  options.max_refutations = show.max_refutations.value_or(options.max_refutations);
  options.set_play = settings.set_play.value_or(show.set_play.value_or(options.set_play));
  options.threats = show.threats.value_or(options.threats);
  options.post_key_play = show.post_key_play.value_or(options.post_key_play);
  options.max_solutions = show.max_solutions.value_or(options.max_solutions);
  options.stop_on_short_solutions = settings.stop_on_short_solutions || show.stop_on_short_solutions.value_or(false);
  return options;
}

report::FormatOptions format_options(const TreeSettings& settings, const std::string& id,
                                     const report::ProblemLabels& labels) {
  report::FormatOptions options;
  options.full = settings.full;
  options.compact = settings.style == "compact";
  options.letters = report::piece_letters_named(settings.piece_letters).value_or(report::PieceLetters::San);
  options.id = id;
  options.labels = labels;
  return options;
}

report::ProblemLabels labels_of(const puzzle::Puzzle& puzzle) {
  return {puzzle.title, puzzle.author, puzzle.source, puzzle.twin, puzzle.twin_changes, puzzle.twin_continued};
}

tree::CheckResult recheck(tree::SolutionTree& tree, const TreeSettings& settings) {
  tree::CheckResult result{tree::CheckVerdict::Partial, "not re-checked (--no-check)"};
  if (settings.check) result = tree::check_tree(tree);
  tree.rechecked = result.verdict == tree::CheckVerdict::Full;
  discard_temporary_proof(tree);
  return result;
}

std::string proof_file_for(const TreeSettings& settings, const std::string& id) {
  if (settings.proof_dir.empty()) return id.empty() ? settings.proof : "";
  std::string name = id.empty() ? "problem" : id;
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-' && c != '_') c = '_';
  }
  return (std::filesystem::path(settings.proof_dir) / (name + ".proof")).string();
}

std::string unwritten_proof(const TreeSettings& settings, const tree::SolutionTree& tree) {
  if (tree.proof_error.empty() || (settings.proof.empty() && settings.proof_dir.empty())) return "";
  return "the proof was not written: " + tree.proof_error;
}

void discard_temporary_proof(tree::SolutionTree& tree) {
  if (!tree.proof || !tree.proof->temporary) return;
  tree.proof->temporary.reset();  // removes the file, where no other copy holds it
  tree.proof->file.clear();
}

}  // namespace dm::app
