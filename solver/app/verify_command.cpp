// dmsolve verify: solves every problem of puzzle files (EPD, or Popeye input: each twin apart,
// with no source solution to compare), compares each with its source's solution
// (solver/puzzle/verdict.h), prints the trees and verdicts (several problems as one document:
// batch_output.h), a summary table, and with --report DIR a collection page DIR/index.html.
// Ctrl-C stops the problem being solved; the problems done still get their summary and report.

#include <array>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>
#include <boost/program_options.hpp>

#include "solver/app/batch_output.h"
#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/interrupt.h"
#include "solver/app/progress_display.h"
#include "solver/app/tree_batch.h"
#include "solver/app/tree_output.h"
#include "solver/app/verdict_items.h"
#include "solver/files/whole_file.h"
#include "solver/puzzle/problem_file.h"
#include "solver/puzzle/verdict.h"
#include "solver/report/html_format.h"
#include "solver/report/json_format.h"
#include "solver/tree/tree_builder.h"
#include "solver/tree/tree_check.h"

namespace dm::app {

namespace {

struct VerifySettings {
  TreeSettings tree;
  std::string report_dir;
  bool quiet = false;
};

// One verified problem.
struct Outcome {
  const puzzle::Puzzle* puzzle = nullptr;
  tree::SolutionTree tree;
  puzzle::Verdict verdict;
  tree::CheckResult check;
  bool verified = false;  // false when an interrupt stopped its build
};

// The verdict's summary and what it rests on (verdict_items.h).
report::VerdictText verdict_items(const Outcome& o) { return app::verdict_items(o.verdict, o.check); }

// The verdict as lines: "verdict: cooked, dual" and one indented line per item.
std::string verdict_text(const Outcome& o) {
  const report::VerdictText verdict = verdict_items(o);
  std::string out = "verdict: " + verdict.summary + "\n";
  for (const auto& item : verdict.items) out += "  " + item + "\n";
  return out;
}

puzzle::Standing standing_of(const Outcome& o) { return app::standing_of(o.verdict, o.check); }

nlohmann::ordered_json verdict_json(const Outcome& o) {
  nlohmann::ordered_json out;
  out["summary"] = o.verdict.summary();
  out["standing"] = puzzle::standing_name(standing_of(o));
  out["defects"] = nlohmann::ordered_json::array();
  for (const auto& f : o.verdict.findings) {
    out["defects"].push_back({{"defect", puzzle::defect_name(f.defect)}, {"detail", f.detail}});
  }
  if (!o.verdict.unjudged.empty()) out["not_judged"] = o.verdict.unjudged;
  out["tolerated"] = o.verdict.tolerated;
  out["found"] = o.verdict.found;
  if (o.puzzle->expected) out["expected"] = *o.puzzle->expected;
  out["check"] = o.check.verdict == tree::CheckVerdict::Full      ? "full"
                 : o.check.verdict == tree::CheckVerdict::Partial ? "partial"
                                                                  : "disagreement";
  if (!o.check.ok()) out["check_message"] = o.check.message;
  return out;
}

// One verified problem on standard output: in JSON its object with `file`, `line` and `verdict`;
// in HTML its article (or page) with the verdict in it; in text and PGN a line naming it, the
// tree and the verdict (PGN: in escape lines), then a blank line.
void print_outcome(size_t index, const Outcome& o, const BatchOutput& output, TreeFormat format,
                   const VerifySettings& settings) {
  const std::string& id = o.puzzle->id;
  if (output.json()) {
    auto out = report::tree_to_json(o.tree, format_options(settings.tree, id, labels_of(*o.puzzle)));
    out["file"] = o.puzzle->file;
    out["line"] = o.puzzle->line;
    out["verdict"] = verdict_json(o);
    std::cout << (output.json_lines() ? out.dump() : out.dump(2)) << std::endl;
    return;
  }
  if (settings.quiet) return;
  if (output.html()) {
    std::cout << output.problem(index, o.tree, id, labels_of(*o.puzzle), verdict_items(o)) << std::flush;
    return;
  }
  std::cout << "== " << o.puzzle->location() << "  " << id << '\n';
  const std::string verdict = verdict_text(o);
  if (format == TreeFormat::Pgn) {
    // PGN's escape lines ('%' in column 1) carry the verdict where no reader looks.
    for (size_t start = 0; start < verdict.size();) {
      const size_t end = verdict.find('\n', start);
      std::cout << "% " << verdict.substr(start, end - start) << '\n';
      start = end + 1;
    }
    std::cout << output.problem(index, o.tree, id, labels_of(*o.puzzle)) << '\n';
  } else {
    std::cout << output.problem(index, o.tree, id, labels_of(*o.puzzle)) << verdict << '\n';
  }
  std::cout.flush();
}

std::string table_verdict(const Outcome& o) {
  return o.check.ok() ? o.verdict.summary() : o.verdict.summary() + ", check-disagrees";
}

void print_summary(const std::vector<Outcome>& outcomes, size_t bad_entries, size_t total, double seconds,
                   bool interrupted, std::ostream& out) {
  size_t id_width = 2;
  size_t variant_width = 7;
  size_t verdict_width = 7;
  for (const auto& o : outcomes) {
    id_width = std::max(id_width, o.puzzle->id.size());
    variant_width = std::max(variant_width, o.tree.variant.size());
    verdict_width = std::max(verdict_width, table_verdict(o).size());
  }
  const auto pad = [](std::string text, size_t width) {
    text.resize(std::max(text.size(), width), ' ');
    return text;
  };
  char number[32];
  out << "\n" << pad("id", id_width) << "  " << pad("variant", variant_width) << "  " << pad("stip", 7) << "  "
      << pad("verdict", verdict_width) << "  seconds\n";
  std::array<size_t, 4> counts{};  // by puzzle::Standing
  for (const auto& o : outcomes) {
    ++counts[size_t(standing_of(o))];
    std::snprintf(number, sizeof number, "%7.2f", o.tree.seconds);
    out << pad(o.puzzle->id, id_width) << "  " << pad(o.tree.variant, variant_width) << "  "
        << pad(o.puzzle->stipulation.to_string(), 7) << "  " << pad(table_verdict(o), verdict_width) << "  " << number
        << '\n';
  }
  std::snprintf(number, sizeof number, "%.1f", seconds);
  out << outcomes.size() << " problems verified in " << number << " s";
  const char* separator = ": ";
  for (const auto standing : {puzzle::Standing::Sound, puzzle::Standing::Unsound, puzzle::Standing::Undecided,
                              puzzle::Standing::NotJudged}) {
    if (standing == puzzle::Standing::NotJudged && !counts[size_t(standing)]) continue;
    out << separator << counts[size_t(standing)] << ' ' << puzzle::standing_name(standing);
    separator = ", ";
  }
  if (bad_entries) out << ", " << bad_entries << " bad entries";
  if (interrupted) out << "; interrupted, " << total - outcomes.size() << " problems not verified";
  out << std::endl;
}

// The title of a page of the files' problems: "dmsolve verify: a.epd b.inp".
std::string page_title(const std::vector<std::string>& files) {
  std::string title = "dmsolve verify:";
  for (const auto& f : files) title += " " + f;
  return title;
}

std::optional<std::string> write_report(const std::vector<Outcome>& outcomes, const VerifySettings& settings,
                                        const std::vector<std::string>& files) {
  std::error_code error;
  std::filesystem::create_directories(settings.report_dir, error);
  if (error) return "--report " + settings.report_dir + ": " + error.message();
  std::vector<report::CollectionEntry> entries;
  entries.reserve(outcomes.size());
  for (const auto& o : outcomes) {
    const std::string title = o.puzzle->id + " (" + o.puzzle->location() + ")";
    entries.push_back({title, &o.tree, labels_of(*o.puzzle), verdict_items(o)});
  }
  const std::string path = (std::filesystem::path(settings.report_dir) / "index.html").string();
  const std::string page = report::write_html_collection(page_title(files), entries, format_options(settings.tree, ""));
  if (const auto failure = dm::files::write_whole_file(path, page)) return "--report: " + *failure;
  return std::nullopt;
}

// Reads the command line into settings and files, with the output format; the exit code where
// it says to stop (--help, a bad option).
std::optional<int> read_verify_command_line(const std::vector<std::string>& args, VerifySettings& settings,
                                            std::vector<std::string>& files, TreeFormat& format) {
  namespace po = boost::program_options;
  po::options_description options("dmsolve verify options");
  options.add_options()
      ("help,h", "show this help")
      ("report", po::value(&settings.report_dir), "write DIR/index.html: every problem's diagram, tree and verdict")
      ("quiet,q", "print only the verdicts' summary table (and bad entries)");
  add_tree_options(options, settings.tree);
  po::options_description hidden;
  hidden.add_options()("file", po::value(&files)->composing());
  const CommandLine line{"verify",
                         "usage: dmsolve verify FILE... [options]   (puzzle files: puzzles/README.md, or Popeye input:\n"
                         "                                          docs/popeye-input.md)\n"
                         "Solves every problem, compares it with the keys or solutions its entry gives and prints\n"
                         "the tree and the verdict (sound, or: no-solution, cooked, short-solution, dual,\n"
                         "source-fails, unknown), then a summary table.\n"
                         "A problem whose only defect is unknown (a limit stopped the search) is undecided, not unsound.\n"
                         "Help and series play whose entry gives no solutions (a Popeye file) are never called sound:\n"
                         "the verdict says what was found (\"not judged: 340 solutions\"), each short solution a defect.\n"
                         "Exit codes: 0 every problem sound; 1 a problem is not sound (a defect, or its tree re-check\n"
                         "disagrees), or the report or a proof could not be written; 2 bad options, an unreadable,\n"
                         "empty or problemless file (or a directory) or a bad entry (reported as FILE:LINE: field: why,\n"
                         "the other entries still run);\n"
                         "3 none of these, but some problem undecided or not judged; 130 interrupted (Ctrl-C).\n",
                         options, &hidden, {{"file", -1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  const auto checked = check_tree_settings(settings.tree, vm);
  if (!checked) return report_bad_input("verify", checked.error());
  if (files.empty()) return report_bad_input("verify", "give one or more puzzle files");
  if (!settings.tree.proof.empty()) return report_bad_input("verify", "--proof names one problem's file: give --proof-dir DIR");
  if (settings.tree.stop_on_short_solutions) {
    return report_bad_input("verify", "--stop-on-short-solutions is for solve: verify judges every solution");
  }
  settings.quiet = vm.count("quiet") > 0;
  format = *checked;
  return std::nullopt;
}

// The puzzle files read, each bad entry and unreadable file reported as it is met.
struct ReadFiles {
  std::vector<puzzle::PuzzleFile> files;
  size_t problems = 0;
  size_t bad_entries = 0;
  bool unreadable = false;  // some file could not be read at all
};

ReadFiles read_files(const std::vector<std::string>& paths) {
  ReadFiles read;
  for (const auto& path : paths) {
    auto file = puzzle::read_problem_file(path);
    if (!file) {
      report_bad_input("verify", file.error());
      read.unreadable = true;
      continue;
    }
    for (const auto& error : file->errors) std::cerr << error << '\n';
    read.bad_entries += file->errors.size();
    read.problems += file->puzzles.size();
    read.files.push_back(std::move(*file));
  }
  return read;
}

// The batch's problems, and an outcome for each, in the files' order.
void add_problems(const ReadFiles& read, const VerifySettings& settings, std::vector<BatchProblem>& problems,
                  std::vector<Outcome>& outcomes) {
  for (const auto& file : read.files) {
    for (const auto& p : file.puzzles) {
      problems.push_back({&p.position, &p.stipulation, proof_file_for(settings.tree, p.id), judged_show(p.show)});
      outcomes.emplace_back().puzzle = &p;
    }
  }
}

// The exit code after a verified outcome (a code already worse stays).
int code_after(const Outcome& o, const VerifySettings& settings, int code) {
  const puzzle::Standing standing = standing_of(o);
  if (standing == puzzle::Standing::Unsound && (code == kExitOk || code == kExitUndecided)) code = kExitFailure;
  const bool unconfirmed = standing == puzzle::Standing::Undecided || standing == puzzle::Standing::NotJudged;
  if (unconfirmed && code == kExitOk) code = kExitUndecided;
  if (const std::string unwritten = unwritten_proof(settings.tree, o.tree); !unwritten.empty()) {
    std::cerr << "dmsolve verify: " << o.puzzle->id << ": " << unwritten << std::endl;
    code = kExitFailure;
  }
  return code;
}

}  // namespace

int run_verify(const std::vector<std::string>& args) {
  VerifySettings settings;
  std::vector<std::string> files;
  TreeFormat format = TreeFormat::Text;
  if (const auto done = read_verify_command_line(args, settings, files, format)) return *done;
  const ReadFiles read = read_files(files);
  int code = read.unreadable || read.bad_entries ? kExitBadInput : kExitOk;

  const InterruptCatcher catcher;
  const auto batch = TreeBatch::make(settings.tree, &InterruptCatcher::flag());
  if (!batch) return report_bad_input("verify", batch.error());
  std::vector<BatchProblem> problems;
  std::vector<Outcome> built;
  add_problems(read, settings, problems, built);
  const size_t total = read.problems;
  const auto start = std::chrono::steady_clock::now();
  std::vector<Outcome> outcomes;
  outcomes.reserve(total);
  const BatchOutput output(format, settings.tree, problems.size(), page_title(files));
  // --quiet prints no tree, and no page around the trees either.
  const bool pages = output.html() && !settings.quiet;
  if (pages) std::cout << output.head() << std::flush;
  (*batch)->run(
      problems, [&](size_t i) { return ProgressDisplay::bar(i, total) + " " + built[i].puzzle->id; },
      [&](size_t i, tree::SolutionTree&& tree) {
        Outcome& o = built[i];
        o.tree = std::move(tree);
        // Stopped while being solved: not verified. (A tree built whole is verified even when
        // Ctrl-C comes while it is re-checked.)
        if (o.tree.status == problem::SolveStatus::Unknown && InterruptCatcher::raised()) return;
        o.verdict = puzzle::judge(*o.puzzle, o.tree);
        o.check = recheck(o.tree, settings.tree);
        o.verified = true;
      },
      [&](size_t i) {
        Outcome& o = built[i];
        if (!o.verified) return;
        code = code_after(o, settings, code);
        print_outcome(i, o, output, format, settings);
        outcomes.push_back(std::move(o));
      });
  // The page's tail also after Ctrl-C.
  if (pages) std::cout << output.tail() << std::flush;
  if (const std::string error = (*batch)->tables_keep_error(); !error.empty()) {
    std::cerr << "dmsolve verify: endgame tables (--tablebase-dir): " << error << std::endl;
  }
  const bool interrupted = InterruptCatcher::raised();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // The table goes to stdout, unless stdout carries JSON or HTML.
  std::ostream& table = output.json() || pages ? std::cerr : std::cout;
  print_summary(outcomes, read.bad_entries, total, seconds, interrupted, table);
  if (!settings.report_dir.empty()) {
    if (const auto error = write_report(outcomes, settings, files)) {
      std::cerr << "dmsolve verify: " << *error << std::endl;
      code = kExitFailure;
    }
  }
  return interrupted ? kExitInterrupted : code;
}
}  // namespace dm::app
