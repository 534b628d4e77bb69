#include "solver/app/verdict_items.h"

#include <string>

namespace dm::app {

report::VerdictText verdict_items(const puzzle::Verdict& verdict, const tree::CheckResult& check) {
  report::VerdictText out{verdict.summary(), {}};
  for (const auto& f : verdict.findings) {
    out.items.push_back(std::string(puzzle::defect_name(f.defect)) + ": " + f.detail);
  }
  for (const auto& t : verdict.tolerated) out.items.push_back("tolerated dual: " + t);
  if (!check.ok()) out.items.push_back("tree check disagrees: " + check.message);
  return out;
}

puzzle::ShowOptions judged_show(puzzle::ShowOptions show) {
  show.max_solutions.reset();
  show.stop_on_short_solutions.reset();
  return show;
}

puzzle::Standing standing_of(const puzzle::Verdict& verdict, const tree::CheckResult& check) {
  return check.ok() ? verdict.standing() : puzzle::Standing::Unsound;
}

}  // namespace dm::app
