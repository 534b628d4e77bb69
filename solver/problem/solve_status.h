#pragma once
// How a search of a problem ended: solved, shown to have no solution, or stopped by a limit
// before either (unknown).

#include <cstdint>
#include <string_view>

namespace dm::problem {

enum class SolveStatus : uint8_t { Solved, NoSolution, Unknown };
std::string_view status_name(SolveStatus status);  // "solved", "no-solution", "unknown"

}  // namespace dm::problem
