#include "solver/app/mpi_handover.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace dm::app {

std::string hand_over(const std::string& program, const std::string& command, const std::vector<std::string>& args) {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "cannot find this program's own path: " + ec.message();
  const std::string path = (self.parent_path() / program).string();
  std::vector<std::string> words{path, command};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  execv(path.c_str(), argv.data());
  return "cannot start " + path + ": " + std::strerror(errno);
}

}  // namespace dm::app
