// dmsolve solve: solves one problem given on the command line, or every problem of an EPD file.

#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <boost/program_options.hpp>

#include "rules/notation.h"
#include "solver/app/command.h"
#include "solver/search/epd_batch.h"
#include "solver/search/solver.h"

namespace dm::app {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) { g_interrupted.store(true); }

// One problem as the command takes it.
struct Job {
  std::string id;
  std::string variant = "chess";
  std::vector<std::string> rules;
  std::string fen;
  std::string stipulation;
};

struct Settings {
  int threads = 0;
  size_t hash_mb = 128;
  double seconds = 0;
  uint64_t nodes = 0;
  bool json = false;
};

void print_progress(const search::Progress& p) {
  const double rate = p.seconds > 0 ? double(p.nodes) / p.seconds : 0;
  const auto number = [](search::ProofNumber n) {
    return n == search::kInfinite ? std::string("inf") : std::to_string(n);
  };
  std::fprintf(stderr, "\r%8.1fs  nodes %llu  %.0f nodes/s  root pn %s dn %s  decided %zu/%zu   ", p.seconds,
               static_cast<unsigned long long>(p.nodes), rate, number(p.root_pn).c_str(), number(p.root_dn).c_str(),
               p.decided, p.candidates);
  std::fflush(stderr);
}

// Solves one job and prints its result; returns the exit code.
int solve_job(const Job& job, const Settings& settings, search::TranspositionTable& tt) {
  const auto report = [&](const std::string& error) {
    if (settings.json) {
      nlohmann::ordered_json out = {{"id", job.id}, {"status", "error"}, {"error", error}};
      std::cout << out.dump() << std::endl;
      return kExitBadInput;
    }
    return report_bad_input("solve", (job.id.empty() ? "" : job.id + ": ") + error);
  };
  const auto variant = make_variant(job.variant, job.rules);
  if (!variant) return report(variant.error());
  if (job.fen.empty()) return report("no position (--fen)");
  const auto pos = make_position(*variant, job.fen);
  if (!pos) return report(pos.error());
  const auto stipulation = search::parse_stipulation(job.stipulation);
  if (!stipulation) return report(stipulation.error());

  search::SolveOptions options;
  options.threads = settings.threads;
  options.limits.nodes = settings.nodes;
  options.limits.seconds = settings.seconds;
  options.limits.interrupt = &g_interrupted;
  const bool tty = isatty(fileno(stderr));
  if (tty) options.on_progress = print_progress;
  const search::SolveResult result = search::solve(*pos, *stipulation, options, tt);
  if (tty && result.seconds >= options.progress_interval) std::fprintf(stderr, "\r\033[K");

  if (settings.json) {
    nlohmann::ordered_json out;
    if (!job.id.empty()) out["id"] = job.id;
    out["variant"] = variant->name;
    out["rules"] = variant->describe_options();
    out["fen"] = pos->fen();
    out["stipulation"] = stipulation->to_string();
    out["status"] = search::status_name(result.status);
    out["length"] = result.length;
    if (stipulation->play == search::Play::Help) {
      std::vector<std::string> lines;
      for (const auto& line : result.solutions) lines.push_back(search::line_to_uci(line));
      out["solutions"] = lines;
    } else {
      std::vector<std::string> keys;
      for (const auto& key : result.keys) keys.push_back(search::turn_to_uci(key));
      out["keys"] = keys;
    }
    out["nodes"] = result.nodes;
    out["seconds"] = result.seconds;
    std::cout << out.dump() << std::endl;
  } else {
    if (!job.id.empty()) std::cout << "id " << job.id << '\n';
    std::cout << "variant " << variant->name;
    if (const auto text = variant->describe_options(); !text.empty()) std::cout << " (" << text << ')';
    std::cout << "\nfen " << pos->fen() << "\nstipulation " << stipulation->to_string() << "\nstatus "
              << search::status_name(result.status) << '\n';
    if (result.length) std::cout << "length " << result.length << '\n';
    for (const auto& key : result.keys) {
      std::cout << "key " << search::turn_to_uci(key) << "  (1." << turn_to_san(*pos, key) << "!)\n";
    }
    for (const auto& line : result.solutions) std::cout << "solution " << search::line_to_uci(line) << '\n';
    std::cout << "nodes " << result.nodes << "\nseconds " << result.seconds << "\nnodes/s "
              << uint64_t(result.seconds > 0 ? double(result.nodes) / result.seconds : 0) << std::endl;
  }
  return kExitOk;
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  namespace po = boost::program_options;
  Job job;
  Settings settings;
  std::string file;
  po::options_description options("dmsolve solve options");
  options.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&job.variant)->default_value("chess"), "variant name")
      ("rule,r", po::value(&job.rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", po::value(&job.fen), "problem position")
      ("stip,s", po::value(&job.stipulation), "stipulation: #N =N winN s#N s=N h#N h=N h#N.5 (lengths in attacker turns)")
      ("threads,t", po::value(&settings.threads)->default_value(0), "worker threads (0: every hardware thread)")
      ("hash", po::value(&settings.hash_mb)->default_value(128), "transposition table size in MiB")
      ("time", po::value(&settings.seconds)->default_value(0), "stop after this many seconds per problem (0: no limit)")
      ("nodes", po::value(&settings.nodes)->default_value(0), "stop after this many nodes per problem (0: no limit)")
      ("json", "print one JSON object per problem on one line");
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
                   "       dmsolve solve FILE.epd [options]   (EPD opcodes: bm #N, dm N, stip S, variant V, rule K=V, id)\n"
                << options;
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    return report_bad_input("solve", e.what());
  }
  if (settings.threads < 0) return report_bad_input("solve", "--threads must be 0 or more");
  if (settings.hash_mb < 1) return report_bad_input("solve", "--hash must be at least 1 MiB");
  settings.json = vm.count("json") > 0;
  search::TranspositionTable tt(settings.hash_mb);
  const auto previous = std::signal(SIGINT, on_interrupt);

  int code = kExitOk;
  if (file.empty()) {
    if (job.stipulation.empty()) return report_bad_input("solve", "give --stip S (or an EPD file)");
    code = solve_job(job, settings, tt);
  } else {
    std::ifstream in(file);
    if (!in) return report_bad_input("solve", "cannot read '" + file + "'");
    std::string text;
    for (int number = 1; std::getline(in, text) && !g_interrupted.load(); ++number) {
      const auto parsed = search::parse_epd_line(text, number);
      if (!parsed) continue;
      if (!*parsed) {
        code = report_bad_input("solve", file + ":" + std::to_string(number) + ": " + parsed->error());
        continue;
      }
      const search::EpdProblem& p = **parsed;
      Job one{p.id.empty() ? file + ":" + std::to_string(number) : p.id, p.variant, p.rules, p.fen, p.stipulation};
      if (const int c = solve_job(one, settings, tt); c != kExitOk) code = c;
    }
  }
  std::signal(SIGINT, previous);
  return code;
}

}  // namespace dm::app
