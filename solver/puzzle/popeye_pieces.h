#pragma once
// The men of Popeye input: a piece list (the command `pieces`, a twin's `add`) and a Forsyth
// string (the command `forsyth`).
//
// A piece list is colour words (white, black), each followed by men: a piece name and its
// squares together ("kg1", "pb2c3", "ema1") or apart ("K g1"). As in Popeye, a word's length
// decides where the name ends (squares take two letters: an odd length has a one-letter name),
// and the list ends at the first word that is no man, which is read as the next command. A word
// that would be a man but for its unknown name is an error ("unknown piece 'xx'").
//
// A Forsyth string is Popeye's: the squares from a8 rank by rank, a number for a run of empty
// squares (runs may pass the end of a rank, '/' may be left out), upper case for White, a '.'
// before a two-letter name, '+' or '-' for the colour, the empty squares at the end left out.

#include <functional>
#include <optional>
#include <string>

#include "solver/puzzle/popeye_board.h"
#include "solver/puzzle/popeye_keywords.h"
#include "solver/puzzle/popeye_setup.h"
#include "solver/puzzle/popeye_words.h"

namespace dm::puzzle::popeye {

// Where a man read goes: placed on the diagram, or added by a twin; the message when it cannot.
using PutMan = std::function<std::optional<std::string>(Cell cell, const Man& man)>;

// Reads a piece list from the next word on; `what` names the command in messages ("pieces").
std::optional<Flaw> read_pieces(WordReader& words, Language language, const std::string& what, const PutMan& put);

// Places the men of a Forsyth string on a board of `files` files.
std::optional<Flaw> read_forsyth(const Word& word, Language language, int files, Board& board);

}  // namespace dm::puzzle::popeye
