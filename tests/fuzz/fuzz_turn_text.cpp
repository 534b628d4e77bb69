// Fuzz target for the moves door: movetext with comma-joined turns (play_movetext), PGN
// (read_pgn, its [Variant] and [FEN] tags honoured as dmsolve replay does) and single moves
// (parse_move, SAN or UCI). The first byte picks the variant whose initial array the game starts
// from (fuzz_support.h), the rest is the text. Whatever was played must write back: the game's
// turns in SAN, replayed from the same start, reach the same position, and the FEN after every
// turn reads back to the same key.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_support.h"
#include "rules/game.h"
#include "rules/movegen.h"
#include "rules/movetext.h"
#include "rules/notation.h"

namespace {

using dm::fuzz::require;

// The turns played in game, written in SAN with move numbers, replay to the same position.
void check_san_replays(const dm::Position& start, const dm::Game& game) {
  dm::Game writer(start);
  std::string text;
  for (const dm::Turn& turn : game.turns()) {
    text += std::to_string(writer.position().fullmove_number()) + ". " + dm::turn_to_san(writer.position(), turn) + " ";
    for (const dm::Move m : turn) writer.play(m);
  }
  dm::Game reader(start);
  require(!dm::play_movetext(reader, text), "the SAN of turns played does not replay");
  require(reader.position().fen() == game.position().fen(), "the SAN of turns played replays to another position");
}

void play(const dm::Position& start, std::string_view movetext) {
  dm::Game game(start);
  dm::play_movetext(game, movetext, [](const dm::Position& pos) {
    if (dm::king_lost(pos)) return;  // no FEN: every FEN has both kings
    dm::Position fresh;
    require(!fresh.set(pos.variant(), pos.fen()) && fresh.key() == pos.key(),
            "the FEN after a turn does not read back to the same key");
  });
  check_san_replays(start, game);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const dm::Variant& variant = dm::fuzz::variant_of(data[0]);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  dm::Position start;
  start.set_start(variant);

  (void)dm::parse_move(start, text);
  play(start, text);

  const auto record = dm::read_pgn(text);
  if (!record) return 0;
  dm::Variant pgn_variant = variant;
  if (const auto tag = record->tags.find("Variant"); tag != record->tags.end()) {
    const auto named = dm::find_variant(tag->second);
    if (!named) return 0;
    pgn_variant = *named;
  }
  dm::Position pgn_start;
  if (const auto tag = record->tags.find("FEN"); tag != record->tags.end()) {
    if (pgn_start.set(pgn_variant, tag->second)) return 0;
  } else {
    pgn_start.set_start(pgn_variant);
  }
  play(pgn_start, record->movetext);
  return 0;
}
