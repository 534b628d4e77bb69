#pragma once
// The men of a position listed as problemists print them below a diagram, and as Popeye names
// them: "White: Ke6 Qc7", "Black: Kg8". Each side's men kind by kind (K Q R B N P, then the
// fairy kinds J M A), each kind's squares file by file and each file from its first rank up
// (a1 a2 b1), in the letters chosen (piece_letters.h); and the count of men, White's + Black's:
// "2 + 1", as Popeye writes it below its diagram.

#include <string>

#include "rules/position.h"
#include "solver/report/piece_letters.h"

namespace dm::report {

// "White: Ke6 Qc7"; "White: none" for a side without men.
std::string piece_list(const Position& pos, Color side, PieceLetters letters);

// "2 + 1": White's men + Black's.
std::string men_count(const Position& pos);

}  // namespace dm::report
