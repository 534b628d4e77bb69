// The explorer's top tree alone (solver/explore/top_tree.h): its numbers where the attacker
// moves (an OR node) and where the defender moves (an AND node), a leaf's budget doubled by
// each open job and the leaf expanded at the most, busy leaves passed over, and the store's
// answers for new leaves. The positions are antichess endings small enough to count by hand:
// White's king on a1 has three moves (a2, b1, b2), Black's pawn on a7 two (a6, a5), and
// White's king on b1 five (a1, a2, b2, c1, c2).

#include "solver/explore/top_tree.h"

#include <catch2/catch.hpp>

#include "explore/job_records.h"
#include "rules/notation.h"
#include "test_data.h"

using namespace dm;
using namespace dm::explore;
using search::kInfinite;

namespace {

constexpr const char* kKingAndPawn = "8/p7/8/8/8/8/8/K7 w - - 0 1";  // White to move
const TopTree::Budgets kBudgets{100, 400};

TopTree::Lookup nothing_known() {
  return [](const Position&) { return std::nullopt; };
}

TopTree tree_of(const char* fen, Color attacker, const TopTree::Lookup& lookup = nothing_known()) {
  return TopTree(test::position_of("antichess", fen), attacker, kBudgets, lookup);
}

JobRecord decided_job(JobStatus status) {
  JobRecord job;
  job.status = status;
  job.budget = 100;
  job.nodes = 40;
  return job;
}

// The child of node parent reached by the turn in UCI; fails the test case when there is none.
uint32_t child(const TopTree& tree, uint32_t parent, std::string_view uci) {
  const TopTree::Node& node = tree.node(parent);
  for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
    if (turn_to_uci(tree.node(c).turn) == uci) return c;
  }
  FAIL("no child " << uci);
  return 0;
}

// A tree of kKingAndPawn whose root an open job of the most budget has expanded.
TopTree expanded_tree(Color attacker) {
  TopTree tree = tree_of(kKingAndPawn, attacker);
  tree.record(0, test::open_job(kBudgets.most));
  REQUIRE(tree.root().source == TopTree::Source::Expanded);
  return tree;
}

}  // namespace

TEST_CASE("a new top tree is one leaf, the most proving, at the first budget", "[explore]") {
  const TopTree white = tree_of(kKingAndPawn, Color::White);
  CHECK(white.size() == 1);
  CHECK(white.root().source == TopTree::Source::Leaf);
  CHECK(white.has_free_leaf());
  CHECK(white.most_proving_leaf() == 0);
  CHECK(white.budget(0) == 100);
  CHECK_FALSE(white.decided());
  // The attacker moves: 1 to prove, its 3 moves to disprove.
  CHECK(white.root().pn == 1);
  CHECK(white.root().dn == 3);

  // The defender moves: its 3 moves to prove, 1 to disprove.
  const TopTree black = tree_of(kKingAndPawn, Color::Black);
  CHECK(black.root().pn == 3);
  CHECK(black.root().dn == 1);
}

TEST_CASE("a job that proves or disproves the root decides the tree", "[explore]") {
  TopTree tree = tree_of(kKingAndPawn, Color::White);
  SECTION("proven") {
    tree.record(0, decided_job(JobStatus::Proven));
    CHECK(tree.proven());
    CHECK(tree.root().pn == 0);
    CHECK(tree.root().dn == kInfinite);
  }
  SECTION("disproven") {
    tree.record(0, decided_job(JobStatus::Disproven));
    CHECK(tree.decided());
    CHECK_FALSE(tree.proven());
    CHECK(tree.root().pn == kInfinite);
    CHECK(tree.root().dn == 0);
  }
  CHECK(tree.size() == 1);
  CHECK(tree.root().source == TopTree::Source::Job);
  REQUIRE(tree.root().job);
  CHECK(tree.root().job->nodes == 40);
  CHECK_FALSE(tree.has_free_leaf());
}

