// dmsolve solve: solves one problem given on the command line, or every problem of a puzzle
// file (EPD, or Popeye input: each twin apart), and prints each solution tree (--format
// text|json|pgn|html, or --json lines); several problems make one document (batch_output.h).

#include <atomic>
#include <iostream>
#include <nlohmann/json.hpp>
#include <boost/program_options.hpp>

#include "solver/app/batch_output.h"
#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/interrupt.h"
#include "solver/app/option_checks.h"
#include "solver/app/tree_batch.h"
#include "solver/app/tree_output.h"
#include "solver/problem/stipulation.h"
#include "solver/puzzle/problem_file.h"

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

// How a problem is named in the output: its id, where its file has it, and what the file says
// of it (a problem of the command line has none of these).
struct Named {
  std::string id;
  report::ProblemLabels labels;
  std::string location;  // FILE:LINE
};

// What a problem's build left to print: its tree, and the message saying that the tree's
// re-check disagreed (that tree is never printed) or that its proof file could not be written
// (exit code kExitFailure for either); whether Ctrl-C stopped its build (the tree is then
// what the build had: status unknown).
struct Printout {
  std::string tree;
  std::string error;
  std::string note;  // on standard error, the exit code unchanged
  bool stopped = false;
};

Printout printout(size_t index, tree::SolutionTree& tree, const Named& name, const BatchOutput& output,
                  const TreeSettings& settings) {
  const std::string& id = name.id;
  if (const tree::CheckResult check = recheck(tree, settings); !check.ok()) {
    return {"", "dmsolve solve: " + (id.empty() ? "" : id + ": ") + "the tree's re-check disagrees: " + check.message,
            "", false};
  }
  std::string error = unwritten_proof(settings, tree);
  if (!error.empty()) error = "dmsolve solve: " + (id.empty() ? "" : id + ": ") + error;
  // --proof names a file for a proof that is written only once the result is proven.
  std::string note;
  if (!settings.proof.empty() && !tree.proof && tree.proof_error.empty()) {
    note = "dmsolve solve: --proof: no proof written, " + tree.stipulation.to_string() + " is " +
           std::string(problem::status_name(tree.status)) + ", not proven";
  }
  const bool stopped = tree.status == problem::SolveStatus::Unknown && InterruptCatcher::raised();
  return {output.problem(index, tree, id, name.labels), error, note, stopped};
}

// The line saying where Ctrl-C stopped a batch: the first problem not solved whole, and how
// many were solved, cut short (printed as far as they went) or skipped (not printed).
std::string interrupted_line(const std::vector<Named>& names, const std::vector<char>& emitted,
                             const std::vector<char>& stopped) {
  const std::string head = "dmsolve solve: interrupted (Ctrl-C)";
  if (names.size() == 1 && names[0].location.empty()) {
    return head + (stopped[0] ? ": the solution printed is unfinished (status unknown)" : "");
  }
  size_t solved = 0;
  size_t cut = 0;
  size_t first = names.size();
  for (size_t i = 0; i < names.size(); ++i) {
    const bool whole = emitted[i] && !stopped[i];
    solved += whole ? 1 : 0;
    cut += stopped[i] ? 1 : 0;
    if (!whole && first == names.size()) first = i;
  }
  const std::string counts = std::to_string(solved) + " solved, " + std::to_string(cut) + " cut short, " +
                             std::to_string(names.size() - solved - cut) + " skipped";
  if (first == names.size()) return head + " after the last problem: " + counts;
  return head + " at problem " + std::to_string(first + 1) + " of " + std::to_string(names.size()) + ", " +
         names[first].id + " (" + names[first].location + "): " + counts;
}

