#pragma once
// The soundness verdict of a problem: its solution tree (tree/solution_tree.h) judged against
// what its source claims (puzzle_file.h), the way a problemist would.
//
// Defects, every one found is listed:
//   no-solution     nothing achieves the stipulation;
//   cooked          more keys than the source gives (with no keys given: more than one), or a
//                   solution where the source says none; help play: more solutions than given;
//   short-solution  a key (direct and self play) works in fewer turns than stipulated; help
//                   and series play: each solution line of fewer attacker (series) turns;
//   dual            a dual in a main line: see below;
//   source-fails    a key or solution the source gives is not one;
//   unknown         the search stopped at a limit before deciding (the other defects are then
//                   only those the proven part shows: cooks by proven keys).
// A verdict whose only defect is unknown is undecided, neither sound nor unsound: nothing wrong
// was proven, and nothing right either (Verdict::standing).
// Duals: the main line of a key is its threats and its variations (every defender turn and
// the attacker's answers, down to the goal). An attacker turn with an equally short
// alternative is a dual. As most schools do (and Popeye's default output, which prints
// them without a mark), duals of the final move that itself reaches the goal in direct play
// (two ways to mate at the end of a #2) are tolerated: reported, never a defect. So are several
// threats. Duals earlier in a line, and every dual of self play (where the defender's reply,
// not the attacker's move, ends the play), are defects. Only the keys the source gives are
// searched for duals (every key when it gives none): a cook's own duals do not matter.
//
// Proofs (win, lose, loseN) are judged by the position's value alone: the solver proves one
// win (`win` shows one key, `lose` and `loseN` none), not every key at every length. Proven is
// sound; disproven is no-solution (also when the source gives keys), unless the source says
// `keys none`, when it is sound and a proven win is cooked; stopped is unknown. A key the
// source gives that the proof does not play is no defect (other turns may win too), and there
// is no short-solution, dual or cook of several keys.
//
// Help and series play whose source gives no solutions cannot be judged sound: a problemist
// reads "sound" as "the intended solutions and nothing else", and only the source knows how
// many are intended. Such a verdict says what was found instead ("340 solutions", "342
// solutions, 2 short"), the short ones each a defect as above, and is never sound.
//
// Expected and found keys and lines compare as sets of canonical UCI strings; the findings'
// texts name them in SAN with problemists' move numbers (answer_text.h): "1.Qc7 is a key too",
// a dual "1.Qc7 1...Rd5/Rd6: 2.Qc8 | 2.Qb8", "1.Rd8 Bd6 2.e5 Bh5# is a short solution in 2". A
// source's answer that does not replay as legal play stays in UCI.

#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "solver/puzzle/puzzle_file.h"
#include "solver/tree/solution_tree.h"

namespace dm::puzzle {

enum class Defect : uint8_t { NoSolution, Cooked, ShortSolution, Dual, SourceFails, Unknown };
std::string_view defect_name(Defect defect);  // "no-solution", "cooked", ...

// How a problem stands once judged: sound, unsound (a defect is proven), or undecided (a limit
// stopped the search before it proved a defect or soundness).
// A fourth: not judged, where help or series play has no solutions from its source to be
// compared with and nothing wrong was found.
enum class Standing : uint8_t { Sound, Unsound, Undecided, NotJudged };
std::string_view standing_name(Standing standing);  // "sound", "not sound", "undecided", "not judged"

// One defect with what shows it ("1.Qh5,Qxf7 is a key too").
struct Finding {
  Defect defect;
  std::string detail;
};

struct Verdict {
  std::vector<Finding> findings;       // empty: sound
  std::vector<std::string> tolerated;  // final-move duals and multiple threats, for the record (SAN)
  std::set<std::string> found;         // keys or solution lines the solver found, UCI
  // Help and series play solved, with no solutions from the source: what was found ("340
  // solutions"); empty where the verdict is judged.
  std::string unjudged;

  bool sound() const { return findings.empty() && unjudged.empty(); }
  // Sound with no finding and judged; not judged with no finding (help or series play with no
  // solutions from the source); undecided with only `unknown` ones; else unsound.
  Standing standing() const;
  // The distinct defects, in the order of the enum.
  std::vector<Defect> defects() const;
  // "sound"; or the defects' names joined by ", ", then where not judged "; not judged: " and
  // what was found ("short-solution; not judged: 342 solutions, 2 short").
  std::string summary() const;
};

Verdict judge(const Puzzle& puzzle, const tree::SolutionTree& tree);

}  // namespace dm::puzzle
