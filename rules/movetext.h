#pragma once
// Game records: PGN tags and movetext with comma-joined turns ("1.e4 e5,Nc6 2.Qh5,Nf3"), as
// the vchess PGN writes double-move games (docs/rules.md section 7). Moves may be SAN or UCI.

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "rules/expected.h"
#include "rules/game.h"

namespace dm {

struct GameRecord {
  std::map<std::string, std::string> tags;  // [Variant "marseillais"], [FEN "..."], ...
  std::string movetext;
};

// Splits a PGN text into its tags and movetext; errors name the line.
Expected<GameRecord> read_pgn(std::string_view text);

// Plays every turn of the movetext on the game. Comments, variations, NAGs, move numbers and
// the result are skipped. The first bad turn stops the replay, the game left after the last
// whole turn (none of the bad turn's moves stay played); the message names the turn
// ("turn 2 (White)") and why: an illegal move, a move after a turn that check ended, or a turn
// with too few moves (only the last turn may be incomplete). A pass is played for a side that
// has no legal second move when the variant's option says so. on_turn_end, when given, sees
// the position after every completed turn.
std::optional<std::string> play_movetext(Game& game, std::string_view movetext,
                                         const std::function<void(const Position&)>& on_turn_end = {});

}  // namespace dm
