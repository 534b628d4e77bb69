#pragma once
// Ctrl-C for the commands that solve: while an InterruptCatcher lives, SIGINT raises a flag
// (the searches' SearchLimits::interrupt) instead of killing the program, so the command can
// stop the problem being solved and still print what it has.

#include <atomic>

namespace dm::app {

class InterruptCatcher {
 public:
  InterruptCatcher();
  ~InterruptCatcher();
  InterruptCatcher(const InterruptCatcher&) = delete;
  InterruptCatcher& operator=(const InterruptCatcher&) = delete;

  // Raised by SIGINT; never lowered.
  static const std::atomic<bool>& flag();
  static bool raised() { return flag().load(); }

 private:
  void (*previous_)(int);
};

}  // namespace dm::app
