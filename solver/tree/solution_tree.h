#pragma once
// The annotated solution of one problem, as problemists read it: for direct and self play the
// key or keys with their threats and variations, the tries with their refutations, duals and
// short solutions; for help play every solution line and the set play. It is pure data, built
// by tree_builder.h from the solver's results, re-checked by tree_check.h, and written out by
// the formats in solver/report/ (text, JSON, PGN, HTML), which read nothing else.
//
// Turns are kept as moves (UCI-able); a format that wants SAN replays them from `position`.
// Every turn of the tree is legal in the position its parents lead to.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/position.h"
#include "solver/problem/line.h"
#include "solver/problem/solve_status.h"
#include "solver/problem/stipulation.h"
#include "solver/tree/temporary_file.h"

namespace dm::tree {

// How the last move of a turn ends the play: the mark a problemist writes after it.
enum class Ending : uint8_t {
  None,         // play goes on
  Mate,         // '#': the side to move next is checkmated
  Stalemate,    // '=': the side to move next is stalemated (also M6: no second move)
  KingCapture,  // the enemy king was captured (Double Move chess)
  Win,          // a win by the variant's own rule (losing chess: no pieces or no moves)
};

struct AttackNode;

// Defender turns that share one continuation. Turns that differ only in the order of the same
// moves and reach the same position count as one; `turns` holds one of each, in UCI order.
struct DefenceGroup {
  std::vector<Turn> turns;
  // The defence itself ends the play: in self play the defender's forced mate or stalemate of
  // the attacker (no answer follows); in direct play never.
  Ending ending = Ending::None;
  // The attacker's answer (absent when `ending` ends the play).
  std::vector<AttackNode> answer;  // zero or one element (a vector only to allow recursion)
};

// An attacker turn and everything that follows it.
struct AttackNode {
  Turn turn;
  Ending ending = Ending::None;  // the turn itself reaches the goal (direct play)
  // The attacker turns this node needs to reach the goal against every defence, itself
  // included: 1 when `turn` (direct) or every defender reply (self) ends the play.
  int length = 0;
  // Other attacker turns that work just as well (the same length) where this one is shown:
  // duals when this is an answer, further keys are listed apart (SolutionTree::keys).
  std::vector<Turn> duals;
  // What the attacker would play next if the defender passed a whole turn (only below a key or
  // a try, only when the defender is not in check): each threat line whole, with the defences
  // against it and their answers where it takes more than one turn.
  std::vector<AttackNode> threats;
  // Every defender turn, grouped by the attacker's answer. Empty when `ending` is set.
  std::vector<DefenceGroup> defences;
};

// Whether the group's defences leave `node`'s threat standing, so that problemists (and Popeye)
// do not print them below it: the answer is quicker than the threat, or as quick and every
// threat of the shortest length still works (it is the answer or one of the answer's duals).
// A defence answered more slowly than the threat, or one that defeats some threat, is shown.
inline bool answered_by_threat(const AttackNode& node, const DefenceGroup& group) {
  if (node.threats.empty() || group.answer.empty()) return false;
  const AttackNode& answer = group.answer.front();
  int threat_length = node.threats.front().length;
  for (const AttackNode& threat : node.threats) threat_length = std::min(threat_length, threat.length);
  if (answer.length != threat_length) return answer.length < threat_length;
  for (const AttackNode& threat : node.threats) {
    if (threat.length != threat_length || threat.turn == answer.turn) continue;
    if (std::find(answer.duals.begin(), answer.duals.end(), threat.turn) == answer.duals.end()) return false;
  }
  return true;
}

// A defender turn that beats a try, and how.
struct Refutation {
  Turn turn;
  // Stalemate when the refutation works by stalemate (a stalemate trap: the attacker is left
  // only moves that stalemate, or the defence stalemates a side); None otherwise.
  Ending ending = Ending::None;
};

// A first turn of the attacker that fails to only a few defences.
struct Try {
  AttackNode play;  // the try, with its variations against the defences that do not refute it
  std::vector<Refutation> refutations;
  bool stalemates = false;  // the try itself stalemates the defender (refuted by no move)
};

// The proof behind a win, lose or loseN result, as written to a proof file
// (docs/proof-format.md): the tree shows its first turns, the file holds all of it, and the
// re-check reads the file with the independent proof checker.
struct ProofSummary {
  uint64_t nodes = 0;      // nodes of the file
  int depth = 0;           // turns of its longest line, both sides' turns counted
  std::string file;        // where it was written
  // Set where the file was written only for the re-check: the file goes when the last copy of
  // this summary lets go of it.
  std::shared_ptr<const TemporaryFile> temporary;
};

struct SolutionTree {
  Position position;                 // the problem position
  problem::Stipulation stipulation;
  std::string variant;               // the variant's name
  std::string rule_options;          // the options in force, as Variant::describe_options()
  problem::SolveStatus status = problem::SolveStatus::Unknown;
  int length = 0;                    // attacker turns of the shortest solution (the stipulated
                                     // where none; proofs: of the longest line of the proof written)

