#pragma once
// A one-line progress display on standard error while a problem is solved: the caller's text
// (a bar over the problems of a file, the problem's name), the seconds spent and the search's
// latest figures (nodes, nodes/s, the root's proof and disproof numbers, key candidates
// decided), redrawn twice a second by a helper thread. Only on a terminal: otherwise it prints nothing, so
// redirected output and logs stay clean. The line is erased when the display ends.

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "solver/search/solver.h"

namespace dm::app {

class ProgressDisplay {
 public:
  explicit ProgressDisplay(std::string text);
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // Replaces the caller's text (any thread), for a display that spans several searches.
  void set_text(std::string text);
  // Takes the search's latest figures (any thread); the next redraw shows them.
  void update(const search::Progress& progress);
  // A progress callback for the search that feeds update(); empty when nothing is displayed
  // (not a terminal), so that the search starts no monitor for it.
  std::function<void(const search::Progress&)> listener();

  // "[#####.....] 5/10" for done of total problems.
  static std::string bar(size_t done, size_t total);

 private:
  void run();

  std::string text_;  // guarded by mutex_ once the thread runs
  std::optional<search::Progress> progress_;  // guarded by mutex_
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace dm::app
