// dmsolve explore: which turns of the side to move win, lose or stay open, proven by
// job-level proof-number search with a resumable SQLite store (solver/explore/explorer.h).

#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <unistd.h>

#include "rules/movetext.h"
#include "rules/outcome.h"
#include "solver/app/cache_folder.h"
#include "solver/app/command.h"
#include "solver/app/command_line.h"
#include "solver/app/interrupt.h"
#include "solver/app/option_checks.h"
#include "solver/app/progress_display.h"
#include "solver/explore/explorer.h"
#include "solver/explore/job_pool.h"
#include "solver/explore/job_runner.h"
#include "solver/explore/local_pool.h"
#include "solver/explore/move_line.h"
#include "solver/explore/move_proof.h"
#include "solver/explore/mpi_launch.h"
#ifdef DMSOLVE_WITH_MPI
#include "solver/explore/mpi_pool.h"
#elif defined(DMSOLVE_MPI_PROGRAM)
#include "solver/app/mpi_handover.h"
#endif
#include "solver/files/whole_file.h"
#include "solver/proof/proof_writer.h"
#include "solver/report/explore_format.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"
#include "solver/tablebase/tablebase.h"
#include "solver/tree/temporary_file.h"

namespace dm::app {

namespace {

std::string end_text(explore::ExploreEnd end) {
  switch (end) {
    case explore::ExploreEnd::Decided: return "every turn decided";
    case explore::ExploreEnd::Limit: return "stopped at a limit";
    case explore::ExploreEnd::Interrupted: return "interrupted";
    case explore::ExploreEnd::Error: break;
  }
  return "stopped by an error";
}

// A file name for a turn's proof: its UCI with the commas of a double move as '+'.
std::string proof_name(const Turn& turn, bool compressed) {
  std::string name = turn_to_uci(turn);
  for (char& c : name) c = c == ',' ? '+' : c;
  return name + (compressed ? ".proof.zst" : ".proof");
}

// Where the decided turns' proofs go: dir (--proof-dir), compressed or not, or temporary files
// where dir is empty; whether the store takes their main lines (not after it failed).
struct ProofOutput {
  std::string dir;
  bool zstd = false;
  bool store = true;
};

// Writes each decided turn's proof and reads it back for its main line (report.lines), which
// the store keeps with the turn's verdict; false after an error, each said on one line. After a
// first error of the temporary files or of the store, the other turns go without (one message,
// not one a turn).
bool write_proofs(const explore::Explorer& explorer, explore::JobStore& store, ProofOutput out,
                  report::ExploreReport& report) {
  const auto failed = [](const std::string& error) {
    std::cerr << "dmsolve explore: " << error << std::endl;
    return false;
  };
  bool ok = true;
  bool lines = true;
  report.lines.resize(report.results.size());
  const std::string position = proof::proof_fen(explorer.position());
  for (size_t i = 0; i < report.results.size(); ++i) {
    const explore::TopTree* tree = explorer.proof_tree(i);
    if (!tree || (out.dir.empty() && !lines)) continue;
    const explore::MoveResult& result = report.results[i];
    std::optional<dm::tree::TemporaryFile> temporary;
    if (out.dir.empty()) temporary.emplace();
    const std::string path =
        temporary ? temporary->path() : (std::filesystem::path(out.dir) / proof_name(result.turn, out.zstd)).string();
    if (const auto error = explore::write_move_proof(*tree, store, path)) {
      ok = failed(*error);
      if (temporary) lines = false;
      continue;
    }
    if (!temporary) report.proof_files[i] = path;
    if (!lines) continue;
    const auto line = explore::move_line(result.turn, path, result.proof_nodes);
    if (!line) {
      ok = failed(line.error());
      lines = false;
      continue;
    }
    report.lines[i] = *line;
    if (!out.store) continue;
    if (const auto error = store.record_line(position, turn_to_uci(result.turn), *line)) {
      ok = failed(*error);
      out.store = false;
    }
  }
  return ok;
}

// What the command line asks of an explore.
struct ExploreSettings {
  std::string variant_name;
  std::vector<std::string> rules;
  std::string fen;
  std::string moves;
  std::string store_path;
  std::string html_path;
  std::string proof_dir;
  int threads = 0;
  size_t hash_mb = default_hash_megabytes();
  int tablebase_men = 3;
  size_t tablebase_mb = 1024;
  std::string tablebase_dir;
  double job_deadline = 0.0;
  double start_deadline = explore::kDefaultStartDeadline;
  bool json = false;
  bool zstd = false;
  explore::ExploreOptions options;
};

// Reads and checks the options into s: nullopt to go on, else the exit code (the help was
// shown, or a bad option reported).
std::optional<int> read_settings(const std::vector<std::string>& args, ExploreSettings& s) {
  namespace po = boost::program_options;
  explore::ExploreOptions& options = s.options;
  options.max_job_nodes = 0;  // unless given: from --hash
  po::options_description described("dmsolve explore options");
  // One option a line, as the help lists them.
  // clang-format off
  described.add_options()
      ("help,h", "show this help")
      ("variant,v", po::value(&s.variant_name)->default_value("chess"), "variant name")
      ("rule,r", po::value(&s.rules)->composing(), "rule option KEY=VALUE (repeatable)")
      ("fen,f", fen_value(&s.fen), "the position to explore (default: the variant's initial array)")
      ("moves,m", po::value(&s.moves), "play these turns first, e.g. \"1.e3\" (movetext, as replay takes it)")
      ("store", po::value(&s.store_path), "the SQLite store of jobs (created if missing; a run resumes from it)")
      ("job-nodes", po::value(&options.job_nodes)->default_value(options.job_nodes), "the first job budget of each leaf, in nodes; it doubles each time the leaf's job runs out")
      ("job-max-nodes", po::value(&options.max_job_nodes)->default_value(0), "the most job budget: a leaf still open after a job this large is split into its turns (0: 256 times --job-nodes, at most 200000 per MiB of --hash)")
      ("jobs", po::value(&options.max_jobs)->default_value(0), "stop when the session has this many jobs, in this run and earlier ones (0: no limit)")
      ("time", po::value(&options.limits.seconds)->default_value(0), "stop after this many seconds (0: no limit)")
      ("nodes", po::value(&options.limits.nodes)->default_value(0), "stop after this many nodes (0: no limit)")
      ("threads,t", po::value(&s.threads)->default_value(0), "worker threads (0: every hardware thread)")
      ("hash", po::value(&s.hash_mb)->default_value(s.hash_mb), "the most memory of the transposition table, in MiB; it takes what the search fills (default: a quarter of this machine's memory, at most 1024)")
      ("tablebase-men", po::value(&s.tablebase_men)->default_value(s.tablebase_men), "losing chess: endgame tables for positions of at most N men, made when first needed (0: none)")
      ("tablebase-mb", po::value(&s.tablebase_mb)->default_value(s.tablebase_mb), "the most memory the endgame tables take, in MiB")
      ("tablebase-dir", po::value(&s.tablebase_dir), "keep the endgame tables in DIR, and read those kept there by earlier runs (default: $XDG_CACHE_HOME/dmsolve/tablebases, else ~/.cache/dmsolve/tablebases; \"none\": keep none). Making a table does not count against --time")
      ("job-deadline", po::value(&s.job_deadline)->default_value(0), "under mpirun: seconds after which a rank that has not answered its job is taken for dead and the job given to another (0: 60 s plus 1 s per 50,000 nodes of budget)")
      ("mpi-start-deadline", po::value(&s.start_deadline)->default_value(s.start_deadline), "under mpirun: seconds within which every rank must have started; a rank still waiting then stops, with exit code 1 (0: no deadline)")
      ("fresh-tables", "clear the table before each job: slower, but every job is a function of its position, side and budget alone, so that a run stopped and resumed grows the trees of one that never stopped (default: a worker keeps its table from one job to the next)")
      ("json", "print one JSON object per turn on one line")
      ("html", po::value(&s.html_path), "write an HTML page of the explored tree to FILE")
      ("proof-dir", po::value(&s.proof_dir), "write the proof of each won or lost turn to DIR/TURN.proof")
      ("zstd", "compress those proofs with zstd (DIR/TURN.proof.zst)");
  // clang-format on
  const CommandLine line{"explore",
                         "usage: dmsolve explore --store FILE [--variant V] [--rule K=V]... [--fen F] [--moves M] [options]\n"
                         "Proves which turns of the side to move lose (the opponent forces its win), win or draw,\n"
                         "job by job; every finished job is kept in the store, and a run resumes from it.\n"
                         "Exit codes: 0 done (or stopped at a limit); 1 a store or proof file could not be written;\n"
                         "2 bad options or input; 130 stopped by Ctrl-C (what was found is printed).\n",
                         described};
  po::variables_map vm;
  if (const auto done = read_command_line(line, args, vm)) return *done;
  options.fresh_tables = vm.count("fresh-tables") > 0;
  s.json = vm.count("json") > 0;
  s.zstd = vm.count("zstd") > 0;
  if (s.store_path.empty()) return report_bad_input("explore", "give --store FILE");
  if (options.job_nodes == 0) return report_bad_input("explore", "--job-nodes must be at least 1");
  for (const auto& error :
       {count_error("--job-nodes", options.job_nodes), count_error("--job-max-nodes", options.max_job_nodes),
        count_error("--jobs", options.max_jobs), count_error("--nodes", options.limits.nodes),
        seconds_error("--time", options.limits.seconds), seconds_error("--job-deadline", s.job_deadline),
        seconds_error("--mpi-start-deadline", s.start_deadline), threads_error(s.threads),
        megabytes_error("--hash", s.hash_mb, 1), count_error("--tablebase-mb", s.tablebase_mb)}) {
    if (error) return report_bad_input("explore", *error);
  }
  if (const auto error = tablebase::max_men_error(s.tablebase_men)) return report_bad_input("explore", *error);
  if (options.max_job_nodes == 0) {
    // Eight doublings of the first budget, or fewer where the table would be full before.
    const uint64_t doubled = options.job_nodes < (uint64_t(1) << 54) ? options.job_nodes * 256 : UINT64_MAX;
    options.max_job_nodes = std::max(options.job_nodes, std::min(doubled, uint64_t(s.hash_mb) * 200000));
  }
  if (options.max_job_nodes < options.job_nodes) {
    return report_bad_input("explore", "--job-max-nodes must be at least --job-nodes");
  }
  return std::nullopt;
}

// The position explored: the FEN's (or the variant's initial array) after --moves; or what is
// wrong with it.
Expected<Position> explored_position(const Variant& variant, const ExploreSettings& s) {
  // The explorer proves win and lose by whole turns, which a long progressive series makes a
  // product of its moves (problem::refused_in).
  if (variant.turn_length == TurnLength::Growing) {
    return Expected<Position>::failure("variant " + std::string(variant.name) + ": progressive chess is not explored");
  }
  auto start = make_position(variant, s.fen);
  if (!start) return start;
  Game game(*start);
  if (const auto error = play_movetext(game, s.moves)) return Expected<Position>::failure("--moves: " + *error);
  if (!game.turn_complete()) return Expected<Position>::failure("--moves: the last turn is not complete");
  if (outcome(game.position()).is_over())
    return Expected<Position>::failure("the game is over in the position explored");
  return game.position();
}

// Runs the explorer, with its progress on a terminal: over `pool` (the other ranks of an
// mpirun) where there is one, else on this process's threads (a local pool of `runner`).
explore::ExploreEnd run_explorer(explore::Explorer& explorer, explore::JobPool* pool, explore::JobRunner& runner,
                                 const search::SearchLimits& limits) {
  const bool terminal = isatty(STDERR_FILENO);
  ProgressDisplay display("explore");
  std::function<void(const explore::ExploreProgress&)> on_job;
  if (terminal) {
    on_job = [&](const explore::ExploreProgress& p) {
      display.set_text("explore: " + std::to_string(p.decided) + "/" + std::to_string(p.turns) + " turns decided, " +
                       std::to_string(p.jobs) + " jobs, " + std::to_string(p.jobs_reused) + " results reused; " +
                       p.job);
    };
  }
  std::optional<explore::LocalPool> local;
  if (!pool) {
    const auto on_search = terminal ? display.listener() : std::function<void(const search::Progress&)>{};
    pool = &local.emplace(runner, explorer.position().variant(), limits, on_search);
  }
  const explore::ExploreEnd end = explorer.run(*pool, on_job);
  pool->stop();
  return end;
}

// Prints the table (or JSON lines), writes the proofs and the HTML page; the exit code.
int report_explore(const explore::Explorer& explorer, explore::JobStore& store, explore::ExploreEnd end,
                   const ExploreSettings& s, const tablebase::Tablebase* tables) {
  report::ExploreReport report{&explorer, explorer.results(), {}, end_text(end), {}};
  report.proof_files.resize(report.results.size());
  int code = end == explore::ExploreEnd::Interrupted ? kExitInterrupted : kExitOk;
  if (end == explore::ExploreEnd::Error) {
    std::cerr << "dmsolve explore: " << explorer.error() << std::endl;
    code = kExitFailure;
  }
  const ProofOutput proofs{s.proof_dir, s.zstd, end != explore::ExploreEnd::Error};
  if (!write_proofs(explorer, store, proofs, report)) code = kExitFailure;
  std::cout << (s.json ? report::explore_json_lines(report) : report::explore_table(report)) << std::flush;
  if (!s.html_path.empty()) {
    if (const auto error = files::write_whole_file(s.html_path, report::explore_html(report))) {
      std::cerr << "dmsolve explore: " << *error << std::endl;
      code = kExitFailure;
    }
  }
  if (const std::string error = tables ? tables->stats().error : ""; !error.empty()) {
    std::cerr << "dmsolve explore: endgame tables (--tablebase-dir): " << error << std::endl;
  }
  return code;
}

}  // namespace

int run_explore(const std::vector<std::string>& args) {
#if !defined(DMSOLVE_WITH_MPI) && defined(DMSOLVE_MPI_PROGRAM)
  if (explore::launched_by_mpi()) {
    // Worked out before anything is written: hand_over returns only where it failed.
    const std::string reason = hand_over(DMSOLVE_MPI_PROGRAM, "explore", args);
    std::cerr << "dmsolve explore: under an MPI launcher, " << reason << std::endl;
    return kExitFailure;
  }
#endif
  ExploreSettings s;
  if (const auto done = read_settings(args, s)) return *done;
  explore::ExploreOptions& options = s.options;
#ifdef DMSOLVE_WITH_MPI
  explore::MpiSession mpi(s.start_deadline);  // under mpirun: rank 0 leads, the others run jobs
#endif
  const auto variant = make_variant(s.variant_name, s.rules);
  if (!variant) return report_bad_input("explore", variant.error());
  const auto explored = explored_position(*variant, s);
  if (!explored) return report_bad_input("explore", explored.error());
  const Position& pos = *explored;
  std::optional<tablebase::Tablebase> tables;
  if (s.tablebase_men > 0 && tablebase::Tablebase::applies_to(*variant)) {
    tables.emplace(*variant, tablebase::TablebaseOptions{s.tablebase_men, s.tablebase_mb << 20,
                                                         tablebase_folder(s.tablebase_dir)});
    options.tablebase_men = s.tablebase_men;
    // The tables are kept for later runs: making them does not count against --time.
    options.limits.uncounted = [&tables] { return tables->making_seconds(); };
  }

  search::Workers workers(s.threads);
  search::TranspositionTable tt(s.hash_mb);
  explore::JobRunner runner(workers, tt, tables ? &*tables : nullptr);
  runner.keep_table(!options.fresh_tables);
  explore::JobPool* pool = nullptr;  // where jobs go to other processes
#ifdef DMSOLVE_WITH_MPI
  if (mpi.active() && mpi.rank() != 0) {
    explore::mpi_worker_loop(mpi, runner, *variant);
    return kExitOk;
  }
  std::optional<explore::MpiPool> mpi_pool;  // rank 0 of several: made first, so that any end stops the workers
  if (mpi.active()) pool = &mpi_pool.emplace(mpi, s.job_deadline);
#endif
  auto store = explore::JobStore::open(s.store_path, std::string(variant->name), variant->describe_options());
  if (!store) return report_bad_input("explore", store.error());
  const auto first_job = (*store)->session_start(explore::Explorer::session_name(pos, options));
  if (!first_job) return report_bad_input("explore", first_job.error());
  if (!s.proof_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(s.proof_dir, ec);
    if (ec) return report_bad_input("explore", s.proof_dir + ": " + ec.message());
  }

  const InterruptCatcher catcher;
  options.limits.interrupt = &InterruptCatcher::flag();
  explore::Explorer explorer(pos, **store, options, *first_job);
  const explore::ExploreEnd end = run_explorer(explorer, pool, runner, options.limits);
  return report_explore(explorer, **store, end, s, tables ? &*tables : nullptr);
}

}  // namespace dm::app
