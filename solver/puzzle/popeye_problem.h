#pragma once
// One problem of Popeye input, from the word after beginproblem (or nextproblem) to the
// endproblem or nextproblem that ends it: its commands in any order (remark, author, origin,
// title, award, protocol, pieces, forsyth, stipulation, condition, option), then its twins.
// Each twin is a Puzzle of its own (popeye_setup.h): "twin" starts one whose changes apply to
// the diagram, "twin continued" one whose changes apply to the twin before; "zeroposition"
// says the diagram itself is not solved, only twin a, made by the changes after it.
//
// Our conditions are dmsolve's variants (popeye_keywords.h), each followed on its line by
// rule options KEY=VALUE (rules/variant.h): "condition Marseillais ep=second". Popeye's other
// conditions, and its commands that change the problem in ways dmsolve lacks (sstipulation,
// InitialGameArray, LaTeX), are refused with a message.
//
// A problem with a flaw is one error: its first flaw. The reader then skips to the problem's
// end, so that the next problem is read as if the bad one were not there.

#include <optional>
#include <string>
#include <vector>

#include "solver/puzzle/popeye_keywords.h"
#include "solver/puzzle/popeye_setup.h"
#include "solver/puzzle/popeye_words.h"
#include "solver/puzzle/puzzle_file.h"

namespace dm::puzzle::popeye {

struct ProblemRead {
  int line = 0;                      // where the problem begins
  std::vector<Puzzle> puzzles;       // every twin (one Puzzle without twins), or none after a flaw
  std::optional<Flaw> flaw;
  std::optional<ProblemEnd> end;     // the word that ended it; nullopt when the text ended first
};

// Reads the problem that begins at the next word; file names the places in the Puzzles.
ProblemRead read_problem(WordReader& words, Language language, const std::string& file);

// Twin labels as Popeye writes them: "a" to "z", then "z1", "z2", ...
std::string twin_label(size_t index);

}  // namespace dm::puzzle::popeye
