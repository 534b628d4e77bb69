// LeastAssignment: the Hungarian method with potentials on a rows x columns table.

#include "solver/search/help/targets/least_assignment.h"

#include <cassert>
#include <limits>

namespace dm::search::targets {

LeastAssignment::LeastAssignment(int rows, int columns) : rows_(rows), columns_(columns) {
  assert(rows >= 0 && rows <= kMaxRows && columns >= rows && columns <= kMaxColumns);
  for (auto& row : cost_) row.fill(kNever);
}

int LeastAssignment::solve() const {
  // A required column given costs kBonus less, so that the least sum gives every required
  // column it can before it saves a move: kBonus exceeds any sum of finite costs.
  constexpr int64_t kBonus = int64_t(kNever) * kMaxRows;
  const auto cost = [&](int i, int j) {
    const int64_t c = cost_[size_t(i)][size_t(j)];
    return required_[size_t(j)] ? c - kBonus : c;
  };
  constexpr int64_t kInfinite = std::numeric_limits<int64_t>::max() / 4;
  // Rows and columns counted from 1; column 0 holds the row being placed.
  std::array<int64_t, kMaxRows + 1> u{};
  std::array<int64_t, kMaxColumns + 1> v{};
  std::array<int, kMaxColumns + 1> row_of{};  // 0: free
  std::array<int, kMaxColumns + 1> way{};
  for (int i = 1; i <= rows_; ++i) {
    row_of[0] = i;
    int j0 = 0;
    std::array<int64_t, kMaxColumns + 1> least;
    least.fill(kInfinite);
    std::array<bool, kMaxColumns + 1> used{};
    do {
      used[size_t(j0)] = true;
      const int i0 = row_of[size_t(j0)];
      int64_t delta = kInfinite;
      int j1 = 0;
      for (int j = 1; j <= columns_; ++j) {
        if (used[size_t(j)]) continue;
        const int64_t reduced = cost(i0 - 1, j - 1) - u[size_t(i0)] - v[size_t(j)];
        if (reduced < least[size_t(j)]) {
          least[size_t(j)] = reduced;
          way[size_t(j)] = j0;
        }
        if (least[size_t(j)] < delta) {
          delta = least[size_t(j)];
          j1 = j;
        }
      }
      for (int j = 0; j <= columns_; ++j) {
        if (used[size_t(j)]) {
          u[size_t(row_of[size_t(j)])] += delta;
          v[size_t(j)] -= delta;
        } else {
          least[size_t(j)] -= delta;
        }
      }
      j0 = j1;
    } while (row_of[size_t(j0)] != 0);
    do {
      const int j1 = way[size_t(j0)];
      row_of[size_t(j0)] = row_of[size_t(j1)];
      j0 = j1;
    } while (j0 != 0);
  }
  int64_t sum = 0;
  for (int j = 1; j <= columns_; ++j) {
    const int i = row_of[size_t(j)];
    if (i == 0) {
      if (required_[size_t(j - 1)]) return kNever;
      continue;
    }
    const int c = cost_[size_t(i - 1)][size_t(j - 1)];
    if (c >= kNever) return kNever;
    sum += c;
  }
  return sum >= kNever ? kNever : int(sum);
}

}  // namespace dm::search::targets
