#pragma once
// The command-line program's sub-commands and the pieces of setup they share: choosing a
// variant with its rule options and reading a position. Errors come back as one-line messages;
// only the sub-command's run function prints.

#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "rules/position.h"
#include "rules/variant.h"

namespace dm::app {

struct Command {
  std::string_view name;
  std::string_view summary;
  int (*run)(const std::vector<std::string>& args);
};

int run_check_proof(const std::vector<std::string>& args);
int run_explore(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);
int run_perft(const std::vector<std::string>& args);
int run_replay(const std::vector<std::string>& args);
int run_show_proof(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);
int run_solve(const std::vector<std::string>& args);
int run_verify(const std::vector<std::string>& args);

// Exit codes.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;   // the job ran and found a failure
constexpr int kExitBadInput = 2;  // bad options or input
constexpr int kExitUndecided = 3;  // verify: no problem unsound, but a limit left one undecided
constexpr int kExitInterrupted = 130;  // stopped by Ctrl-C (SIGINT), as shells report it

// The position: from the FEN when one is given, else the variant's initial array.
Expected<Position> make_position(const Variant& variant, const std::string& fen);

// Prints "dmsolve <command>: <message>" on standard error and returns kExitBadInput.
int report_bad_input(std::string_view command, std::string_view message);

}  // namespace dm::app
