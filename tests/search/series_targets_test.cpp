// The least assignment (least_assignment.h) against every assignment tried in turn, and the
// series targets (series_targets.h) on Lin's ser-h#9, counted by hand from the rules.

#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/targets/least_assignment.h"
#include "solver/search/help/targets/series_targets.h"
#include "solver_support.h"

namespace {

using dm::search::targets::LeastAssignment;

// The least sum over every way to give each row its own column, the required ones all given.
int every_assignment(const std::vector<std::vector<int>>& cost, const std::vector<bool>& required) {
  const int rows = int(cost.size());
  const int columns = int(required.size());
  std::vector<int> order(size_t(columns), 0);
  std::iota(order.begin(), order.end(), 0);
  int least = LeastAssignment::kNever;
  // Each permutation of the columns gives the first `rows` of them to the rows.
  do {
    int sum = 0;
    std::vector<bool> given(size_t(columns), false);
    for (int i = 0; i < rows; ++i) {
      const int c = cost[size_t(i)][size_t(order[size_t(i)])];
      sum = c >= LeastAssignment::kNever ? LeastAssignment::kNever : sum + c;
      given[size_t(order[size_t(i)])] = true;
    }
    bool covered = true;
    for (int j = 0; j < columns; ++j) covered = covered && (!required[size_t(j)] || given[size_t(j)]);
    if (covered && sum < least) least = sum;
  } while (std::next_permutation(order.begin(), order.end()));
  return least;
}

}  // namespace

TEST_CASE("least assignment: equals the least of every assignment", "[solver][help][series]") {
  std::mt19937 rng(20261207);
  int infeasible = 0;
  for (int round = 0; round < 400; ++round) {
    const int rows = std::uniform_int_distribution<int>(0, 4)(rng);
    const int columns = std::uniform_int_distribution<int>(std::max(rows, 1), 6)(rng);
    std::vector<std::vector<int>> cost(size_t(rows), std::vector<int>(size_t(columns), 0));
    LeastAssignment assignment(rows, columns);
    for (int i = 0; i < rows; ++i) {
      for (int j = 0; j < columns; ++j) {
        const bool never = std::uniform_int_distribution<int>(0, 4)(rng) == 0;
        const int c = never ? LeastAssignment::kNever : std::uniform_int_distribution<int>(0, 9)(rng);
        cost[size_t(i)][size_t(j)] = c;
        if (!never) assignment.set_cost(i, j, c);
      }
    }
    std::vector<bool> required(size_t(columns), false);
    for (int j = 0; j < columns; ++j) {
      required[size_t(j)] = std::uniform_int_distribution<int>(0, 2)(rng) == 0;
      if (required[size_t(j)]) assignment.require(j);
    }
    const int expected = every_assignment(cost, required);
    INFO("round " << round << ", " << rows << " x " << columns);
    CHECK(assignment.solve() == expected);
    infeasible += expected == LeastAssignment::kNever;
  }
  CHECK(infeasible > 0);  // some required column could not be given, and was told so
}

// Lin's ser-h#9 (BEISPIEL/intell.inp): Black Ka6 Nb6 Bc6 Na5 pb5 Qc5 Ra4 Bb4 Rc4, White Kd3
// pb3. White has no rider, so a check comes from the pawn's move alone (the king's moves
// uncover none): b3-b4 (k on a5 or c5), bxa4 (k on b5) or bxc4 (k on b5 or d5). It is the only
// check, so no knight may end a knight's leap from the pawn, and no queen next to it (it would
// take it; invariant 61).
// - After b4, the pawn on b4 stands next to a5 and to c5, and no other piece guards it: the
//   king would take it. No target.
// - After bxa4, k = b5: White's king guards c4 (and a4 needs the man the pawn takes); a4, a5,
//   a6, b4, b6, c5 and c6 must be filled. The king walks one move; the pawn on b5 must leave
//   (to b4, its one way: it captures only onto White's squares), and the bishop on b4 then too;
//   the knight on b6 stands a leap from a4 and must leave. Nb6-a4 is the man taken, Qc5 fills
//   b6, Bb4 fills c5, Ra4 fills a6 (one move each on an empty board): 6.
// - After bxc4, k = b5: the eight squares round b5 hold the eight men, the pawn that leaves b5
//   among them (b5-b4, the bishop on b4 moving on), and the knights on a5 and b6 and the queen
//   on c5 stand where they would take the pawn on c4: more than 6. k = d5 needs the king's three
//   moves, men on d6, e5 and e6, and the queen off c5.
// So no target may be reached within five series turns, and one may within six.
TEST_CASE("series targets: Lin's ser-h#9 needs six series turns by the count", "[solver][help][series]") {
  using namespace dm::search;
  const dm::Position pos = dm::test::position_of("chess", "8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1");
  REQUIRE(SeriesTargets::applies(pos.variant(), Play::SeriesHelp, Goal::Mate));
  const EndingBound bound(pos.variant(), Goal::Mate);
  SeriesTargets targets(bound);
  std::vector<dm::Square> kings;
  for (const SeriesTargets::Target& t : targets.targets(pos)) kings.push_back(t.k);
  std::sort(kings.begin(), kings.end());
  kings.erase(std::unique(kings.begin(), kings.end()), kings.end());
  CHECK(kings == std::vector<dm::Square>{dm::make_square(1, 4), dm::make_square(3, 4)});  // b5, d5
  CHECK_FALSE(targets.may_reach(pos, 5));
  CHECK(targets.may_reach(pos, 6));
}

