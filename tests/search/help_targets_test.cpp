// The mate targets of help play (help_targets.h): the solver's h# with them against the brute-force
// oracle on random positions, hand-made mates that need a pin or a double check, and what they cut.

#include <cstdlib>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <catch2/catch.hpp>

#include "rules/notation.h"
#include "rules/position.h"
#include "solver/search/help/bound/ending_bound.h"
#include "solver/search/help/targets/help_targets.h"
#include "solver_support.h"
#include "test_data.h"

using namespace dm;
using dm::search::EndingBound;
using dm::search::HelpTargets;

namespace {

// For each set of pieces, `count` random positions (`side` to move, test::sparse_position with
// `cornered` and `crowd`) whose solutions (h#N, h=N, or series play) the solver must find as the
// oracle does.
// Returns how many had solutions.
size_t help_lines_equal_oracle(uint32_t seed, std::string_view stipulation, const std::vector<std::string_view>& sets,
                               int count, int crowd, bool cornered = false, char side = 'b') {
  std::mt19937 rng(seed);
  size_t with_solutions = 0;
  for (const std::string_view pieces : sets) {
    for (int positions = 0; positions < dm::test::sample_size(count);) {
      const auto fen = test::sparse_position(rng, pieces, side, cornered, crowd);
      if (!fen) continue;
      ++positions;
      INFO(stipulation << " " << *fen);
      const auto expected = dm::test::brute_force_answers("chess", *fen, stipulation);
      with_solutions += !expected.empty();
      CHECK(dm::test::solve_fen("chess", *fen, stipulation, 1).answers == expected);
    }
  }
  return with_solutions;
}

}  // namespace

// Slow as well: the default run keeps the crowded help mates below, and the ending bound's own
// sparse help mates in two against the oracle.
TEST_CASE("help targets: help mates in two on random positions equal the oracle's", "[solver][help][oracle][slow]") {
  // Black's pieces anywhere may block, take the checker or step between: the pictures must pin
  // them, check twice or put a unit in their way. White's riders guard from afar, through the
  // king's square.
  const size_t found = help_lines_equal_oracle(
      20261207, "h#2", {"KQBkrnpp", "KRNBkqbp", "KRBkqnp", "KQNkrbpp", "KRRkbnp", "KBBNkqr"}, 15, 7);
  if (!dm::test::kSanitized) CHECK(found > 0);
}

TEST_CASE("help targets: help mates in two with Black's pawns around its king equal the oracle's",
          "[solver][help][oracle]") {
  // A pawn next to the king blocks, takes the checker or pushes between it and the king, never
  // onto the checker's square.
  const size_t found =
      help_lines_equal_oracle(20261209, "h#2", {"KNBkpppp", "KNRkbppp", "KBNPkppp", "KRNkrppp", "KQNkppp"}, 60, 2);
  if (!dm::test::kSanitized) CHECK(found > 0);
}

// Slow: the oracle plays every line of three moves a side. Help mates in three keep the targets'
// oracle check of "ending bound: three-move help play" in the default run.
TEST_CASE("help targets: help mates in three on random positions equal the oracle's", "[solver][help][oracle][slow]") {
  const size_t found = help_lines_equal_oracle(20261208, "h#3", {"KNBkpp", "KRkpp", "KNPkbp"}, 2, 2);
  if (!dm::test::kSanitized) CHECK(found > 0);
}

