#include "solver/app/command_line.h"

#include <iostream>

#include "solver/app/command.h"

namespace dm::app {

namespace po = boost::program_options;

std::optional<int> read_command_line(const CommandLine& line, const std::vector<std::string>& args,
                                     po::variables_map& vm) {
  po::options_description all;
  all.add(line.shown);
  if (line.hidden) all.add(*line.hidden);
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