TEST_CASE("an open job doubles its leaf's budget up to the most, then the leaf is expanded", "[explore]") {
  TopTree tree = tree_of(kKingAndPawn, Color::White);
  tree.record(0, test::open_job(100, 2, 5));
  CHECK(tree.size() == 1);
  CHECK(tree.budget(0) == 200);
  CHECK(tree.root().pn == 2);  // the numbers the job's search left at its root
  CHECK(tree.root().dn == 5);
  tree.record(0, test::open_job(200));
  CHECK(tree.size() == 1);
  CHECK(tree.budget(0) == 400);
  CHECK(tree.root().pn == 2);  // numbers not known: kept
  tree.record(0, test::open_job(400));
  CHECK(tree.root().source == TopTree::Source::Expanded);
  REQUIRE(tree.size() == 4);  // the root and White's three turns
  for (const char* turn : {"a1a2", "a1b1", "a1b2"}) {
    INFO(turn);
    const TopTree::Node& leaf = tree.node(child(tree, 0, turn));
    CHECK(leaf.source == TopTree::Source::Leaf);
    CHECK(leaf.budget == 100);
    CHECK(leaf.pn == 2);  // the defender, Black, has two moves
    CHECK(leaf.dn == 1);
  }
  // The root's numbers are now its children's: the least proof number, the disproof numbers' sum.
  CHECK(tree.root().pn == 2);
  CHECK(tree.root().dn == 3);
}

TEST_CASE("a store's open job with more budget than asked doubles its own, up to the most", "[explore]") {
  TopTree tree = tree_of(kKingAndPawn, Color::White);
  tree.record(0, test::open_job(300));
  CHECK(tree.size() == 1);
  CHECK(tree.budget(0) == 400);  // 600 capped at the most
}

TEST_CASE("where the attacker moves, one proven turn proves the node and every turn must be disproven", "[explore]") {
  TopTree tree = expanded_tree(Color::White);
  SECTION("one turn proven") {
    tree.record(child(tree, 0, "a1b1"), decided_job(JobStatus::Proven));
    CHECK(tree.proven());
    CHECK(tree.root().pn == 0);
    CHECK(tree.root().dn == kInfinite);
  }
  SECTION("the turns disproven one by one") {
    tree.record(child(tree, 0, "a1a2"), decided_job(JobStatus::Disproven));
    CHECK_FALSE(tree.decided());
    CHECK(tree.root().pn == 2);
    CHECK(tree.root().dn == 2);
    tree.record(child(tree, 0, "a1b1"), decided_job(JobStatus::Disproven));
    CHECK(tree.root().dn == 1);
    CHECK(tree.most_proving_leaf() == child(tree, 0, "a1b2"));  // the one turn left
    tree.record(child(tree, 0, "a1b2"), decided_job(JobStatus::Disproven));
    CHECK(tree.decided());
    CHECK_FALSE(tree.proven());
    CHECK(tree.root().pn == kInfinite);
    CHECK(tree.root().dn == 0);
  }
}

TEST_CASE("where the defender moves, every turn must be proven and one disproven turn disproves the node",
          "[explore]") {
  TopTree tree = expanded_tree(Color::Black);
  // Each of White's turns leaves Black, the attacker, to move with two moves: 1 and 2.
  CHECK(tree.root().pn == 3);
  CHECK(tree.root().dn == 2);
  SECTION("the turns proven one by one") {
    tree.record(child(tree, 0, "a1a2"), decided_job(JobStatus::Proven));
    CHECK(tree.root().pn == 2);
    CHECK(tree.root().dn == 2);
    tree.record(child(tree, 0, "a1b1"), decided_job(JobStatus::Proven));
    CHECK(tree.root().pn == 1);
    CHECK_FALSE(tree.decided());
    tree.record(child(tree, 0, "a1b2"), decided_job(JobStatus::Proven));
    CHECK(tree.proven());
    CHECK(tree.root().pn == 0);
  }
  SECTION("one turn disproven") {
    tree.record(child(tree, 0, "a1b2"), decided_job(JobStatus::Disproven));
    CHECK(tree.decided());
    CHECK_FALSE(tree.proven());
    CHECK(tree.root().dn == 0);
    CHECK(tree.root().pn == kInfinite);
  }
}

