#include "solver/app/command_line.h"

#include <iostream>

#include "solver/app/command.h"

namespace dm::app {

namespace po = boost::program_options;

namespace {

// A FEN given without quotes reaches the command as several arguments: its board, then "w" or
// "b" and the other fields. The shell has split it; say so rather than report the fields as
// stray positional arguments.
std::optional<std::string> unquoted_fen(const std::vector<std::string>& args) {
  for (size_t i = 0; i < args.size(); ++i) {
    size_t next = 0;
    std::string board;
    if ((args[i] == "--fen" || args[i] == "-f") && i + 2 < args.size()) {
      board = args[i + 1];
      next = i + 2;
    } else if (args[i].starts_with("--fen=") && i + 1 < args.size()) {
      board = args[i].substr(6);
      next = i + 1;
    } else {
      continue;
    }
    if (board.find(' ') == std::string::npos && (args[next] == "w" || args[next] == "b")) {
      std::string fields = board;
      for (size_t j = next; j < args.size() && j < next + 5 && !args[j].starts_with("--"); ++j) fields += " " + args[j];
      return "--fen: the FEN reached dmsolve cut at its spaces; quote it: --fen '" + fields + "'";
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<int> read_command_line(const CommandLine& line, const std::vector<std::string>& args,
                                     po::variables_map& vm) {
  po::options_description all;
  all.add(line.shown);
  if (line.hidden) all.add(*line.hidden);
  if (const auto error = unquoted_fen(args)) return report_bad_input(line.command, *error);
  po::positional_options_description positional;
  for (const auto& [name, count] : line.positional) positional.add(name.c_str(), count);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), vm);
    if (vm.count("help")) {
      std::cout << line.usage << line.shown;
      return kExitOk;
    }
    po::notify(vm);
  } catch (const po::error& e) {
    return report_bad_input(line.command, e.what());
  }
  return std::nullopt;
}

}  // namespace dm::app