// The same king and rook as in "series targets: mates by a discovered check are kept"
// (solver_ending_bound_test.cpp): Ke8-d7 uncovers Rh8's check of a8. Its target: a8's flights
// a7 and b7 filled (the rook guards b8), the rook's line b8-g8 and its square, the square the
// king leaves and the one it lands on left empty of Black's men. The rook's is the only check, so
// no man may end where one step of its own moves takes the rook or stands between (a knight on
// the sixth rank or the seventh, a bishop or a queen on the seventh, a rook on b7-h7); the line
// b8-g8 itself lies between a8 and the rook, where a man may be pinned.
TEST_CASE("series targets: a discovered check is a target", "[solver][help][series]") {
  using namespace dm::search;
  const dm::Position pos = dm::test::position_of("chess", "k3K2R/pp6/8/7p/8/8/8/8 b - - 0 1");
  const EndingBound bound(pos.variant(), Goal::Mate);
  SeriesTargets targets(bound);
  const auto sq = [](int file, int rank) { return dm::square_bb(dm::make_square(file, rank - 1)); };
  SeriesTargets::Target discovered;
  discovered.k = dm::make_square(0, 7);
  discovered.fill = sq(0, 7) | sq(1, 7);
  discovered.empty = sq(1, 8) | sq(2, 8) | sq(3, 8) | sq(4, 8) | sq(5, 8) | sq(6, 8) | sq(7, 8) | sq(3, 7);
  dm::Bitboard rank6 = 0;
  dm::Bitboard rank7 = 0;
  for (int file = 0; file < 8; ++file) {
    rank6 |= sq(file, 6);
    rank7 |= sq(file, 7);
  }
  discovered.parries = {rank6 | rank7, rank7, rank7 & ~sq(0, 7), rank7};
  const std::vector<SeriesTargets::Target> all = targets.targets(pos);
  CHECK(std::find(all.begin(), all.end(), discovered) != all.end());
  CHECK(targets.may_reach(pos, 1));
}

// A double check bars no square: White's Ne8-c7 checks a8 and uncovers Rh8's check through e8.
// Taking one checker leaves the other's check, so a man of Black's may stand next to either:
// the targets of that move have no square barred. (A move of the knight elsewhere, uncovering
// the rook's check alone, bars the squares next to the rook.)
TEST_CASE("series targets: a double check bars no square", "[solver][help][series]") {
  using namespace dm::search;
  const dm::Position pos = dm::test::position_of("chess", "k3N2R/pp6/8/8/8/8/8/K7 b - - 0 1");
  const EndingBound bound(pos.variant(), Goal::Mate);
  SeriesTargets targets(bound);
  const dm::Square a8 = dm::make_square(0, 7);
  bool unbarred = false;
  bool barred = false;
  for (const SeriesTargets::Target& t : targets.targets(pos)) {
    if (t.k != a8) continue;
    const bool none = t.parries == std::array<dm::Bitboard, 4>{};
    unbarred |= none;
    barred |= !none;
  }
  CHECK(unbarred);
  CHECK(barred);
}
