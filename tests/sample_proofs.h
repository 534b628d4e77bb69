#pragma once
// Small proof files (docs/proof-format.md) written by hand, shared by the tests that read
// proofs: the checker's (proof_check_test.cpp), the proof graph's and show-proof's.

#include <cstddef>
#include <string_view>

namespace dm::test {

// Losing chess, Black to move, White wins. Captures are compulsory, so Black has two turns:
// Rxd4, listed first, leaves White's pawns d3 and g5 blocked (by the rook and by g6) and White,
// stalemated, wins at once; Rxg5 resists longest: 2.d5 (White's only move) Rxd5 (the rook's only
// capture) 3.d4 Rxd4, and White has no man left.
constexpr std::string_view kLongestSecond = R"(dmsolve-proof 1
variant antichess
rule stalemate=win
position 8/8/6p1/3r2P1/3P4/3P4/8/8 b - -
winner white
1 end 8/8/6p1/8/3r4/8/8/8 w - -
2 all 8/8/6p1/3r4/3P4/8/8/8 b - - : d5d4 1
3 win 8/8/6p1/3r4/8/3P4/8/8 w - - : d3d4 2
4 all 8/8/6p1/3P2r1/8/3P4/8/8 b - - : g5d5 3
5 win 8/8/6p1/6r1/3P4/3P4/8/8 w - - : d4d5 4
6 end 8/8/6p1/6P1/3r4/3P4/8/8 w - -
7 all 8/8/6p1/3r2P1/3P4/3P4/8/8 b - - : d5d4 6 d5g5 5
proven 7
)";
constexpr size_t kLongestSecondRootLine = 12;

// Orthodox, Black to move, a child with two parents: after Kf8 or Kh8 White waits with b3 (Nd6
// guards e8 and f7, Bh4 e7), the king must come back to g8 from either side, and Ra8 mates: the
// two answers are equally long, and node 2 is the child of nodes 3 and 5. (White could mate at
// once; a proof need not be the shortest.)
constexpr std::string_view kTransposition = R"(dmsolve-proof 1
variant chess
position 6k1/8/3N2K1/8/7B/8/1P6/R7 b - -
winner white
1 end R5k1/8/3N2K1/8/7B/1P6/8/8 b - -
2 win 6k1/8/3N2K1/8/7B/1P6/8/R7 w - - : a1a8 1
3 all 5k2/8/3N2K1/8/7B/1P6/8/R7 b - - : f8g8 2
4 win 5k2/8/3N2K1/8/7B/8/1P6/R7 w - - : b2b3 3
5 all 7k/8/3N2K1/8/7B/1P6/8/R7 b - - : h8g8 2
6 win 7k/8/3N2K1/8/7B/8/1P6/R7 w - - : b2b3 5
7 all 6k1/8/3N2K1/8/7B/8/1P6/R7 b - - : g8f8 4 g8h8 6
proven 7
)";

}  // namespace dm::test