  // Direct and self play.
  std::vector<AttackNode> keys;      // every key, each with its own (shortest) length
  // Whether the keys' threats were looked for (TreeOptions::threats): a key without one, the
  // defender not in check, is then a zugzwang.
  bool threats_sought = false;
  std::vector<Try> tries;
  // Popeye's postkeyplay (TreeOptions::post_key_play): the position is the one after a key, the
  // defender to move; this node stands for that key (its turn empty, its length the
  // stipulation's): its threats and every defender turn, each with its answer, or none where the
  // defence refutes. The status is Solved when no defence refutes; `keys` stays empty.
  std::optional<AttackNode> post_key;
  // Set play (TreeOptions::set_play, #N s#N r#N of two turns or more): the defender's turns as
  // though the attacker passed its first, each answered within turns - 1 as a key's defences
  // are; the turns no answer meets within them are left out, as problemists leave them out.
  std::vector<DefenceGroup> set_variations;
  bool set_play_sought = false;  // set_variations was looked for (empty: there is none)
  // False when the try search ran out of its budget (TreeOptions::try_nodes): `tries` then
  // holds only the tries decided in time.
  bool tries_complete = true;

  // lose and loseN: every turn of the side to move, grouped by the opponent's winning answer
  // (each answer shows only its own turn: the rest is in the proof).
  std::vector<DefenceGroup> defences;
  // win, lose and loseN, once proven: the proof (win shows its key as `keys`, with every
  // defence and its answer).
  std::optional<ProofSummary> proof;
  // Why no proof file could be written (a full disk), when the result is proven all the same.
  std::string proof_error;

  // Help and series play: every solution, shortest first (a line of fewer attacker or series
  // turns than stipulated, Stipulation::line_length, is a short solution), and the set play
  // (the lines that work when the side to move passes its first turn; h# only).
  std::vector<problem::Line> solutions;
  std::vector<problem::Line> set_play;
  // False when TreeOptions::max_solutions left solutions out (`solutions` then holds the first
  // ones, shortest first and each length in UCI order), or when stop_on_short_solutions left
  // the longer lengths unsearched.
  bool solutions_complete = true;
  // False when stop_on_short_solutions left the set play's longer lengths unsearched.
  bool set_play_complete = true;

  uint64_t nodes = 0;     // the whole build: the solve and every annotation
  double seconds = 0.0;
  uint64_t solve_nodes = 0;  // the solve alone (keys or help solutions): the parallel search
  double solve_seconds = 0.0;
  int threads = 0;           // the threads of the solve
  // Whether every claim of the tree was re-checked by the independent plain search
  // (tree_check.h); false when the problem was too large for it.
  bool rechecked = false;
};

}  // namespace dm::tree
