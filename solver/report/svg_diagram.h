#pragma once
// A board diagram as inline SVG, for the HTML pages: any board size (8x8, 11x8), coordinates
// along the edges, every piece kind distinct. Orthodox pieces are Unicode chess glyphs (the
// solid forms, filled white or black, so both colours look alike in every font); Janus,
// Marshall and Amazon, which have no glyph, are a disc with their letter: J, M, A, or Popeye's
// PR, EM, AM (KN, IM) in the piece letters chosen (piece_letters.h).
//
// Each square is an SVG group carrying data-square="e4" and, when occupied, data-piece="wQ"
// (colour and FEN letter), so a test can read the position back from the rendered page.

#include <string>

#include "rules/position.h"
#include "solver/report/piece_letters.h"

namespace dm::report {

std::string svg_diagram(const Position& pos, PieceLetters letters = PieceLetters::San);

}  // namespace dm::report
