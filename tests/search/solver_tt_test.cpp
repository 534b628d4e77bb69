// The transposition table: bounds over lengths, exact help-play entries, replacement that
// never lets an unsolved result displace a solved one, whole entries under concurrent use, and
// memory that costs nothing until it is written.

#include <sys/resource.h>

#include <atomic>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "solver/search/tt.h"

using namespace dm::search;

TEST_CASE("the table serves a proof for longer lengths and a disproof for shorter ones", "[solver][tt]") {
  TranspositionTable tt(1);
  CHECK(tt.size_bytes() <= size_t(1) << 20);
  const uint64_t key = 0x123456789abcdef0ULL;
  CHECK_FALSE(tt.probe(key, 3).found);

  tt.store(key, 3, 0, kInfinite, 10);
  CHECK(tt.probe(key, 3).pn == 0);
  CHECK(tt.probe(key, 7).pn == 0);
  CHECK_FALSE(tt.probe(key, 2).found);

  tt.store(key, 1, kInfinite, 0, 10);
  CHECK(tt.probe(key, 1).dn == 0);
  CHECK(tt.probe(key, 0).dn == 0);
  CHECK_FALSE(tt.probe(key, 2).found);

  // Unsolved numbers belong to one length and leave the bounds alone.
  tt.store(key, 2, 5, 6, 10);
  const TtProbe at2 = tt.probe(key, 2);
  CHECK(at2.found);
  CHECK(at2.pn == 5);
  CHECK(at2.dn == 6);
  CHECK(tt.probe(key, 4).pn == 0);
  CHECK(tt.probe(key, 0).dn == 0);
}

TEST_CASE("help play entries are exact in the length", "[solver][tt]") {
  TranspositionTable tt(1);
  const uint64_t key = 42;
  tt.store_no_exact_solution(key, 2, 1);
  CHECK(tt.has_no_exact_solution(key, 2));
  CHECK_FALSE(tt.has_no_exact_solution(key, 1));
  CHECK_FALSE(tt.has_no_exact_solution(key, 3));
  CHECK_FALSE(tt.probe(key, 2).found);
}

TEST_CASE("a help entry keeps every length it was stored with", "[solver][tt]") {
  TranspositionTable tt(1);
  const uint64_t key = 42;
  for (const int turns : {1, 4, TtEntry::kMaxExactTurns}) tt.store_no_exact_solution(key, turns, 1);
  for (int turns = 0; turns <= TtEntry::kMaxExactTurns + 1; ++turns) {
    INFO(turns << " turns");
    CHECK(tt.has_no_exact_solution(key, turns) == (turns == 1 || turns == 4 || turns == TtEntry::kMaxExactTurns));
  }
}

// A ser-=65 walks its king for more turns than one entry's bits hold: the lengths from 32 on are
// kept too, in entries of their own, and a length of one bank does not answer for another's.
TEST_CASE("a help entry keeps lengths beyond 31 turns", "[solver][tt][series]") {
  TranspositionTable tt(1);
  const uint64_t key = 42;
  for (const int turns : {33, 65}) tt.store_no_exact_solution(key, turns, 1);
  for (int turns = 0; turns <= 100; ++turns) {
    INFO(turns << " turns");
    CHECK(tt.has_no_exact_solution(key, turns) == (turns == 33 || turns == 65));
  }
}

namespace {

// The peak resident memory of this process, in KiB.
long peak_kib() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss;
}

}  // namespace

TEST_CASE("a new table is empty and takes no memory before it is written", "[solver][tt]") {
  const long before = peak_kib();
  TranspositionTable tt(1024);
  CHECK(peak_kib() - before < 64 * 1024);  // a touched table would add 1 GiB
  CHECK(tt.permille_used() == 0);
  for (const uint64_t key : {uint64_t(0), uint64_t(0x123456789abcdef0), ~uint64_t(0)}) {
    CHECK_FALSE(tt.probe(key, 3).found);
    CHECK_FALSE(tt.has_no_exact_solution(key, 3));
    tt.store(key, 3, 0, kInfinite, 1);
    CHECK(tt.probe(key, 3).pn == 0);
  }
}

