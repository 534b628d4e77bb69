// The independent proof checker (solver/proof/proof_check.h) on proofs written by hand from
// chess reasoning alone, in several variants: each is accepted with its node count and depth,
// and every tampered copy is rejected naming the line of the flaw. Also: the same proofs
// compressed with zstd, a damaged compressed file, and proofs written with ProofWriter.

#include "solver/proof/proof_check.h"

#include <catch2/catch.hpp>
#include <deque>
#include <fstream>
#include <iterator>

#include "rules/notation.h"
#include "solver/proof/proof_stream.h"
#include "solver/proof/proof_writer.h"
#include "sample_proofs.h"
#include "temp_dir.h"
#include "test_data.h"

using namespace dm;
using namespace dm::proof;
using dm::test::kTransposition;

namespace {

// docs/proof-format.md's example. Losing chess, Black to move loses: Rxb7 is Black's only legal
// move (captures are compulsory), and White, with no piece left, has won.
constexpr std::string_view kAntichess = R"(dmsolve-proof 1
variant antichess
rule stalemate=win
position 8/1P6/8/8/8/8/8/1r6 b - -
winner white
1 end 8/1r6/8/8/8/8/8/8 w - -
2 all 8/1P6/8/8/8/8/8/1r6 b - - : b1b7 1
proven 2
)";

// Orthodox mate in one: Qa8#, the king on g6 guarding f7, g7 and h7.
constexpr std::string_view kMateInOne = R"(dmsolve-proof 1
variant chess
position 6k1/8/6K1/8/8/8/8/Q7 w - -
winner white
1 end Q5k1/8/6K1/8/8/8/8/8 b - -
2 win 6k1/8/6K1/8/8/8/8/Q7 w - - : a1a8 1
proven 2
)";

// Orthodox, Black to move: the king has two moves, Kf8 and Kh8 (Kg6 guards f7, g7 and h7), and
// Ra8 mates after each (Bh4 guards e7).
constexpr std::string_view kKingMoves = R"(dmsolve-proof 1
variant chess
position 6k1/8/6K1/8/7B/8/8/R7 b - -
winner white
# Kf8 Ra8#
1 end R4k2/8/6K1/8/7B/8/8/8 b - -
2 win 5k2/8/6K1/8/7B/8/8/R7 w - - : a1a8 1
# Kh8 Ra8#
3 end R6k/8/6K1/8/7B/8/8/8 b - -
4 win 7k/8/6K1/8/7B/8/8/R7 w - - : a1a8 3
5 all 6k1/8/6K1/8/7B/8/8/R7 b - - : g8f8 2 g8h8 4
proven 5
)";
constexpr uint64_t kKingMovesRootLine = 11;


// Marseillais: a turn of two moves, Ra2 and Ra8 mate (the check ends the turn).
constexpr std::string_view kMarseillaisMate = R"(dmsolve-proof 1
variant marseillais
rule ep=any
rule no-second-move=stalemate
position 7k/6pp/8/8/8/8/8/R3K3 w - -
winner white
1 end R6k/6pp/8/8/8/8/8/4K3 b - -
2 win 7k/6pp/8/8/8/8/8/R3K3 w - - : a1a2,a2a8 1
proven 2
)";

// Marseillais, Black to move: its only moves are b3 and e3, in either order (two turns that
// reach the same node), and Ra8 mates.
constexpr std::string_view kMarseillaisOrders = R"(dmsolve-proof 1
variant marseillais
rule ep=any
rule no-second-move=stalemate
position 7k/5K1p/7P/8/1p2p3/8/1P2P3/R7 b - -
winner white
1 end R6k/5K1p/7P/8/8/1p2p3/1P2P3/8 b - -
2 win 7k/5K1p/7P/8/8/1p2p3/1P2P3/R7 w - - : a1a8 1
3 all 7k/5K1p/7P/8/1p2p3/8/1P2P3/R7 b - - : b4b3,e4e3 2 e4e3,b4b3 2
proven 3
)";