TEST_CASE("a busy leaf is passed over for the next most-proving one", "[explore]") {
  TopTree tree = expanded_tree(Color::White);
  const uint32_t a2 = child(tree, 0, "a1a2"), b1 = child(tree, 0, "a1b1"), b2 = child(tree, 0, "a1b2");
  tree.record(a2, test::open_job(100, 3, 1));
  tree.record(b1, test::open_job(100, 1, 1));
  tree.record(b2, test::open_job(100, 2, 1));
  CHECK(tree.most_proving_leaf() == b1);
  CHECK(tree.root().pn == 1);

  tree.mark_busy(b1);
  CHECK(tree.node(b1).pn == kInfinite);  // neither provable nor disprovable while it runs
  CHECK(tree.node(b1).dn == kInfinite);
  CHECK(tree.most_proving_leaf() == b2);
  CHECK(tree.root().pn == 2);
  tree.mark_busy(b2);
  CHECK(tree.most_proving_leaf() == a2);
  CHECK(tree.root().pn == 3);
  tree.mark_busy(a2);
  CHECK_FALSE(tree.has_free_leaf());
  CHECK(tree.root().pn == kInfinite);
  CHECK_FALSE(tree.decided());

  // b1's job comes back open with worse numbers: b1 is free again, the only free leaf.
  tree.record(b1, test::open_job(200, 4, 1));
  CHECK_FALSE(tree.node(b1).busy);
  CHECK(tree.has_free_leaf());
  CHECK(tree.most_proving_leaf() == b1);
  CHECK(tree.budget(b1) == 400);
  CHECK(tree.root().pn == 4);
}

TEST_CASE("the root's numbers follow the jobs recorded two levels down", "[explore]") {
  // Black attacks, White moves at the root (an AND node): pn sums, dn is the least.
  TopTree tree = expanded_tree(Color::Black);
  const uint32_t b1 = child(tree, 0, "a1b1");
  tree.record(b1, test::open_job(400));  // Black's two moves, each leaving White's king five moves
  REQUIRE(tree.node(b1).source == TopTree::Source::Expanded);
  CHECK(tree.node(b1).pn == 5);
  CHECK(tree.node(b1).dn == 2);
  CHECK(tree.root().pn == 1 + 5 + 1);
  CHECK(tree.root().dn == 2);

  tree.record(child(tree, 0, "a1a2"), test::open_job(100, 3, 4));
  CHECK(tree.root().pn == 3 + 5 + 1);
  CHECK(tree.root().dn == 2);

  tree.record(child(tree, b1, "a7a6"), decided_job(JobStatus::Disproven));
  CHECK(tree.node(b1).pn == 5);
  CHECK(tree.node(b1).dn == 1);
  CHECK(tree.root().pn == 9);
  CHECK(tree.root().dn == 1);
  CHECK(tree.most_proving_leaf() == child(tree, b1, "a7a5"));  // the least disproof number

  tree.record(child(tree, 0, "a1b2"), decided_job(JobStatus::Proven));
  CHECK(tree.root().pn == 3 + 5 + 0);

  tree.record(child(tree, b1, "a7a5"), decided_job(JobStatus::Disproven));
  CHECK(tree.node(b1).dn == 0);
  CHECK(tree.decided());
  CHECK_FALSE(tree.proven());
}

TEST_CASE("a new leaf starts decided where the store has decided it or the game is over", "[explore]") {
  SECTION("the store proved it") {
    const uint64_t after_ka2 = test::play(test::position_of("antichess", kKingAndPawn), "Ka2").position().key();
    const uint64_t after_kb1 = test::play(test::position_of("antichess", kKingAndPawn), "Kb1").position().key();
    const TopTree::Lookup lookup = [&](const Position& pos) -> std::optional<JobRecord> {
      if (pos.key() == after_ka2) return decided_job(JobStatus::Proven);
      if (pos.key() == after_kb1) return test::open_job(200, 1, 1);  // an open job: no answer
      return std::nullopt;
    };
    TopTree tree = tree_of(kKingAndPawn, Color::White, lookup);
    CHECK(tree.root().source == TopTree::Source::Leaf);
    tree.record(0, test::open_job(400));
    CHECK(tree.node(child(tree, 0, "a1a2")).source == TopTree::Source::Job);
    CHECK(tree.node(child(tree, 0, "a1b1")).source == TopTree::Source::Leaf);
    CHECK(tree.node(child(tree, 0, "a1b1")).pn == 2);  // counted, not the open job's
    CHECK(tree.proven());
  }
  SECTION("the game is over") {
    // White must take the pawn, and Black, left with nothing, wins.
    TopTree tree = tree_of("8/8/8/8/8/8/1p6/K7 w - - 0 1", Color::White);
    tree.record(0, test::open_job(400));
    REQUIRE(tree.size() == 2);
    CHECK(tree.node(child(tree, 0, "a1b2")).source == TopTree::Source::GameOver);
    CHECK(tree.decided());
    CHECK_FALSE(tree.proven());
  }
}
