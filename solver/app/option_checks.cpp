#include "solver/app/option_checks.h"

#include <algorithm>
#include <cmath>
#include <unistd.h>

namespace dm::app {

namespace {

constexpr double kMaxSeconds = 365.0 * 24 * 3600;
constexpr uint64_t kMaxCount = uint64_t(1) << 62;

void refuse_blank_fen(const std::string& text) {
  if (text.find_first_not_of(" \t") == std::string::npos) throw boost::program_options::error("--fen is empty: give a FEN");
}

// This machine's physical memory in MiB.
size_t physical_megabytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return size_t(1) << 20;  // unknown: 1 TiB
  return size_t(uint64_t(pages) * uint64_t(page_size) >> 20);
}

}  // namespace

size_t default_hash_megabytes() {
  return std::min<size_t>(kMostDefaultHash, std::max<size_t>(16, physical_megabytes() / 4));
}

std::optional<std::string> threads_error(int threads) {
  if (threads >= 0 && threads <= kMaxThreads) return std::nullopt;
  return "--threads must be from 0 (every hardware thread) to " + std::to_string(kMaxThreads) + ", not " +
         std::to_string(threads);
}

std::optional<std::string> megabytes_error(std::string_view option, size_t megabytes, size_t least) {
  const size_t most = physical_megabytes();
  if (megabytes >= least && megabytes <= most) return std::nullopt;
  return std::string(option) + " must be from " + std::to_string(least) + " to " + std::to_string(most) +
         " MiB (this machine's memory)";
}

std::optional<std::string> seconds_error(std::string_view option, double seconds) {
  if (std::isfinite(seconds) && seconds >= 0 && seconds <= kMaxSeconds) return std::nullopt;
  return std::string(option) + " must be a number of seconds from 0 to " + std::to_string(int64_t(kMaxSeconds));
}

std::optional<std::string> count_error(std::string_view option, uint64_t count) {
  if (count < kMaxCount) return std::nullopt;
  return std::string(option) + " must be from 0 to " + std::to_string(kMaxCount - 1);
}

boost::program_options::typed_value<std::string>* fen_value(std::string* fen) {
  return boost::program_options::value(fen)->notifier(&refuse_blank_fen);
}

}  // namespace dm::app
