#include "solver/problem/solve_status.h"

namespace dm::problem {

std::string_view status_name(SolveStatus status) {
  switch (status) {
    case SolveStatus::Solved: return "solved";
    case SolveStatus::NoSolution: return "no-solution";
    case SolveStatus::Unknown: break;
  }
  return "unknown";
}

}  // namespace dm::problem
