// dmsolve: entry point; dispatches to the sub-command named by the first argument.

#include <array>
#include <cerrno>
#include <cstring>
#include <iostream>
#include <new>
#include <string>
#include <system_error>
#include <vector>

#include "solver/app/command.h"
#include "solver/app/malloc_arenas.h"

namespace {

constexpr std::array kCommands = {
    dm::app::Command{"perft", "count move sequences from a position (move generator check)", dm::app::run_perft},
    dm::app::Command{"replay", "play a game (SAN or UCI, comma-joined turns, or a PGN file) and show the result",
                     dm::app::run_replay},
    dm::app::Command{
        "solve",
        "solve problems (#N =N winN s#N s=N h#N h=N r#N ser-#N ...) from the command line or a puzzle file and print their solution trees",
        dm::app::run_solve},
    dm::app::Command{"check-proof", "check proof files (docs/proof-format.md) with the rules engine alone",
                     dm::app::run_check_proof},
    dm::app::Command{"show-proof",
                     "show a checked proof file: its main line and its first turns as a tree (text or HTML)",
                     dm::app::run_show_proof},
    dm::app::Command{"explore", "prove which opening turns win or lose, job by job, with a resumable store",
                     dm::app::run_explore},
    dm::app::Command{"export",
                     "write problems as Popeye input (--format popeye), from a problem file or --fen and --stip",
                     dm::app::run_export},
    dm::app::Command{"serve", "serve the solver as a web page on this machine (http://127.0.0.1:8080 by default)",
                     dm::app::run_serve},
    dm::app::Command{"verify",
                     "solve every problem of puzzle files and judge it against its source: sound, cooked, dual, ...",
                     dm::app::run_verify},
};

void print_usage(std::ostream& out) {
  out << "dmsolve: a solver for chess problems in double-move and fairy chess variants\n\n"
         "usage: dmsolve <command> [options]   (dmsolve <command> --help for its options; dmsolve --version)\n\ncommands:\n";
  for (const auto& command : kCommands) out << "  " << command.name << "  " << command.summary << '\n';
}

}  // namespace

int main(int argc, char** argv) {
  dm::app::share_malloc_arena_under_address_limit();
  if (argc < 2) {
    print_usage(std::cerr);
    return dm::app::kExitBadInput;
  }
  const std::string name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return dm::app::kExitOk;
  }
  if (name == "--version") {
    const std::string commit = DMSOLVE_COMMIT;
    std::cout << "dmsolve " << DMSOLVE_VERSION << (commit.empty() ? "" : " (" + commit + ")") << '\n';
    return dm::app::kExitOk;
  }
  for (const auto& command : kCommands) {
    if (command.name != name) continue;
    try {
      const int code = command.run(std::vector<std::string>(argv + 2, argv + argc));
      // A full disk or a closed pipe under standard output: say so, rather than exit as if the
      // whole output had been written.
      if (!std::cout.flush()) {
        std::cerr << "dmsolve " << name << ": cannot write the output: " << std::strerror(errno) << '\n';
        return code == dm::app::kExitOk ? dm::app::kExitFailure : code;
      }
      return code;
    } catch (const std::bad_alloc&) {
      // Room ran out beyond what the command sized up front (--hash and the endgame tables are
      // refused at the start when too large): say so rather than abort.
      std::cerr << "dmsolve " << name << ": out of memory (try a smaller --hash or --tablebase-mb, or fewer --threads)\n";
      return dm::app::kExitBadInput;
    } catch (const std::system_error& e) {
      // The system refused a resource other than memory: most often a thread.
      std::cerr << "dmsolve " << name << ": the system refused a resource: " << e.what() << '\n';
      return dm::app::kExitBadInput;
    }
  }
  std::cerr << "dmsolve: unknown command '" << name << "' (try dmsolve --help)\n";
  return dm::app::kExitBadInput;
}
