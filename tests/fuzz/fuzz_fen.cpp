// Fuzz target for the FEN door, Position::set, in every variant and rule option: the first byte
// picks the variant (fuzz_support.h), the rest is the FEN. A FEN that is accepted must give a
// position the engine can trust: fen() reads back to the same FEN and key; the move counters
// agree with the move list (count_legal, has_legal_move), and the check generator and filter
// miss no checking move; every legal move written in UCI and in SAN parses back to itself;
// done and undone, it restores FEN and key; and the position it reaches has a FEN that reads
// back to the same FEN and key (Bennekom's key excepted where it holds the piece due to move
// second, which no FEN records).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "rules/movegen.h"
#include "rules/notation.h"
#include "rules/outcome.h"
#include "rules/position.h"

namespace {

using dm::fuzz::require;

// pos.fen() is accepted again and gives the same FEN and, unless told otherwise, the same key.
void check_fen_reads_back(const dm::Position& pos, bool same_key) {
  const std::string fen = pos.fen();
  dm::Position fresh;
  if (const auto error = fresh.set(pos.variant(), fen)) {
    std::fprintf(stderr, "%s: %s: %s\n", std::string(pos.variant().name).c_str(), fen.c_str(), error->to_string().c_str());
    require(false, "the FEN a position writes is refused");
  }
  require(fresh.fen() == fen, "the FEN a position writes reads back as another FEN");
  require(!same_key || fresh.key() == pos.key(), "the FEN a position writes reads back with another key");
}

bool parses_to(const dm::Position& pos, std::string_view text, dm::Move m) {
  const auto parsed = dm::parse_move(pos, text);
  return parsed && *parsed == m;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const dm::Variant& variant = dm::fuzz::variant_of(data[0]);
  dm::Position pos;
  if (pos.set(variant, std::string_view(reinterpret_cast<const char*>(data + 1), size - 1))) return 0;
  check_fen_reads_back(pos, true);

  const std::string fen = pos.fen();
  const uint64_t key = pos.key();
  dm::MoveList moves;
  dm::generate_legal(pos, moves);
  require(dm::count_legal(pos) == moves.size(), "count_legal differs from the legal moves");
  require(dm::has_legal_move(pos) == !moves.empty(), "has_legal_move differs from the legal moves");
  (void)dm::outcome(pos);
  dm::MoveList checks;
  dm::generate_checks(pos, checks);
  const dm::CheckInfo check_info = pos.check_info();
  // A check given earlier in the turn may go on (Extra Move, E4): then a move need not give it.
  const bool checked_before = check_info.king != dm::kNoSquare &&
                              (pos.attackers_to(check_info.king) & pos.pieces(pos.side_to_move()));
  for (const dm::Move m : checks) require(moves.contains(m), "generate_checks gives a move that is not legal");
  for (const dm::Move m : moves) {
    require(parses_to(pos, dm::move_to_uci(m), m), "a legal move's UCI does not parse back to it");
    require(parses_to(pos, dm::move_to_san(pos, m), m), "a legal move's SAN does not parse back to it");
    const dm::Color mover = pos.side_to_move();
    const bool may_check = pos.may_give_check(m, check_info);
    dm::StateInfo st;
    pos.do_move(m, st);
    if (pos.in_check() && pos.side_to_move() != mover && !checked_before) {
      require(checks.contains(m), "generate_checks misses a checking move");
      require(may_check, "may_give_check misses a checking move");
    }
    // A Double Move game ended by the capture of a king has no FEN (every FEN has both kings).
    const dm::LaterMoveRule& later = variant.later_moves;
    if (!dm::king_lost(pos)) {
      check_fen_reads_back(pos, !(later.same_piece || later.other_piece) || pos.last_to() == dm::kNoSquare);
    }
    pos.undo_move(m);
    require(pos.fen() == fen, "undo_move does not restore the FEN");
    require(pos.key() == key, "undo_move does not restore the key");
  }
  return 0;
}