TEST_CASE("a full cluster keeps its solved entries", "[solver][tt]") {
  TranspositionTable tt(0);  // a single cluster
  REQUIRE(tt.size_bytes() == 128);
  const int n = TranspositionTable::kClusterEntries;
  for (int i = 1; i <= n; ++i) tt.store(uint64_t(i), 2, 0, kInfinite, uint64_t(i));
  // Unsolved results find no room and are dropped.
  tt.store(1000, 2, 3, 3, 1000000);
  CHECK_FALSE(tt.probe(1000, 2).found);
  for (int i = 1; i <= n; ++i) CHECK(tt.probe(uint64_t(i), 2).pn == 0);
  // A solved result replaces the solved entry with the least work.
  tt.store(2000, 2, kInfinite, 0, 50);
  CHECK(tt.probe(2000, 2).dn == 0);
  CHECK_FALSE(tt.probe(1, 2).found);
  for (int i = 2; i <= n; ++i) CHECK(tt.probe(uint64_t(i), 2).pn == 0);
}

TEST_CASE("unsolved entries are replaced before solved ones", "[solver][tt]") {
  TranspositionTable tt(0);
  const int n = TranspositionTable::kClusterEntries;
  tt.store(1, 2, 0, kInfinite, 1);
  for (int i = 2; i <= n; ++i) tt.store(uint64_t(i), 2, 4, 4, 100 + uint64_t(i));
  tt.store(99, 2, 7, 7, 5);
  CHECK(tt.probe(1, 2).pn == 0);     // solved, least work, kept
  CHECK_FALSE(tt.probe(2, 2).found);  // the unsolved entry with the least work went
  CHECK(tt.probe(99, 2).pn == 7);
  tt.clear();
  CHECK_FALSE(tt.probe(1, 2).found);
  CHECK_FALSE(tt.probe(99, 2).found);
  CHECK(tt.permille_used() == 0);
  tt.store(99, 2, 3, 5, 1);  // the cleared cluster takes new entries
  CHECK(tt.probe(99, 2).pn == 3);
  CHECK_FALSE(tt.has_no_exact_solution(1, 2));
  CHECK(tt.permille_used() > 0);
}

TEST_CASE("readers racing writers on one cluster see only whole entries", "[solver][tt][thread]") {
  TranspositionTable tt(0);  // a single cluster, so every thread works on the same one
  // Each write of key k stores pn = k * 1000 + n and dn = pn + 1. Eight keys share five slots,
  // so slots keep changing hands; a torn entry (one write's key with another's numbers) breaks
  // the relation. The writer goes on until the reader has seen enough entries (or has tried
  // long enough, should it find none).
  constexpr uint64_t kKeys = 8;
  constexpr int kReads = 1000000;
  constexpr int kRounds = 4 * kReads;
  std::atomic<bool> reading{true};
  int torn = 0;
  int found = 0;
  std::thread writer([&] {
    for (uint32_t n = 0; reading.load(std::memory_order_relaxed); ++n) {
      const uint64_t key = 1 + n % kKeys;
      const auto pn = ProofNumber(key * 1000 + n % 1000);
      tt.store(key, 2, pn, pn + 1, 1);
      (void)tt.probe(key + 1, 2);  // as a search does, reads between the writes
    }
  });
  for (int round = 0; found < kReads && round < kRounds; ++round) {
    for (uint64_t key = 1; key <= kKeys; ++key) {
      const TtProbe probe = tt.probe(key, 2);
      if (!probe.found) continue;
      ++found;
      if (probe.dn != probe.pn + 1 || probe.pn / 1000 != key) ++torn;
    }
  }
  reading.store(false);
  writer.join();
  CHECK(found > 0);
  CHECK(torn == 0);
}

namespace {

// Keys spread over the whole 64 bits, as Zobrist keys are (splitmix64's finaliser).
uint64_t spread(uint64_t n) {
  n += 0x9e3779b97f4a7c15ULL;
  n = (n ^ (n >> 30)) * 0xbf58476d1ce4e5b9ULL;
  n = (n ^ (n >> 27)) * 0x94d049bb133111ebULL;
  return n ^ (n >> 31);
}

}  // namespace

TEST_CASE("the table starts small and grows as it fills, up to its limit", "[solver][tt]") {
  TranspositionTable tt(64);
  CHECK(tt.used_bytes() == TranspositionTable::kInitialBytes);
  CHECK(tt.size_bytes() == size_t(64) << 20);
  // Three times the entries the first size holds: without growth, most would be dropped.
  const size_t first_entries = TranspositionTable::kInitialBytes / 128 * TranspositionTable::kClusterEntries;
  const size_t n = 3 * first_entries;
  for (size_t i = 0; i < n; ++i) tt.store(spread(i), 2, 0, kInfinite, 1);
  CHECK(tt.used_bytes() > TranspositionTable::kInitialBytes);
  CHECK(tt.used_bytes() <= tt.size_bytes());
  size_t kept = 0;
  for (size_t i = 0; i < n; ++i) kept += tt.probe(spread(i), 2).pn == 0;
  CHECK(kept > n * 9 / 10);

  // At its limit the table stops growing and replaces, as a fixed table does.
  TranspositionTable small(3);
  for (size_t i = 0; i < n; ++i) small.store(spread(i), 2, 0, kInfinite, 1);
  CHECK(small.used_bytes() == small.size_bytes());
  CHECK(small.size_bytes() == size_t(3) << 20);
}

