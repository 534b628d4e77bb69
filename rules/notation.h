#pragma once
// Move notation: squares (files a-l, ranks 1-10), UCI and SAN in both directions, for every
// variant: fairy letters J, M, A; O-O / O-O-O for orthodox and Janus castling alike; "=A"
// promotions; "--" for a pass. Parsing checks the move against the legal moves of the position.

#include <optional>
#include <string>
#include <string_view>

#include "rules/expected.h"
#include "rules/geometry.h"
#include "rules/position.h"

namespace dm {

std::string square_name(Square s);
std::optional<Square> parse_square(std::string_view text, const Geometry& geometry);

std::string move_to_uci(Move m);
// SAN with check and mate marks; the move must be legal in pos.
std::string move_to_san(const Position& pos, Move m);

// A legal move of pos written in SAN or UCI; otherwise a message saying why not.
Expected<Move> parse_move(const Position& pos, std::string_view text);

}  // namespace dm
