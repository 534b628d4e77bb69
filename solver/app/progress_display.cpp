#include "solver/app/progress_display.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>

namespace dm::app {

namespace {

std::string figures(const search::Progress& p) {
  const auto number = [](search::ProofNumber n) {
    return n == search::kInfinite ? std::string("inf") : std::to_string(n);
  };
  const double rate = p.seconds > 0 ? double(p.nodes) / p.seconds : 0;
  char text[160];
  std::snprintf(text, sizeof text, "  nodes %llu  %.0f nodes/s  root pn %s dn %s  decided %zu/%zu",
                static_cast<unsigned long long>(p.nodes), rate, number(p.root_pn).c_str(), number(p.root_dn).c_str(),
                p.decided, p.candidates);
  return text;
}

}  // namespace

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

void ProgressDisplay::update(const search::Progress& progress) {
  std::lock_guard lock(mutex_);
  progress_ = progress;
}

std::function<void(const search::Progress&)> ProgressDisplay::listener() {
  if (!thread_.joinable()) return {};
  return [this](const search::Progress& progress) { update(progress); };
}

void ProgressDisplay::set_text(std::string text) {
  std::lock_guard lock(mutex_);
  text_ = std::move(text);
  progress_.reset();
}

void ProgressDisplay::run() {
  const auto start = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  while (!done_) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::string search = progress_ ? figures(*progress_) : std::string();
    std::fprintf(stderr, "\r\033[K%s  %.1fs%s", text_.c_str(), seconds, search.c_str());
    std::fflush(stderr);
    wake_.wait_for(lock, std::chrono::milliseconds(500), [this] { return done_; });
  }
}

}  // namespace dm::app
