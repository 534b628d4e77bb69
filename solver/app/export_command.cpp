// dmsolve export: writes problems in another solver's input language (Popeye's: --format
// popeye) on standard output, from a problem file (EPD or Popeye input) or from --fen and --stip.

#include <boost/program_options.hpp>
#include <iostream>

#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/option_checks.h"
#include "solver/puzzle/popeye_export.h"
#include "solver/puzzle/problem_file.h"
#include "solver/problem/stipulation.h"

namespace dm::app {

namespace {

// The problem given on the command line, without an id.
Expected<puzzle::Puzzle> command_line_puzzle(const std::string& variant_name, const std::vector<std::string>& rules,
                                             const std::string& fen, const std::string& stipulation_text) {
  const auto variant = make_variant(variant_name, rules);
  if (!variant) return Expected<puzzle::Puzzle>::failure(variant.error());
  const auto pos = make_position(*variant, fen);
  if (!pos) return Expected<puzzle::Puzzle>::failure(pos.error());
  const auto stipulation = problem::parse_stipulation(stipulation_text);
  if (!stipulation) return Expected<puzzle::Puzzle>::failure(stipulation.error());
  puzzle::Puzzle p;
  p.position = *pos;
  p.stipulation = *stipulation;
  p.rules = rules;
  return p;
}

}  // namespace

int run_export(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string format;
  std::string variant_name;
  std::vector<std::string> rules;
  std::string fen;
  std::string stipulation_text;
  std::string file;
  po::options_description options("dmsolve export options");
  options.add_options()
      ("help,h", "show this help")
      ("format", po::value(&format)->default_value("popeye"), "the language to write: popeye (Popeye's input)")
      ("variant,v", po::value(&variant_name)->default_value("chess"), "variant name")
      ("rule,r", po::value(&rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", fen_value(&fen), "problem position")
      ("stip,s", po::value(&stipulation_text), "stipulation, as dmsolve solve takes it");
  po::options_description hidden;
  hidden.add_options()("file", po::value(&file));
  const CommandLine line{"export",
                         "usage: dmsolve export [--format popeye] --fen F --stip S [--variant V] [--rule K=V]...\n"
                         "       dmsolve export [--format popeye] FILE   (EPD puzzle file or Popeye input)\n"
                         "Writes the problems as Popeye input on standard output (docs/popeye-input.md). Exit codes:\n"
                         "0 every problem written; 2 bad options, or a problem that cannot be read or written (the\n"
                         "others are still written).\n",
                         options, &hidden, {{"file", 1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  if (format != "popeye") return report_bad_input("export", "--format: unknown format '" + format + "' (known: popeye)");

  if (file.empty()) {
    if (fen.empty() || stipulation_text.empty()) return report_bad_input("export", "give --fen F and --stip S (or a file)");
    const auto p = command_line_puzzle(variant_name, rules, fen, stipulation_text);
    if (!p) return report_bad_input("export", p.error());
    const auto commands = puzzle::popeye_commands(*p);
    if (!commands) return report_bad_input("export", commands.error());
    std::cout << puzzle::popeye_file({*commands});
    return kExitOk;
  }
  const auto puzzles = puzzle::read_problem_file(file);
  if (!puzzles) return report_bad_input("export", puzzles.error());
  int code = kExitOk;
  for (const auto& error : puzzles->errors) code = report_bad_input("export", error);
  std::vector<std::string> problems;
  for (const auto& p : puzzles->puzzles) {
    const auto commands = puzzle::popeye_commands(p);
    if (commands) {
      problems.push_back(*commands);
    } else {
      code = report_bad_input("export", p.location() + ": " + commands.error());
    }
  }
  if (!problems.empty()) std::cout << puzzle::popeye_file(problems);
  return code;
}

}  // namespace dm::app
