#pragma once
// The least total cost of giving each row a column of its own, some columns required to be
// given: the Hungarian method with potentials (Kuhn 1955, Munkres 1957), in its O(rows^2 x
// columns) form. SeriesTargets asks it for the fewest moves in which the series mover's men
// may stand on distinct squares, the squares a target needs filled among them.

#include <array>
#include <cstddef>
#include <cstdint>

namespace dm::search::targets {

class LeastAssignment {
 public:
  static constexpr int kMaxRows = 16;
  static constexpr int kMaxColumns = 48;
  // A cost no assignment may take.
  static constexpr int kNever = 1 << 20;

  // rows <= columns, each at most its kMax; every cost starts at kNever.
  LeastAssignment(int rows, int columns);

  void set_cost(int row, int column, int cost) { cost_[size_t(row)][size_t(column)] = cost; }
  void require(int column) { required_[size_t(column)] = true; }

  // The least sum of the rows' costs with every row given a distinct column and every required
  // column given to some row; kNever where no such assignment is within kNever.
  int solve() const;

 private:
  int rows_;
  int columns_;
  std::array<std::array<int, kMaxColumns>, kMaxRows> cost_;
  std::array<bool, kMaxColumns> required_{};
};

}  // namespace dm::search::targets
