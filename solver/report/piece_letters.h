#pragma once
// The letters that name the pieces in the text and HTML output (--piece-letters): standard SAN
// (K Q R B N), or the letters of Popeye's English, German or French, as problemists of those
// languages read them. The machine formats (JSON, PGN) always keep SAN. One table holds every
// language's names (piece_letters.cpp); SAN is rewritten by a character map, since the only
// upper-case letters in SAN are piece names (files are lower case, castling is O-O, promotion
// =Q, e.p. lower case).

#include <optional>
#include <string>
#include <string_view>

#include "rules/types.h"

namespace dm::report {

enum class PieceLetters : uint8_t { San, English, German, French };

// The letters called `name` on the command line: san, en, de or fr; nullopt for any other.
std::optional<PieceLetters> piece_letters_named(std::string_view name);

// The name of a kind in letters, upper case: "N" (SAN), "S" (en, de), "C" (fr); the fairy kinds
// have Popeye's two letters outside SAN ("PR", "EM").
std::string_view piece_name(PieceType type, PieceLetters letters);

// SAN with its piece letters written in letters: "Nbxd7#" -> "Sbxd7#" (en), "e8=N+" -> "e8=C+"
// (fr). Everything else (squares, O-O, marks, commas between a turn's moves) is kept.
std::string localized_san(std::string_view san, PieceLetters letters);

}  // namespace dm::report
