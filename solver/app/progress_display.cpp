#include "solver/app/progress_display.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace dm::app {

ProgressDisplay::ProgressDisplay(std::string text) : text_(std::move(text)) {
  if (isatty(fileno(stderr))) thread_ = std::thread([this] { run(); });
}

ProgressDisplay::~ProgressDisplay() {
  if (!thread_.joinable()) return;
  {
    std::lock_guard lock(mutex_);
    done_ = true;
  }
  wake_.notify_one();
  thread_.join();
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
}

std::string ProgressDisplay::bar(size_t done, size_t total) {
  constexpr size_t kWidth = 20;
  const size_t filled = total ? done * kWidth / total : kWidth;
  return "[" + std::string(filled, '#') + std::string(kWidth - filled, '.') + "] " + std::to_string(done) + "/" +
         std::to_string(total);
}

void ProgressDisplay::run() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  while (!done_) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::fprintf(stderr, "\r\033[K%s  %.1fs", text_.c_str(), seconds);
    std::fflush(stderr);
    wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return done_; });
  }
}

}  // namespace dm::app
