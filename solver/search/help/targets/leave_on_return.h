#pragma once
// Leaves a target walk's frame of a node (stalemate_targets.h, help_targets.h) however the node
// returns.

namespace dm::search::targets {

template <class Walk>
class LeaveOnReturn {
 public:
  explicit LeaveOnReturn(Walk* walk) : walk_(walk) {}
  ~LeaveOnReturn() {
    if (walk_) walk_->leave();
  }
  LeaveOnReturn(const LeaveOnReturn&) = delete;
  LeaveOnReturn& operator=(const LeaveOnReturn&) = delete;

 private:
  Walk* walk_;
};

}  // namespace dm::search::targets
