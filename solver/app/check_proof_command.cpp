// dmsolve check-proof: checks proof files (docs/proof-format.md) with the independent checker
// (solver/proof/proof_check.h) and prints each verdict: accepted with the proof's size and
// depth, or the first flaw as FILE:LINE: why. On a terminal a progress line shows the lines
// read of a big file; Ctrl-C stops the check.

#include <unistd.h>

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <nlohmann/json.hpp>

#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/interrupt.h"
#include "solver/proof/proof_check.h"

namespace dm::app {

namespace {

std::string_view winner_name(const proof::CheckResult& r) {
  if (!r.winner) return "";
  return *r.winner == Color::White ? "white" : "black";
}

std::string_view status_name(proof::CheckStatus status) {
  switch (status) {
    case proof::CheckStatus::Accepted: return "accepted";
    case proof::CheckStatus::Rejected: return "rejected";
    case proof::CheckStatus::Interrupted: return "interrupted";
    case proof::CheckStatus::Error: break;
  }
  return "error";
}

// "antichess (stalemate=win)": the variant and the options in force.
std::string variant_text(const proof::CheckResult& r) {
  return r.rules.empty() ? r.variant : r.variant + " (" + r.rules + ")";
}

void print_json(const std::string& file, const proof::CheckResult& r) {
  nlohmann::ordered_json out = {{"file", file},     {"status", status_name(r.status)}, {"nodes", r.nodes},
                                {"depth", r.depth}, {"winner", winner_name(r)},        {"variant", r.variant},
                                {"rules", r.rules}, {"position", r.position}};
  if (!r.accepted()) {
    out["line"] = r.line;
    out["flaw"] = r.why;
  }
  std::cout << out.dump() << std::endl;
}

void print_text(const std::string& file, const proof::CheckResult& r, bool quiet) {
  if (r.accepted()) {
    if (quiet) return;
    std::cout << file << ": proof accepted: " << r.nodes << " nodes, depth " << r.depth << " turns, "
              << (*r.winner == Color::White ? "White" : "Black") << " wins (variant " << variant_text(r) << ", FEN "
              << r.position << ")" << std::endl;
    return;
  }
  std::cerr << file;
  if (r.line) std::cerr << ':' << r.line;
  std::cerr << ": " << r.why << std::endl;
}

// The progress of one file's check on standard error, redrawn at most twice a second: lines
// read, lines per second and the share of the file read. Only on a terminal; the line is
// erased when the check ends.
class ProgressLine {
 public:
  ProgressLine(const std::string& file, bool shown) : file_(file), shown_(shown && isatty(fileno(stderr))) {
    std::error_code error;
    file_bytes_ = std::filesystem::file_size(file, error);
    if (error) file_bytes_ = 0;
  }
  ~ProgressLine() {
    if (!drawn_) return;
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
  }
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  std::function<void(uint64_t, uint64_t)> listener() {
    if (!shown_) return {};
    return [this](uint64_t lines, uint64_t bytes) { update(lines, bytes); };
  }

 private:
  void update(uint64_t lines, uint64_t bytes) {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_draw_ < std::chrono::milliseconds(500)) return;
    last_draw_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double percent = file_bytes_ ? 100.0 * double(bytes) / double(file_bytes_) : 0;
    std::fprintf(stderr, "\r\033[K%s: %llu lines  %.0f lines/s  %.0f%%  %.1fs", file_.c_str(),
                 static_cast<unsigned long long>(lines), seconds > 0 ? double(lines) / seconds : 0.0, percent, seconds);
    std::fflush(stderr);
    drawn_ = true;
  }

  const std::string& file_;
  bool shown_;
  uintmax_t file_bytes_ = 0;
  bool drawn_ = false;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_draw_ = start_;
};

}  // namespace

int run_check_proof(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  std::vector<std::string> files;
  po::options_description options("dmsolve check-proof options");
  options.add_options()
      ("help,h", "show this help")
      ("json", "print one JSON object per file on one line")
      ("quiet,q", "print nothing for an accepted proof (flaws still go to standard error)");
  po::options_description hidden;
  hidden.add_options()("file", po::value(&files)->composing());
  const CommandLine line{"check-proof",
                         "usage: dmsolve check-proof FILE... [--json] [--quiet]   (the format: docs/proof-format.md)\n"
                         "Checks that each proof file proves its winner forces a win from its root position, with\n"
                         "the rules engine alone; a file may be zstd-compressed.\n"
                         "Exit codes: 0 every proof accepted; 1 a proof has a flaw (FILE:LINE: why on standard\n"
                         "error); 2 bad options, or a file missing, unreadable or no proof file; 130 interrupted.\n",
                         options, &hidden, {{"file", -1}}};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  if (files.empty()) return report_bad_input("check-proof", "give one or more proof files");
  const bool json = vm.count("json") > 0;
  const bool quiet = vm.count("quiet") > 0;

  const InterruptCatcher catcher;
  int code = kExitOk;
  for (const auto& file : files) {
    proof::CheckResult result;
    {
      ProgressLine progress(file, !quiet);
      result = proof::check_proof(file, {progress.listener(), &InterruptCatcher::flag()});
    }
    if (result.status == proof::CheckStatus::Interrupted) {
      std::cerr << file << ":" << result.line << ": interrupted" << std::endl;
      return kExitInterrupted;
    }
    if (json) {
      print_json(file, result);
    } else {
      print_text(file, result, quiet);
    }
    if (result.status == proof::CheckStatus::Error) code = kExitBadInput;
    if (result.status == proof::CheckStatus::Rejected && code == kExitOk) code = kExitFailure;
  }
  return code;
}

}  // namespace dm::app
