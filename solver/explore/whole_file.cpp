#include "solver/explore/whole_file.h"

#include <filesystem>
#include <fstream>

namespace dm::explore {

std::optional<std::string> write_whole_file(const std::string& path, const std::string& bytes) {
  const std::string part = path + ".part";
  {
    std::ofstream out(part, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    if (!out.flush()) return path + ": cannot write";
  }
  std::error_code ec;
  std::filesystem::rename(part, path, ec);
  if (ec) return path + ": cannot write: " + ec.message();
  return std::nullopt;
}

}  // namespace dm::explore