TEST_CASE("help entries with no node searched below them do not grow the table", "[solver][tt]") {
  const size_t first_entries = TranspositionTable::kInitialBytes / 128 * TranspositionTable::kClusterEntries;
  const size_t n = 3 * first_entries;
  // Positions the bound ruled out: dropped for one another, the table keeping its size.
  TranspositionTable ruled_out(64);
  for (size_t i = 0; i < n; ++i) ruled_out.store_no_exact_solution(spread(i), 2, 0);
  CHECK(ruled_out.used_bytes() == TranspositionTable::kInitialBytes);
  // Positions searched: the table grows for them.
  TranspositionTable searched(64);
  for (size_t i = 0; i < n; ++i) searched.store_no_exact_solution(spread(i), 2, 1);
  CHECK(searched.used_bytes() > TranspositionTable::kInitialBytes);
}

TEST_CASE("growing moves every entry whole to where its key is looked for", "[solver][tt]") {
  TranspositionTable tt(32);
  // Solved entries of every kind, with much work below them, are never the ones dropped.
  constexpr uint64_t kMarked = 2000;
  for (uint64_t i = 0; i < kMarked; ++i) {
    const uint64_t key = spread(1'000'000 + i);
    switch (i % 3) {
      case 0: tt.store(key, 4, 0, kInfinite, 1'000'000); break;
      case 1: tt.store(key, 5, kInfinite, 0, 1'000'000); break;
      default: tt.store_no_exact_solution(key, int(i % 7), 1'000'000); tt.store_no_exact_solution(key, 9, 1);
    }
  }
  // Unsolved fillers with little work make the table grow several times.
  const size_t before = tt.used_bytes();
  for (uint64_t i = 0; i < 400'000; ++i) tt.store(spread(i), 3, 2, 2, 1);
  REQUIRE(tt.used_bytes() >= 4 * before);
  for (uint64_t i = 0; i < kMarked; ++i) {
    INFO("entry " << i);
    const uint64_t key = spread(1'000'000 + i);
    switch (i % 3) {
      case 0:
        CHECK(tt.probe(key, 4).pn == 0);
        CHECK_FALSE(tt.probe(key, 3).found);
        break;
      case 1:
        CHECK(tt.probe(key, 4).dn == 0);
        CHECK_FALSE(tt.probe(key, 6).found);
        break;
      default:
        CHECK(tt.has_no_exact_solution(key, int(i % 7)));
        CHECK(tt.has_no_exact_solution(key, 9));
        CHECK_FALSE(tt.has_no_exact_solution(key, 8));
    }
  }
}

TEST_CASE("threads storing while the table grows never read another position's entry", "[solver][tt][thread]") {
  TranspositionTable tt(16);
  // Each thread stores its own keys with pn derived from the key, then reads them back; an
  // entry read under a stale cluster count must still be the key's own or none.
  constexpr int kThreads = 4;
  constexpr uint64_t kPerThread = 100'000;
  std::atomic<int> wrong{0};
  std::atomic<uint64_t> found{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (uint64_t i = 0; i < kPerThread; ++i) {
        const uint64_t key = spread(uint64_t(t) << 32 | i);
        tt.store(key, 2, ProofNumber(key % 1000 + 1), 7, 1);
        const uint64_t back = spread(uint64_t(t) << 32 | (i / 2));
        const TtProbe probe = tt.probe(back, 2);
        if (!probe.found) continue;
        found.fetch_add(1, std::memory_order_relaxed);
        if (probe.pn != ProofNumber(back % 1000 + 1) || probe.dn != 7) wrong.fetch_add(1);
      }
    });
  }
  for (auto& thread : threads) thread.join();
  CHECK(tt.used_bytes() > TranspositionTable::kInitialBytes);
  CHECK(found.load() > kThreads * kPerThread / 2);
  CHECK(wrong.load() == 0);
}
