// dmsolve solve: solves one problem given on the command line, or every problem of a puzzle
// (EPD) file, and prints each solution tree (--format text|json|pgn|html, or --json lines).

#include <atomic>
#include <iostream>
#include <nlohmann/json.hpp>
#include <boost/program_options.hpp>

#include "solver/app/command.h"
#include "solver/app/interrupt.h"
#include "solver/app/progress_display.h"
#include "solver/app/tree_output.h"
#include "solver/puzzle/puzzle_file.h"
#include "solver/search/stipulation.h"
#include "solver/tree/tree_builder.h"

namespace dm::app {

namespace {

// A problem that could not be set up: a JSON line with --json, else a message on stderr.
int report_error(const std::string& id, const std::string& error, const TreeSettings& settings) {
  if (settings.json_line) {
    const nlohmann::ordered_json out = {{"id", id}, {"status", "error"}, {"error", error}};
    std::cout << out.dump() << std::endl;
    return kExitBadInput;
  }
  return report_bad_input("solve", error);
}

// Solves one problem, re-checks its tree and prints it; a tree the re-check contradicts is
// never printed (exit code kExitFailure).
int solve_one(const Position& pos, const search::Stipulation& stipulation, const std::string& id,
              TreeFormat format, const TreeSettings& settings, search::TranspositionTable& tt,
              search::Workers& workers) {
  tree::SolutionTree tree;
  {
    ProgressDisplay progress("solving " + (id.empty() ? stipulation.to_string() : id));
    tree::TreeOptions options = tree_options(settings, &InterruptCatcher::flag(), workers);
    options.on_progress = progress.listener();
    tree = tree::build_tree(pos, stipulation, options, tt);
  }
  if (const tree::CheckResult check = recheck(tree, settings); !check.ok()) {
    std::cerr << "dmsolve solve: " << (id.empty() ? "" : id + ": ") << "the tree's re-check disagrees: "
              << check.message << std::endl;
    return kExitFailure;
  }
  std::cout << write_tree(tree, format, settings, id);
  if (settings.json_line) std::cout << '\n';
  std::cout.flush();
  return kExitOk;
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string variant_name;
  std::vector<std::string> rules;
  std::string fen;
  std::string stipulation_text;
  TreeSettings settings;
  std::string file;
  po::options_description options("dmsolve solve options");
  options.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&variant_name)->default_value("chess"), "variant name")
      ("rule,r", po::value(&rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", po::value(&fen), "problem position")
      ("stip,s", po::value(&stipulation_text), "stipulation: #N =N winN s#N s=N h#N h=N h#N.5 (lengths in attacker turns)");
  add_tree_options(options, settings);
  po::options_description hidden;
  hidden.add_options()("file", po::value(&file));
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << "usage: dmsolve solve --variant V [--rule K=V]... --fen F --stip S [options]\n"
                   "       dmsolve solve FILE.epd [options]   (puzzle file: puzzles/README.md)\n"
                   "Prints each problem's solution tree, re-checked first by an independent plain search.\n"
                   "Exit codes: 0 solved or not, every problem read; 1 a tree's re-check disagreed (that tree\n"
                   "is not printed); 2 bad options or a bad problem (the others are still solved).\n"
                << options;
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    return report_bad_input("solve", e.what());
  }
  const auto format = check_tree_settings(settings, vm);
  if (!format) return report_bad_input("solve", format.error());
  const auto made_table = make_table(settings);
  if (!made_table) return report_bad_input("solve", made_table.error());
  search::TranspositionTable& tt = **made_table;
  search::Workers workers(settings.threads);
  const InterruptCatcher catcher;

  int code = kExitOk;
  if (file.empty()) {
    if (stipulation_text.empty()) return report_bad_input("solve", "give --stip S (or a puzzle file)");
    const auto variant = make_variant(variant_name, rules);
    if (!variant) return report_error("", variant.error(), settings);
    if (fen.empty()) return report_error("", "no position (--fen)", settings);
    const auto pos = make_position(*variant, fen);
    if (!pos) return report_error("", pos.error(), settings);
    const auto stipulation = search::parse_stipulation(stipulation_text);
    if (!stipulation) return report_error("", stipulation.error(), settings);
    code = solve_one(*pos, *stipulation, "", *format, settings, tt, workers);
  } else {
    const auto puzzles = puzzle::read_puzzle_file(file);
    if (!puzzles) return report_bad_input("solve", puzzles.error());
    for (const auto& error : puzzles->errors) {
      code = report_error(error.substr(0, error.find(": ")), error, settings);
    }
    for (const auto& p : puzzles->puzzles) {
      if (InterruptCatcher::raised()) break;
      const int c = solve_one(p.position, p.stipulation, p.id, *format, settings, tt, workers);
      if (c != kExitOk) code = c;
    }
  }
  return code;
}

}  // namespace dm::app
