#pragma once
// The words of Popeye's `option` command read into a problem's settings (popeye_setup.h).
//
// Kept: try, defence N (a try fails to at most N defences; tries shown), setplay, nothreat,
// maxsolutions N (the first N help solutions), stoponshortsolutions (help and series play: no
// longer lines once short ones are found), whitetoplay, halfduplex, nocastling SQUARES,
// enpassant SQUARES (the pawn's double step before the diagram, e7e6e5, or the square passed
// over alone, e6). Accepted and ignored, because they change how Popeye prints or searches but
// not what is solved: variation, movenumbers, noboard, noshortvariations, intelligent [N],
// maxtime N, beep [N], keepmatingpiece, trivialtriesavoid, matesin1,
// suppressgrid, writegrid, nosymmetry, search, multisolutions. Refused with a message naming
// the option, because they change the problem and dmsolve lacks what they ask: duplex, nowk,
// nobk, threat N, maxflightsquares N, nontrivial M N, postkeyplay, quodlibet, goalisend,
// castlingmutuallyexclusive, nullmoves, startmovenumber, uptomovenumber, Popeye's unpublished
// option.
//
// As in Popeye the options run up to the first word that is none, which is read as the next
// command; a word on the option's own line that is no keyword either is an unknown option.

#include <optional>

#include "solver/puzzle/popeye_keywords.h"
#include "solver/puzzle/popeye_setup.h"
#include "solver/puzzle/popeye_words.h"

namespace dm::puzzle::popeye {

// Reads the options after the word `option` (taken, on option_line).
std::optional<Flaw> read_options(WordReader& words, Language language, int option_line, ProblemSettings& settings);

}  // namespace dm::puzzle::popeye
