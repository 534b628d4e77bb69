#pragma once
// Reading a sub-command's command line with Boost.Program_options, the same way for every
// command: the options shown by --help, those hidden from it (the positional arguments' own),
// --help printing the usage and the options, and a bad option reported as one line with exit
// code 2 (command.h).

#include <boost/program_options.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dm::app {

struct CommandLine {
  std::string_view command;  // the sub-command's name, for error messages
  std::string_view usage;    // printed before the options by --help
  const boost::program_options::options_description& shown;
  const boost::program_options::options_description* hidden = nullptr;
  // The positional arguments: the option each goes to, and how many it takes (-1: any number).
  std::vector<std::pair<std::string, int>> positional = {};
};

// Reads args into vm and, by notify, into the options' variables. Returns the exit code the
// command ends with here (kExitOk after --help, kExitBadInput after reporting a bad option), or
// nullopt where it goes on.
std::optional<int> read_command_line(const CommandLine& line, const std::vector<std::string>& args,
                                     boost::program_options::variables_map& vm);

}  // namespace dm::app
