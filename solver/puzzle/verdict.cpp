#include "solver/puzzle/verdict.h"

#include <algorithm>
#include <map>

#include "rules/game.h"
#include "solver/problem/line.h"
#include "solver/puzzle/answer_text.h"

namespace dm::puzzle {

namespace {

using tree::AttackNode;
using tree::Ending;

std::string path_text(const std::vector<std::string>& path) {
  std::string out;
  for (const auto& turn : path) out += (out.empty() ? "" : " ") + turn;
  return out;
}

// Walks a key's main line for duals; `path` holds the turns that lead to a node in SAN with
// their numbers (answer_text.h; the defences of one group joined by '/': "1.Qc7 1...Rd5/Rd6").
class DualSearch {
 public:
  DualSearch(bool direct, Verdict& verdict) : direct_(direct), verdict_(verdict) {}

  // The node is the attacker's turn n, played in pos.
  void walk(const AttackNode& node, const Position& pos, int n, std::vector<std::string>& path) {
    path.push_back(numbered_san(pos, node.turn, n, true));
    if (node.threats.size() > 1) {
      verdict_.tolerated.push_back(path_text(path) + ": " + std::to_string(node.threats.size()) + " threats");
    }
    const Position after = position_after(pos, node.turn);
    // The threat lines are not the play: duals within them are no defect, and are not looked for.
    for (const tree::DefenceGroup& group : node.defences) {
      if (group.answer.empty()) continue;
      std::string defences;
      for (const Turn& defence : group.turns) {
        defences += defences.empty() ? numbered_san(after, defence, n, false) : "/" + turn_to_san(after, defence);
      }
      path.push_back(defences);
      // The group shares its answer: it is written after the group's first defence.
      const Position defended = position_after(after, group.turns.front());
      const AttackNode& answer = group.answer.front();
      note_duals(answer, defended, n + 1, path);
      walk(answer, defended, n + 1, path);
      path.pop_back();
    }
    path.pop_back();
  }

 private:
  void note_duals(const AttackNode& answer, const Position& pos, int n, const std::vector<std::string>& path) {
    if (answer.duals.empty()) return;
    std::string text = path_text(path) + ": " + numbered_san(pos, answer.turn, n, true);
    for (const Turn& dual : answer.duals) text += " | " + numbered_san(pos, dual, n, true);
    if (direct_ && answer.ending != Ending::None) {
      verdict_.tolerated.push_back(text + " (final move)");
    } else {
      verdict_.findings.push_back({Defect::Dual, text});
    }
  }

