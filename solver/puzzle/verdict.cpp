#include "solver/puzzle/verdict.h"

#include <algorithm>

#include "rules/game.h"
#include "solver/problem/line.h"

namespace dm::puzzle {

namespace {

using tree::AttackNode;
using tree::Ending;

std::string path_text(const std::vector<std::string>& path) {
  std::string out;
  for (const auto& turn : path) out += (out.empty() ? "" : " ") + turn;
  return out;
}

// Walks a key's main line for duals; `path` holds the UCI turns that lead to a node (the
// defences of one group joined by '/').
class DualSearch {
 public:
  DualSearch(bool direct, Verdict& verdict) : direct_(direct), verdict_(verdict) {}

  void walk(const AttackNode& node, std::vector<std::string>& path, const std::string& label) {
    path.push_back(label);
    if (node.threats.size() > 1) {
      verdict_.tolerated.push_back(path_text(path) + ": " + std::to_string(node.threats.size()) + " threats");
    }
    // The threat lines are not the play: duals within them are no defect, and are not looked for.
    for (const tree::DefenceGroup& group : node.defences) {
      if (group.answer.empty()) continue;
      std::string defences;
      for (const Turn& defence : group.turns) defences += (defences.empty() ? "" : "/") + turn_to_uci(defence);
      path.push_back(defences);
      const AttackNode& answer = group.answer.front();
      note_duals(answer, path);
      walk(answer, path, turn_to_uci(answer.turn));
      path.pop_back();
    }
    path.pop_back();
  }

 private:
  void note_duals(const AttackNode& answer, const std::vector<std::string>& path) {
    if (answer.duals.empty()) return;
    std::string text = path_text(path) + ": " + turn_to_uci(answer.turn);
    for (const Turn& dual : answer.duals) text += " | " + turn_to_uci(dual);
    if (direct_ && answer.ending != Ending::None) {
      verdict_.tolerated.push_back(text + " (final move)");
    } else {
      verdict_.findings.push_back({Defect::Dual, text});
    }
  }

  bool direct_;
  Verdict& verdict_;
};

std::set<std::string> found_answers(const tree::SolutionTree& tree, bool help) {
  std::set<std::string> out;
  if (help) {
    for (const auto& line : tree.solutions) out.insert(problem::line_to_uci(line));
  } else {
    for (const auto& key : tree.keys) out.insert(turn_to_uci(key.turn));
  }
  return out;
}

void compare_sets(const Puzzle& puzzle, bool help, bool decided, Verdict& verdict) {
  const std::string what = help ? "solution" : "key";
  if (!puzzle.expected) {
    if (!help && verdict.found.size() > 1) {
      verdict.findings.push_back({Defect::Cooked, std::to_string(verdict.found.size()) + " keys"});
    }
    return;
  }
  for (const auto& answer : verdict.found) {
    if (!puzzle.expected->contains(answer)) {
      verdict.findings.push_back({Defect::Cooked, answer + " is a " + what + " too"});
    }
  }
  if (!decided) return;
  for (const auto& answer : *puzzle.expected) {
    if (!verdict.found.contains(answer)) {
      verdict.findings.push_back({Defect::SourceFails, answer + " is not a " + what});
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
    verdict.findings.push_back(
        {Defect::ShortSolution, problem::line_to_uci(line) + " is a short solution in " + std::to_string(length)});
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
  verdict.found = found_answers(tree, false);
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
        const std::string shown = verdict.found.empty() ? "" : ": " + *verdict.found.begin() + " is a key";
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
  verdict.found = found_answers(tree, help);
  const bool decided = tree.status != problem::SolveStatus::Unknown;
  if (!decided) verdict.findings.push_back({Defect::Unknown, "a limit stopped the search"});
  if (tree.status == problem::SolveStatus::NoSolution && !(puzzle.expected && puzzle.expected->empty())) {
    verdict.findings.push_back({Defect::NoSolution, "nothing achieves " + puzzle.stipulation.to_string()});
  }
  compare_sets(puzzle, help, decided, verdict);
  if (help) {
    note_short_lines(puzzle, tree, verdict);
    return verdict;
  }
  if (!decided) return verdict;

  const bool direct = puzzle.stipulation.play == problem::Play::Direct;
  for (const AttackNode& key : tree.keys) {
    const std::string uci = turn_to_uci(key.turn);
    if (key.length < puzzle.stipulation.turns) {
      verdict.findings.push_back({Defect::ShortSolution, uci + " works in " + std::to_string(key.length)});
    }
    if (puzzle.expected && !puzzle.expected->contains(uci)) continue;
    std::vector<std::string> path;
    DualSearch(direct, verdict).walk(key, path, uci);
  }
  return verdict;
}

}  // namespace dm::puzzle