namespace {

// Whether the pictures of fen (Black to move, h# or h= of `turns`) hold the final position of
// `line` (UCI, moves apart): some picture places each of its units as that position has it.
bool pictures_hold(std::string_view fen, problem::Goal goal, int turns, const std::string& line) {
  Position pos = dm::test::position_of("chess", fen);
  const EndingBound::Shared tables(pos.variant(), goal);
  const HelpTargets targets(tables, pos, goal, Color::White, turns, turns);
  REQUIRE(targets.holds());
  std::vector<std::string> moves;
  for (size_t from = 0; from < line.size();) {
    const size_t to = std::min(line.find(' ', from), line.size());
    moves.push_back(line.substr(from, to - from));
    from = to + 1;
  }
  std::vector<problem::PlayedMove> played;
  std::vector<StateInfo> states(moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const auto m = parse_move(pos, moves[i]);
    REQUIRE(m);
    played.push_back({*m, pos.side_to_move()});
    pos.do_move(*m, states[i]);
  }
  HelpTargets::Walk walk(targets);
  walk.start(played);
  for (size_t x = 0; x < targets.size(); ++x) {
    if (walk.stands_in(x)) return true;
  }
  return false;
}

// The solver's h#N or h=N lines of fen: the oracle's, and among them `line` (UCI, moves apart),
// whose final position the pictures hold.
void check_lines_with(std::string_view fen, std::string_view stipulation, const std::string& line) {
  INFO(stipulation << " " << fen);
  const auto expected = dm::test::brute_force_answers("chess", fen, stipulation);
  CHECK(expected.count(line) == 1);
  CHECK(dm::test::solve_fen("chess", fen, stipulation, 1).answers == expected);
  const auto goal = stipulation[1] == '=' ? problem::Goal::Stalemate : problem::Goal::Mate;
  CHECK(pictures_hold(fen, goal, std::stoi(std::string(stipulation.substr(2))), line));
}

// The solver's one solution of fen (one thread) is `line` (UCI, moves apart), found within
// `most_nodes` nodes.
void check_one_line_within(std::string_view variant, std::string_view fen, std::string_view stipulation,
                           const std::string& line, uint64_t most_nodes) {
  INFO(stipulation << " " << fen);
  const auto run = dm::test::solve_fen(variant, fen, stipulation, 1);
  CHECK(run.answers == std::set<std::string>{line});
  CHECK(run.result.nodes < most_nodes);
}

}  // namespace

TEST_CASE("help targets: a pawn in front of the checking knight does not parry", "[solver][help]") {
  // 2.Bb8 Nb6#: the b7 pawn cannot push onto the knight's square (a picture that took that for a
  // parry would need a pin or a second check, and lose the mate).
  check_lines_with("k7/rpb5/8/3N4/8/8/8/7K b - - 0 1", "h#2", "c7h2 h1g2 h2b8 d5b6");
}

TEST_CASE("help targets: a man that would step between is pinned by a rider placed beyond it", "[solver][help]") {
  // 2...Rh1#: the g7 rook would step onto h7 but for the a1 bishop, which no square next to the
  // king needs: the picture places it as the pinner.
  check_lines_with("7k/4N1r1/8/pp6/8/8/8/BK2R3 b - - 0 1", "h#2", "a5a4 b1c2 b5b4 e1h1");
}

TEST_CASE("help targets: a double check leaves no man a parry", "[solver][help]") {
  // 2...Ng6#, the rook uncovered: the g7 rook would take the knight or step onto h7 against
  // either check alone.
  check_lines_with("7k/6r1/8/pp6/2B4N/8/8/1K5R b - - 0 1", "h#2", "a5a4 b1c1 b5b4 h4g6");
}

