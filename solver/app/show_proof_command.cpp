// dmsolve show-proof: a proof file (docs/proof-format.md) made readable. The file is checked
// first with the independent checker (solver/proof/proof_check.h), so that nothing unsound is
// shown as a proof; then read whole (solver/proof/proof_graph.h) and shown as text or as an
// HTML page (solver/report/proof_view.h): header, size, length, main line and first turns.

#include <boost/program_options.hpp>
#include <iostream>

#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/interrupt.h"
#include "solver/files/whole_file.h"
#include "solver/proof/proof_check.h"
#include "solver/proof/proof_graph.h"
#include "solver/report/proof_view.h"

namespace dm::app {

namespace {

// The default depth of each format: every turn of an HTML page carries a diagram, and an all
// node of a double-move variant has hundreds of turns, so the page shows one level less.
constexpr int kTextDepth = 4;
constexpr int kHtmlDepth = 3;
// A depth beyond any proof a person reads; it also bounds the recursion of the tree's writers.
constexpr int kMaxDepth = 1000;

}  // namespace

int run_show_proof(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::string file;
  std::string format = "text";
  std::string output;
  int depth = -1;
  po::options_description options("dmsolve show-proof options");
  options.add_options()
      ("help,h", "show this help")
      ("depth", po::value(&depth), "turns of the tree shown (default: 4 as text, 3 as HTML; 0: no tree)")
      ("format", po::value(&format)->default_value(format), "text, or html: one self-contained page")
      ("output,o", po::value(&output), "write to FILE (whole or not at all) instead of standard output");
  po::options_description hidden;
  hidden.add_options()("file", po::value(&file));
  const CommandLine line{"show-proof",
                         "usage: dmsolve show-proof FILE [--depth N] [--format text|html] [--output FILE]\n"
                         "Checks the proof file (as check-proof does), then shows it: its header, size and length,\n"
                         "its main line (the loser's longest resistance) in SAN, and its first turns as a tree, each\n"
                         "turn of the winner with every answer of the loser below it. A position reached again is\n"
                         "shown once (\"see above\"); the nodes below the last level shown are counted.\n"
                         "Exit codes: 0 shown; 1 the proof has a flaw (FILE:LINE: why) or the output could not be\n"
                         "written; 2 bad options, or the file missing, unreadable or no proof file; 130 interrupted.\n",
                         options, &hidden, {{"file", 1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  if (file.empty()) return report_bad_input("show-proof", "give a proof file");
  if (format != "text" && format != "html") {
    return report_bad_input("show-proof", "--format must be text or html, not '" + format + "'");
  }
  if (depth == -1) depth = format == "html" ? kHtmlDepth : kTextDepth;
  if (depth < 0 || depth > kMaxDepth) {
    return report_bad_input("show-proof", "--depth must be from 0 to " + std::to_string(kMaxDepth));
  }

  proof::CheckResult checked;
  {
    const InterruptCatcher catcher;
    checked = proof::check_proof(file, {{}, &InterruptCatcher::flag()});
  }
  switch (checked.status) {
    case proof::CheckStatus::Accepted: break;
    case proof::CheckStatus::Error: return report_bad_input("show-proof", file + ": " + checked.why);
    case proof::CheckStatus::Interrupted:
      std::cerr << "dmsolve show-proof: " << file << ":" << checked.line << ": interrupted" << std::endl;
      return kExitInterrupted;
    case proof::CheckStatus::Rejected:
      std::cerr << "dmsolve show-proof: " << file << (checked.line ? ":" + std::to_string(checked.line) : "") << ": "
                << checked.why << std::endl;
      return kExitFailure;
  }
  const auto graph = proof::ProofGraph::read(file, proof::ProofGraph::Keep::Everything, checked.nodes);
  if (!graph) return report_bad_input("show-proof", graph.error());
  const report::ProofViewOptions view{file, depth};
  const std::string text = format == "html" ? report::proof_html(*graph, view) : report::proof_text(*graph, view);
  if (output.empty()) {
    std::cout << text << std::flush;
    return kExitOk;
  }
  if (const auto error = files::write_whole_file(output, text)) {
    std::cerr << "dmsolve show-proof: " << *error << std::endl;
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace dm::app
