#pragma once
// A one-line progress display on standard error while a problem is solved: the caller's text
// (a bar over the problems of a file, the problem's name) and the seconds spent, redrawn
// twice a second by a helper thread. Only on a terminal: otherwise it prints nothing, so
// redirected output and logs stay clean. The line is erased when the display ends.

#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace dm::app {

class ProgressDisplay {
 public:
  explicit ProgressDisplay(std::string text);
  ~ProgressDisplay();
  ProgressDisplay(const ProgressDisplay&) = delete;
  ProgressDisplay& operator=(const ProgressDisplay&) = delete;

  // "[#####.....] 5/10" for done of total problems.
  static std::string bar(size_t done, size_t total);

 private:
  void run();

  std::string text_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool done_ = false;
  std::thread thread_;
};

}  // namespace dm::app