  bool direct_;
  Verdict& verdict_;
};

// The keys (help and series play: the solution lines) the solver found, each in canonical UCI
// with its text in SAN.
std::map<std::string, std::string> found_answers(const tree::SolutionTree& tree) {
  std::map<std::string, std::string> out;
  if (tree.stipulation.has_lines()) {
    for (const auto& line : tree.solutions) {
      out.emplace(problem::line_to_uci(line), line_san(tree.position, line, tree.stipulation));
    }
  } else {
    for (const auto& key : tree.keys) {
      out.emplace(turn_to_uci(key.turn), numbered_san(tree.position, key.turn, 1, true));
    }
  }
  return out;
}

std::set<std::string> uci_set(const std::map<std::string, std::string>& answers) {
  std::set<std::string> out;
  for (const auto& [uci, san] : answers) out.insert(uci);
  return out;
}

// The found answers against the source's: each found one it does not give is a cook, each it
// gives and was not found (once the search decided) fails; `found` writes the found ones in SAN.
void compare_sets(const Puzzle& puzzle, const std::map<std::string, std::string>& found, bool decided,
                  Verdict& verdict) {
  const bool help = puzzle.stipulation.has_lines();
  const std::string what = help ? "solution" : "key";
  const std::string too = " is a " + what + " too";  // "1.Qc7 is a key too"
  const std::string fails = " is not a " + what;     // "1.Qa8 is not a key"
  if (!puzzle.expected) {
    if (!help && verdict.found.size() > 1) {
      verdict.findings.push_back({Defect::Cooked, std::to_string(verdict.found.size()) + " keys"});
    }
    return;
  }
  for (const auto& [answer, san] : found) {
    if (!puzzle.expected->contains(answer)) {
      verdict.findings.push_back({Defect::Cooked, san + too});
    }
  }
  if (!decided) return;
  for (const auto& answer : *puzzle.expected) {
    if (!verdict.found.contains(answer)) {
      verdict.findings.push_back(
          {Defect::SourceFails, answer_san(puzzle.position, answer, puzzle.stipulation) + fails});
    }
  }
}

// Help and series play: each line of fewer attacker (series) turns than stipulated is a short
// solution; without the source's solutions, what was found is said instead of a judgement.
void note_short_lines(const Puzzle& puzzle, const tree::SolutionTree& tree, Verdict& verdict) {
  const problem::Stipulation& stipulation = puzzle.stipulation;
  size_t short_lines = 0;
  for (const problem::Line& line : tree.solutions) {
    const int length = stipulation.line_length(line.size());
    if (length >= stipulation.turns) continue;
    ++short_lines;
    const std::string san = line_san(tree.position, line, stipulation);
    verdict.findings.push_back({Defect::ShortSolution, san + " is a short solution in " + std::to_string(length)});
  }
  if (puzzle.expected || tree.status != problem::SolveStatus::Solved) return;
  const size_t count = tree.solutions.size();
  verdict.unjudged = std::to_string(count) + (count == 1 ? " solution" : " solutions");
  if (short_lines > 0) {
    verdict.unjudged += ", " + std::to_string(short_lines) + " short";
  }
}

// win, lose and loseN: the solver proves or disproves the position's value and shows one
// proof, so only that value is judged. A source's key that the proof does not play is no
// defect (other turns may win too), nor are the proof's lengths, duals or other keys.
Verdict judge_proof(const Puzzle& puzzle, const tree::SolutionTree& tree) {
  Verdict verdict;
  const auto found = found_answers(tree);
  verdict.found = uci_set(found);
  switch (tree.status) {
    case problem::SolveStatus::Unknown:
      verdict.findings.push_back({Defect::Unknown, "a limit stopped the search"});
      break;
    case problem::SolveStatus::NoSolution:
      if (!(puzzle.expected && puzzle.expected->empty())) {
        verdict.findings.push_back({Defect::NoSolution, "nothing achieves " + puzzle.stipulation.to_string()});
      }
      break;
    case problem::SolveStatus::Solved:
      if (puzzle.expected && puzzle.expected->empty()) {
        // The source says the position is not won; the proof shows it is.
        const std::string shown = found.empty() ? "" : ": " + found.begin()->second + " is a key";
        verdict.findings.push_back({Defect::Cooked, puzzle.stipulation.to_string() + " is proven" + shown});
      }
      break;
  }
  return verdict;
}

}  // namespace

std::string_view defect_name(Defect defect) {
  switch (defect) {
    case Defect::NoSolution: return "no-solution";
    case Defect::Cooked: return "cooked";
    case Defect::ShortSolution: return "short-solution";
    case Defect::Dual: return "dual";
    case Defect::SourceFails: return "source-fails";
    case Defect::Unknown: return "unknown";
  }
  return "?";
}

std::string_view standing_name(Standing standing) {
  switch (standing) {
    case Standing::Sound: return "sound";
    case Standing::Unsound: return "not sound";
    case Standing::Undecided: return "undecided";
    case Standing::NotJudged: return "not judged";
  }
  return "?";
}

Standing Verdict::standing() const {
  if (sound()) return Standing::Sound;
  if (findings.empty()) return Standing::NotJudged;
  const bool only_unknown =
      std::all_of(findings.begin(), findings.end(), [](const Finding& f) { return f.defect == Defect::Unknown; });
  return only_unknown ? Standing::Undecided : Standing::Unsound;
}

std::vector<Defect> Verdict::defects() const {
  std::vector<Defect> out;
  for (const Finding& f : findings) out.push_back(f.defect);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string Verdict::summary() const {
  if (sound()) return "sound";
  std::string out;
  for (const Defect d : defects()) out += (out.empty() ? "" : ", ") + std::string(defect_name(d));
  if (!unjudged.empty()) out += (out.empty() ? "" : "; ") + std::string("not judged: ") + unjudged;
  return out;
}

Verdict judge(const Puzzle& puzzle, const tree::SolutionTree& tree) {
  if (puzzle.stipulation.is_proof()) return judge_proof(puzzle, tree);
  Verdict verdict;
  const bool help = puzzle.stipulation.has_lines();
  const auto found = found_answers(tree);
  verdict.found = uci_set(found);
  const bool decided = tree.status != problem::SolveStatus::Unknown;
  if (!decided) verdict.findings.push_back({Defect::Unknown, "a limit stopped the search"});
  if (tree.status == problem::SolveStatus::NoSolution && !(puzzle.expected && puzzle.expected->empty())) {
    verdict.findings.push_back({Defect::NoSolution, "nothing achieves " + puzzle.stipulation.to_string()});
  }
  compare_sets(puzzle, found, decided, verdict);
  if (help) {
    note_short_lines(puzzle, tree, verdict);
    return verdict;
  }
  if (!decided) return verdict;

  const bool direct = puzzle.stipulation.play == problem::Play::Direct;
  for (const AttackNode& key : tree.keys) {
    const std::string uci = turn_to_uci(key.turn);
    if (key.length < puzzle.stipulation.turns) {
      verdict.findings.push_back({Defect::ShortSolution, found.at(uci) + " works in " + std::to_string(key.length)});
    }
    if (puzzle.expected && !puzzle.expected->contains(uci)) continue;
    std::vector<std::string> path;
    DualSearch(direct, verdict).walk(key, tree.position, 1, path);
  }
  return verdict;
}

}  // namespace dm::puzzle