TEST_CASE("help targets: Ebersz's h#5 is found within a tenth of its full-width nodes", "[solver][help]") {
  // popeye-134 (Western Daily Mercury, 1921): the bound alone searched 921,232 nodes; the
  // pictures leave the black queen no spare move where the mate needs it on h5.
  check_one_line_within("chess", "7K/B7/1p5k/1N3p1q/8/8/8/8 b - - 0 1", "h#5",
                        "f5f4 a7b8 f4f3 b8h2 f3f2 h2g1 f2g1r b5d6 g1g6 d6f7", 92'000);
}

TEST_CASE("help targets: help stalemates in two on random positions equal the oracle's", "[solver][help][oracle]") {
  // Black's men crowd its cornered king: each must end without a move (its first steps held by
  // its own men, a pawn blocked by a unit of either side), pinned, or taken.
  const size_t found = help_lines_equal_oracle(
      20261210, "h=2", {"KQkpp", "KRBknpp", "KQRknbp", "KBNkpppp", "KRkbnpp", "KQNkrp"}, 40, 2, true);
  if (!dm::test::kSanitized) CHECK(found > 0);
}

// Slow, as help mates in three.
TEST_CASE("help targets: help stalemates in three on random positions equal the oracle's",
          "[solver][help][oracle][slow]") {
  const size_t found = help_lines_equal_oracle(20261211, "h=3", {"KQkp", "KRkpp", "KBPkp"}, 2, 2, true);
  if (!dm::test::kSanitized) CHECK(found > 0);
}

TEST_CASE("help targets: a stalemate's pinned knight needs nothing around it", "[solver][help]") {
  // 2...Bc3=: the g7 knight, pinned by the bishop, would need four men of its own around it.
  check_lines_with("5N1k/5Kn1/8/p7/8/8/P2B4/8 b - - 0 1", "h=2", "a5a4 d2e1 a4a3 e1c3");
}

TEST_CASE("help targets: Wermelinger's h=6 is found within a tenth of its full-width nodes", "[solver][help]") {
  // popeye-88 (Europe Echecs 4/1968): the bound alone searched 914,656 nodes; every black man
  // must end without a move, each placed on its square in the pictures.
  check_one_line_within("chess", "5n2/K7/8/8/8/8/p2pP1p1/7k b - - 0 1", "h=6",
                        "a2a1b e2e4 a1f6 e4e5 g2g1r e5f6 g1g7 f6g7 d2d1n g7f8q d1f2 f8f2", 91'000);
}

TEST_CASE("help targets: series mates and stalemates on random positions equal the oracle's",
          "[solver][help][series][oracle]") {
  // ser-# and ser-=: White's series, Black's men never moving, so each picture places them where
  // they stand; ser-h#: Black's series, then White's one move that mates.
  struct Set {
    std::string_view stipulation;
    char side;
    std::vector<std::string_view> pieces;
  };
  const Set sets[] = {{"ser-#3", 'w', {"KRkp", "KBNkp", "KQkpp"}},
                      {"ser-=3", 'w', {"KQkp", "KRkpp", "KBBkp"}},
                      {"ser-h#3", 'b', {"KRkpp", "KNBkrp", "KQknp"}}};
  for (const Set& set : sets) {
    const size_t found = help_lines_equal_oracle(20261212, set.stipulation, set.pieces, 30, 2, true, set.side);
    INFO(set.stipulation);
    if (!dm::test::kSanitized) CHECK(found > 0);
  }
}

TEST_CASE("help targets: Lin's ser-h#9 is found within a fiftieth of the bound's nodes", "[solver][help][series]") {
  // Popeye's BEISPIEL/intell.inp #92 (Torsten Linss, IMR 1984): a rotation of nine black men,
  // each waiting for the square ahead. With the bound and the series targets alone the search
  // took 1,043,893 nodes; the pictures leave the men no spare move.
  check_one_line_within("chess", "8/8/knb5/npq5/rbr5/1P1K4/8/8 b - - 0 1", "ser-h#9",
                        "c6b7 a5c6 a4a5 b6a4 c5b6 b4c5 b5b4 a6b5 b7a6 b3c4", 20'000);
}

TEST_CASE("help targets: a Marseillais help mate, each side's moves two a turn", "[solver][help]") {
  // A check ends the turn, so the mate's picture and its last move are the orthodox ones; each
  // side has at most two moves a turn. A stalemate may be a first move with no second one, which
  // the pictures do not see. The full width searches 955,094 nodes.
  const Position pos = dm::test::position_of("marseillais", "8/8/8/3pK3/8/2P5/8/k7 b - - 0 1");
  CHECK(HelpTargets::applies(pos.variant(), problem::Play::Help, problem::Goal::Mate));
  CHECK_FALSE(HelpTargets::applies(pos.variant(), problem::Play::Help, problem::Goal::Stalemate));
  check_one_line_within("marseillais", "8/8/8/3pK3/8/2P5/8/k7 b - - 0 1", "h#3",
                        "d5d4,d4d3 c3c4,c4c5 d3d2,d2d1r c5c6,c6c7 d1d2,d2a2 c7c8q,c8c1", 2'000);
}