// Solves the problems in order and prints each tree as one document (batch_output.h); the
// exit code. `files` name the page of several problems in HTML.
int solve_all(const std::vector<BatchProblem>& problems, const std::vector<Named>& names,
              const std::vector<std::string>& files, TreeFormat format, const TreeSettings& settings,
              TreeBatch& batch) {
  std::string title = "dmsolve solve:";
  for (const std::string& file : files) title += " " + file;
  const BatchOutput output(format, settings, problems.size(), title);
  std::vector<Printout> printouts(problems.size());
  std::vector<char> emitted(problems.size(), 0);
  std::vector<char> stopped(problems.size(), 0);
  int code = kExitOk;
  bool printed = false;  // a tree is printed: the next one follows output.separator()
  std::cout << output.head() << std::flush;
  batch.run(
      problems,
      [&](size_t i) { return "solving " + (names[i].id.empty() ? problems[i].stipulation->to_string() : names[i].id); },
      [&](size_t i, tree::SolutionTree&& tree) { printouts[i] = printout(i, tree, names[i], output, settings); },
      [&](size_t i) {
        Printout& out = printouts[i];
        if (!out.error.empty()) {
          std::cerr << out.error << std::endl;
          code = kExitFailure;
        }
        if (!out.note.empty()) std::cerr << out.note << std::endl;
        if (!out.tree.empty()) {
          std::cout << (printed ? output.separator() : "") << out.tree << std::flush;
          printed = true;
        }
        emitted[i] = 1;
        stopped[i] = out.stopped;
        out = {};
      });
  // The page's tail also after Ctrl-C and after trees that were not printed.
  std::cout << output.tail() << std::flush;
  if (const std::string error = batch.tables_keep_error(); !error.empty()) {
    std::cerr << "dmsolve solve: endgame tables (--tablebase-dir): " << error << std::endl;
  }
  if (InterruptCatcher::raised()) {
    std::cerr << interrupted_line(names, emitted, stopped) << std::endl;
    return kExitInterrupted;
  }
  return code;
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string variant_name;
  std::vector<std::string> rules;
  std::string fen;
  std::string stipulation_text;
  TreeSettings settings;
  std::vector<std::string> files;
  po::options_description options("dmsolve solve options");
  options.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&variant_name)->default_value("chess"), "variant name")
      ("rule,r", po::value(&rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", fen_value(&fen), "problem position")
      ("stip,s", po::value(&stipulation_text), "stipulation: #N =N winN s#N s=N h#N h=N h#N.5 r#N r=N ser-#N ser-=N ser-h#N ser-h=N ser-s#N ser-s=N (lengths in attacker or series turns), win, lose, loseN");
  add_tree_options(options, settings);
  po::options_description hidden;
  hidden.add_options()("file", po::value(&files));
  const CommandLine line{
      "solve",
      "usage: dmsolve solve --variant V [--rule K=V]... --fen F --stip S [options]\n"
      "       dmsolve solve FILE... [options]    (puzzle files, .epd: puzzles/README.md; Popeye input,\n"
      "                                          .inp, each twin apart: docs/popeye-input.md)\n"
      "Quote the FEN: --fen '8/8/8/8/8/8/8/K1k5 w - -'.\n"
      "Prints each problem's solution tree, re-checked first by an independent plain search.\n"
      "Exit codes: 0 solved or not, every problem read; 1 a tree's re-check disagreed (that tree\n"
      "is not printed) or a proof file could not be written; 2 bad options, a bad problem (the\n"
      "others are still solved), or a problem file that is a directory or holds no problem;\n"
      "130 interrupted by Ctrl-C (what was solved is printed, and a line says where it stopped).\n",
      options,
      &hidden,
      {{"file", -1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  const auto format = check_tree_settings(settings, vm);
  if (!format) return report_bad_input("solve", format.error());
  const InterruptCatcher catcher;
  const auto batch = TreeBatch::make(settings, &InterruptCatcher::flag());
  if (!batch) return report_bad_input("solve", batch.error());

  if (files.empty()) {
    if (stipulation_text.empty() && fen.empty()) {
      return report_bad_input("solve",
                              "give a position and a stipulation, --fen 'FEN' --stip S (the FEN quoted), "
                              "or problem files (FILE.epd, FILE.inp)");
    }
    if (stipulation_text.empty()) return report_bad_input("solve", "give --stip S with --fen");
    const auto variant = make_variant(variant_name, rules);
    if (!variant) return report_error("", variant.error(), settings);
    if (fen.empty()) return report_error("", "no position (--fen)", settings);
    const auto pos = make_position(*variant, fen);
    if (!pos) return report_error("", pos.error(), settings);
    const auto stipulation = problem::parse_stipulation(stipulation_text);
    if (!stipulation) return report_error("", stipulation.error(), settings);
    if (const auto why = problem::refused_in(*stipulation, pos->variant())) return report_error("", *why, settings);
    if (!settings.proof.empty() && !stipulation->is_proof()) {
      return report_bad_input("solve", "--proof: " + stipulation->to_string() +
                                           " writes no proof; only win, lose and loseN do, once proven");
    }
    return solve_all({{&*pos, &*stipulation, proof_file_for(settings, "")}}, {Named{}}, {}, *format, settings, **batch);
  }
  if (!settings.proof.empty()) return report_bad_input("solve", "--proof names one problem's file: give --proof-dir DIR with a puzzle file");
  if (!fen.empty() || !stipulation_text.empty()) {
    return report_bad_input("solve", "give --fen and --stip, or problem files, not both");
  }
  // Every file is read before the first is solved: a bad file or entry is reported and the
  // others are solved all the same (exit code 2 at the end).
  int code = kExitOk;
  std::vector<puzzle::PuzzleFile> read;
  read.reserve(files.size());  // the problems point into it
  for (const std::string& file : files) {
    auto puzzles = puzzle::read_problem_file(file);
    if (!puzzles) {
      code = report_bad_input("solve", puzzles.error());
      continue;
    }
    for (const auto& error : puzzles->errors) code = report_error(error.substr(0, error.find(": ")), error, settings);
    read.push_back(std::move(*puzzles));
  }
  std::vector<BatchProblem> problems;
  std::vector<Named> names;
  for (const auto& file : read) {
    for (const auto& p : file.puzzles) {
      problems.push_back({&p.position, &p.stipulation, proof_file_for(settings, p.id), p.show});
      names.push_back({p.id, labels_of(p), p.location()});
    }
  }
  const int solved = solve_all(problems, names, files, *format, settings, **batch);
  return solved != kExitOk ? solved : code;
}

}  // namespace dm::app