// Losing Marseillais, Black to move wins: cxb3 is compulsory, and then Black has no second move
// (b2 blocks the pawn), so Black is stalemated in mid-turn and wins (L3, L4).
constexpr std::string_view kLosingMarseillais = R"(dmsolve-proof 1
variant losing-marseillais
rule ep=any
rule no-second-move=stalemate
rule stalemate=win
position 8/8/8/8/2p5/1P6/1P6/8 b - -
winner black
1 end 8/8/8/8/8/1p6/1P6/8 b1 - -
2 win 8/8/8/8/2p5/1P6/1P6/8 b - - : c4b3 1
proven 2
)";

// The same position where a side with no second move passes: Black's turn is cxb3 and a pass,
// and White, to move with its pawn blocked, is stalemated and wins.
constexpr std::string_view kLosingMarseillaisPass = R"(dmsolve-proof 1
variant losing-marseillais
rule ep=any
rule no-second-move=pass
rule stalemate=win
position 8/8/8/8/2p5/1P6/1P6/8 b - -
winner white
1 end 8/8/8/8/8/1p6/1P6/8 w - -
2 all 8/8/8/8/2p5/1P6/1P6/8 b - - : c4b3,0000 1
proven 2
)";

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines = test::split(text, '\n');
  if (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

std::string text_of(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// The proof with line `number` (from 1) replaced by `line`.
std::string with_line(std::string_view proof, size_t number, const std::string& line) {
  auto lines = lines_of(proof);
  REQUIRE(number <= lines.size());
  lines[number - 1] = line;
  return text_of(lines);
}

CheckResult check_text(std::string_view text, std::string_view name = "proof.txt") {
  const test::TempDir dir;
  return check_proof(dir.write(name, text));
}

void require_accepted(std::string_view proof, uint64_t nodes, uint32_t depth) {
  const CheckResult result = check_text(proof);
  INFO(result.flaw());
  REQUIRE(result.status == CheckStatus::Accepted);
  CHECK(result.nodes == nodes);
  CHECK(result.depth == depth);
}

// The proof is rejected at `line` with a message containing `why`.
void require_rejected(std::string_view proof, uint64_t line, std::string_view why) {
  const CheckResult result = check_text(proof);
  INFO(proof << "=> " << result.flaw());
  CHECK(result.status == CheckStatus::Rejected);
  CHECK(result.line == line);
  CHECK(result.why.find(why) != std::string::npos);
}

// Writes text with AtomicLineWriter (zstd when name ends in .zst) and returns the path.
std::string write_with_writer(const test::TempDir& dir, const std::string& name, std::string_view text) {
  const std::string path = dir.file(name);
  auto writer = AtomicLineWriter::open(path);
  REQUIRE(writer);
  for (const auto& line : lines_of(text)) (*writer)->write_line(line);
  REQUIRE_FALSE((*writer)->commit());
  return path;
}

// The moves of a turn written in UCI, played from pos.
Turn turn_of(const Position& pos, std::string_view uci) {
  Position p = pos;
  std::deque<StateInfo> states;
  Turn turn;
  for (const auto& text : test::split(uci, ',')) {
    const auto m = parse_move(p, text);
    REQUIRE(m);
    turn.push_back(*m);
    p.do_move(*m, states.emplace_back());
  }
  return turn;
}

// The position the turn written in UCI reaches from pos.
Position after(const Position& pos, std::string_view uci) {
  Position p = pos;
  std::deque<StateInfo> states;
  for (const Move m : turn_of(pos, uci)) p.do_move(m, states.emplace_back());
  return Position(p);
}

}  // namespace

TEST_CASE("proof check: hand-written proofs are accepted", "[proof]") {
  require_accepted(kAntichess, 2, 1);
  require_accepted(kMateInOne, 2, 1);
  require_accepted(kKingMoves, 5, 2);
  require_accepted(kTransposition, 7, 4);
  require_accepted(kMarseillaisMate, 2, 1);
  require_accepted(kMarseillaisOrders, 3, 2);
  require_accepted(kLosingMarseillais, 2, 1);
  require_accepted(kLosingMarseillaisPass, 2, 1);

  const CheckResult result = check_text(kLosingMarseillais);
  CHECK(result.variant == "losing-marseillais");
  CHECK(result.rules == "ep=any no-second-move=stalemate stalemate=win");
  CHECK(result.position == "8/8/8/8/2p5/1P6/1P6/8 b - -");
  CHECK(result.winner == Color::Black);
}

TEST_CASE("proof check: an all node must list every legal turn once", "[proof]") {
  const size_t root = kKingMovesRootLine;
  const std::string all = "5 all 6k1/8/6K1/8/7B/8/8/R7 b - - :";
  require_rejected(with_line(kKingMoves, root, all + " g8f8 2"), root, "Black's legal turn g8h8 is missing");
  require_rejected(with_line(kKingMoves, root, all + " g8f8 2 g8h8 4 g8g7 4"), root,
                   "turn g8g7 is not a legal turn of Black: move g8g7 is not legal");
  require_rejected(with_line(kKingMoves, root, all + " g8f8 2 g8h8 4 g8f8 2"), root, "turn g8f8 is listed twice");
  // The two orders of a Marseillais turn are two turns.
  require_rejected(with_line(kMarseillaisOrders, 9, "3 all 7k/5K1p/7P/8/1p2p3/8/1P2P3/R7 b - - : b4b3,e4e3 2"), 9,
                   "Black's legal turn e4e3,b4b3 is missing");
  // A loser's turn cut short, or going on after it ended.
  require_rejected(with_line(kLosingMarseillaisPass, 9, "2 all 8/8/8/8/2p5/1P6/1P6/8 b - - : c4b3 1"), 9,
                   "turn c4b3 is not a legal turn of Black: the turn is not complete");
  require_rejected(with_line(kLosingMarseillais, 9, "2 win 8/8/8/8/2p5/1P6/1P6/8 b - - : c4b3,b3b2 1"), 9,
                   "move b3b2 comes after the turn ended (the game is over: stalemate)");
}

TEST_CASE("proof check: children must be earlier nodes with the positions the turns reach", "[proof]") {
  const size_t root = kKingMovesRootLine;
  const std::string all = "5 all 6k1/8/6K1/8/7B/8/8/R7 b - - :";
  require_rejected(with_line(kKingMoves, root, all + " g8f8 5 g8h8 4"), root,
                   "turn g8f8 leads to node 5, which is not a node written before this one");
  require_rejected(with_line(kKingMoves, root, all + " g8f8 2 g8h8 6"), root, "leads to node 6");
  require_rejected(with_line(kKingMoves, root, all + " g8f8 2 g8h8 0"), root, "leads to node 0");
  require_rejected(with_line(kKingMoves, root, all + " g8f8 4 g8h8 2"), root,
                   "turn g8f8 reaches 5k2/8/6K1/8/7B/8/8/R7 w - -, not the position of node 4");
  require_rejected(with_line(kMateInOne, 6, "2 win 6k1/8/6K1/8/8/8/8/Q7 w - - : a1b2 1"), 6,
                   "turn a1b2 reaches 6k1/8/6K1/8/8/8/1Q6/8 b - -, not the position of node 1");
  require_rejected(with_line(kTransposition, 10, "6 win 7k/8/3N2K1/8/7B/8/1P6/R7 w - - : b2b3 3"), 10,
                   "not the position of node 3");
}

TEST_CASE("proof check: end, win and all nodes are judged by the variant's rules", "[proof]") {
  // Not over: without the bishop the king escapes to e7.
  require_rejected(with_line(kKingMoves, 6, "1 end R4k2/8/6K1/8/8/8/8/8 b - -"), 6, "an end node, but the game is not over");
  // Over, but won by the other side or drawn.
  auto black_wins = lines_of(kAntichess);
  black_wins[4] = "winner black";
  require_rejected(text_of(black_wins), 6, "an end node, but White has won (no pieces)");
  require_rejected(with_line(kMateInOne, 5, "1 end 7k/5Q2/6K1/8/8/8/8/8 b - -"), 5,
                   "an end node, but the game is drawn (stalemate)");
  // The side to move is the wrong one for the node's kind.
  require_rejected(with_line(kKingMoves, kKingMovesRootLine, "5 win 6k1/8/6K1/8/7B/8/8/R7 b - - : g8f8 2"),
                   kKingMovesRootLine, "a win node with Black to move: the winner, White, moves at win nodes");
  require_rejected(with_line(kKingMoves, 7, "2 all 5k2/8/6K1/8/7B/8/8/R7 w - - : a1a8 1"), 7,
                   "an all node with White to move: the loser, Black, moves at all nodes");
  // A game already over is an end node.
  require_rejected(with_line(kMateInOne, 6, "2 win 8/8/8/8/8/5k2/6q1/7K w - - : h1g1 1"), 6,
                   "a win node, but the game is over (checkmate)");
  // The winner's turn: check ends it, and it must be complete.
  require_rejected(with_line(kMarseillaisMate, 8, "2 win 7k/6pp/8/8/8/8/8/R3K3 w - - : a1a8,e1d1 1"), 8,
                   "turn a1a8,e1d1: move e1d1 comes after the turn ended (check)");
  require_rejected(with_line(kMarseillaisMate, 8, "2 win 7k/6pp/8/8/8/8/8/R3K3 w - - : a1a2 1"), 8,
                   "turn a1a2: the turn is not complete");
  require_rejected(with_line(kMarseillaisMate, 8, "2 win 7k/6pp/8/8/8/8/8/R3K3 w - - : Ra2,a2a8 1"), 8,
                   "move Ra2 is not legal");
  // The rule options decide: with passes, Black's stalemate in mid-turn is no end.
  auto with_pass = lines_of(kLosingMarseillais);
  with_pass[3] = "rule no-second-move=pass";
  require_rejected(text_of(with_pass), 8, "an end node, but the game is not over in 8/8/8/8/8/1p6/1P6/8 b1 - -");
}

TEST_CASE("proof check: numbering, the closing line and the root", "[proof]") {
  require_rejected(with_line(kMateInOne, 6, "3 win 6k1/8/6K1/8/8/8/8/Q7 w - - : a1a8 1"), 6, "node number 3, expected 2");
  auto truncated = lines_of(kMateInOne);
  truncated.pop_back();
  require_rejected(text_of(truncated), 6, "the proof is incomplete: it ends without its closing 'proven' line");
  require_rejected(with_line(kMateInOne, 7, "proven 1"), 7, "the root, node 1, must be the last node written, node 2");
  require_rejected(std::string(kMateInOne) + "1 end Q5k1/8/6K1/8/8/8/8/8 b - -\n", 8,
                   "a line after the closing 'proven' line");
  // The last node's position must be the header's.
  require_rejected(with_line(kMarseillaisMate, 5, "position 7k/6pp/8/8/8/8/8/R2K4 w - -"), 9,
                   "the root's position is not the header's position 7k/6pp/8/8/8/8/8/R2K4 w - -");
}

TEST_CASE("proof check: malformed lines are named", "[proof]") {
  require_rejected(with_line(kMateInOne, 5, "1 end Q5k1/8/6K1/8/8/8/8 b - -"), 5, "FEN board: has 7 ranks");
  require_rejected(with_line(kMateInOne, 5, "1 end Q5k1/8/6K1/8/8/8/8/8 b - - 0 1"), 5, "nothing after its FEN");
  require_rejected(with_line(kMateInOne, 5, "1 stop Q5k1/8/6K1/8/8/8/8/8 b - -"), 5, "unknown node kind 'stop'");
  require_rejected(with_line(kMateInOne, 5, "1 end Q5k1/8/6K1/8/8/8/8/8  b - -"), 5, "single spaces");
  require_rejected(with_line(kMateInOne, 6, "2 win 6k1/8/6K1/8/8/8/8/Q7 w - - a1a8 1"), 6, "expected ' : '");
  require_rejected(with_line(kMateInOne, 6, "2 win 6k1/8/6K1/8/8/8/8/Q7 w - - : a1a8 1 a1a7 1"), 6,
                   "a win node gives exactly one TURN CHILD pair");
  require_rejected(with_line(kMateInOne, 6, "2 win 6k1/8/6K1/8/8/8/8/Q7 w - - : a1a8 x"), 6, "'x' after turn a1a8 is no node number");
}

TEST_CASE("proof check: the header", "[proof]") {
  require_rejected(with_line(kMateInOne, 2, "variant nosuch"), 2, "unknown variant 'nosuch' (known: chess,");
  require_rejected(with_line(kAntichess, 3, "rule stalemate=sometimes"), 3, "stalemate");
  require_rejected(with_line(kMarseillaisMate, 4, "rule ep=any"), 4, "rule 'ep' given twice");
  require_rejected(with_line(kMateInOne, 3, "rule ep=any"), 3, "ep");
  // Every option in force is named: a proof never rests on the defaults.
  auto no_rules = lines_of(kAntichess);
  no_rules.erase(no_rules.begin() + 2);
  require_rejected(text_of(no_rules), 3, "the header gives no 'rule stalemate=...' line");
  require_rejected(with_line(kMateInOne, 3, "position 6k1/8/6K1/8/8/8/8/Q7 w - - 0 1"), 3, "four fields");
  require_rejected(with_line(kMateInOne, 3, "position 6k1/8/8/8/8/8/8/Q7 w - -"), 3, "FEN board: White has 0 kings");
  require_rejected(with_line(kMateInOne, 4, "winner nobody"), 4, "expected 'winner white' or 'winner black'");
  require_rejected(with_line(kMateInOne, 2, "position 6k1/8/6K1/8/8/8/8/Q7 w - -"), 2, "expected 'variant NAME'");

  // Not a proof file at all: no verdict.
  for (const std::string_view text : {std::string_view("hello\n"), std::string_view(""),
                                      std::string_view("dmsolve-proof 2\nvariant chess\n")}) {
    const CheckResult result = check_text(text);
    INFO(text);
    CHECK(result.status == CheckStatus::Error);
  }
  const test::TempDir dir;
  const CheckResult missing = check_proof(dir.file("none.proof"));
  CHECK(missing.status == CheckStatus::Error);
  CHECK(missing.flaw() == "No such file or directory");
}

TEST_CASE("proof check: zstd-compressed proofs", "[proof]") {
  const test::TempDir dir;
  const std::string path = write_with_writer(dir, "mate.proof.zst", kTransposition);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes(std::istreambuf_iterator<char>(in), {});
  REQUIRE(bytes.substr(0, 4) == "\x28\xB5\x2F\xFD");
  const CheckResult result = check_proof(path);
  INFO(result.flaw());
  CHECK(result.status == CheckStatus::Accepted);
  CHECK(result.nodes == 7);
  CHECK(result.depth == 4);

  std::string damaged = bytes;
  damaged[bytes.size() / 2] = char(damaged[bytes.size() / 2] ^ 0x10);
  const CheckResult corrupt = check_text(damaged, "damaged.proof.zst");
  CHECK(corrupt.status == CheckStatus::Error);
  CHECK(corrupt.why.find("zstd") != std::string::npos);
  // A rejected compressed proof names its line as a plain one does.
  const std::string tampered =
      write_with_writer(dir, "tampered.proof.zst", with_line(kTransposition, 11, "7 all 6k1/8/3N2K1/8/7B/8/1P6/R7 b - - : g8f8 4"));
  const CheckResult rejected = check_proof(tampered);
  CHECK(rejected.status == CheckStatus::Rejected);
  CHECK(rejected.flaw() == "11: Black's legal turn g8h8 is missing (2 legal turns, 1 listed)");
}

TEST_CASE("proof check: progress and interruption", "[proof]") {
  const test::TempDir dir;
  std::string big = std::string(kMateInOne);
  big.insert(big.find("1 end"), std::string(10000, '\n'));
  const std::string path = dir.write("padded.proof", big);
  uint64_t calls = 0;
  CheckOptions options;
  options.progress = [&calls](uint64_t lines, uint64_t bytes) {
    ++calls;
    CHECK(lines % 4096 == 0);
    CHECK(bytes > 0);
  };
  CHECK(check_proof(path, options).accepted());
  CHECK(calls == 2);

  const std::atomic<bool> stop{true};
  options.interrupt = &stop;
  const CheckResult interrupted = check_proof(path, options);
  CHECK(interrupted.status == CheckStatus::Interrupted);
  CHECK(interrupted.line == 1);
}

TEST_CASE("proof writer: a proof written node by node passes the checker", "[proof]") {
  const Variant chess = test::variant_named("chess");
  const Position root = test::position_of(chess, "6k1/8/3N2K1/8/7B/8/1P6/R7 b - -");
  const test::TempDir dir;
  for (const std::string name : {"written.proof", "written.proof.zst"}) {
    auto writer = ProofWriter::open(dir.file(name), root, Color::White);
    REQUIRE(writer);
    ProofWriter& w = **writer;
    // The proof of kTransposition, from the positions played.
    const Position kf8 = after(root, "g8f8"), kh8 = after(root, "g8h8");
    const Position back = after(after(kf8, "b2b3"), "f8g8");
    const uint64_t mate = w.end_node(after(back, "a1a8"));
    const uint64_t mating = w.win_node(back, turn_of(back, "a1a8"), mate);
    const uint64_t from_f8 = w.all_node(after(kf8, "b2b3"), {{turn_of(after(kf8, "b2b3"), "f8g8"), mating}});
    const uint64_t wait_f8 = w.win_node(kf8, turn_of(kf8, "b2b3"), from_f8);
    const uint64_t from_h8 = w.all_node(after(kh8, "b2b3"), {{turn_of(after(kh8, "b2b3"), "h8g8"), mating}});
    const uint64_t wait_h8 = w.win_node(kh8, turn_of(kh8, "b2b3"), from_h8);
    const uint64_t top = w.all_node(root, {{turn_of(root, "g8f8"), wait_f8}, {turn_of(root, "g8h8"), wait_h8}});
    CHECK(top == 7);
    CHECK(w.nodes() == 7);
    CHECK_FALSE(std::filesystem::exists(dir.file(name)));
    const auto error = w.finish(top);
    INFO(error.value_or(""));
    REQUIRE_FALSE(error);

    const CheckResult result = check_proof(dir.file(name));
    INFO(result.flaw());
    CHECK(result.status == CheckStatus::Accepted);
    CHECK(result.nodes == 7);
    CHECK(result.depth == 4);
    CHECK(result.position == "6k1/8/3N2K1/8/7B/8/1P6/R7 b - -");
  }
  // A Marseillais turn of two moves and a header with rule options.
  const Position marseillais = test::position_of("marseillais", "7k/6pp/8/8/8/8/8/R3K3 w - -");
  const std::string path = dir.file("marseillais.proof");
  {
    auto writer = ProofWriter::open(path, marseillais, Color::White);
    REQUIRE(writer);
    const uint64_t mate = (*writer)->end_node(after(marseillais, "a1a2,a2a8"));
    const uint64_t top = (*writer)->win_node(marseillais, turn_of(marseillais, "a1a2,a2a8"), mate);
    CHECK((*writer)->finish(top + 1) == "the proof's root must be the last node written (node 2), not node 3");
    REQUIRE_FALSE((*writer)->finish(top));
  }
  std::ifstream in(path);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  CHECK(text == kMarseillaisMate);
}
