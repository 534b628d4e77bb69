#include "solver/app/cache_folder.h"

#include <cstdlib>
#include <filesystem>

namespace dm::app {

namespace {

// An environment variable's value when it is an absolute path (the XDG specification ignores
// a relative one), else "".
std::string absolute_from_environment(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !std::filesystem::path(value).is_absolute()) return "";
  return value;
}

std::string cache_folder() {
  if (const std::string xdg = absolute_from_environment("XDG_CACHE_HOME"); !xdg.empty()) {
    return (std::filesystem::path(xdg) / "dmsolve").string();
  }
  if (const std::string home = absolute_from_environment("HOME"); !home.empty()) {
    return (std::filesystem::path(home) / ".cache" / "dmsolve").string();
  }
  return "";
}

}  // namespace

std::string tablebase_folder(const std::string& given) {
  if (given == kNoFolder) return "";
  if (!given.empty()) return given;
  const std::string cache = cache_folder();
  return cache.empty() ? "" : (std::filesystem::path(cache) / "tablebases").string();
}

}  // namespace dm::app
