#include "solver/tree/temporary_file.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <system_error>
#include <unistd.h>

namespace dm::tree {

TemporaryFile::TemporaryFile() {
  static std::atomic<uint64_t> count{0};
  const std::string name = "dmsolve-" + std::to_string(getpid()) + "-" + std::to_string(count.fetch_add(1)) + ".proof";
  path_ = (std::filesystem::temp_directory_path() / name).string();
}

TemporaryFile::~TemporaryFile() {
  std::error_code ignored;  // never written, or removed already: nothing to do
  std::filesystem::remove(path_, ignored);
}

}  // namespace dm::tree
