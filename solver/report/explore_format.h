#pragma once
// What `dmsolve explore` prints (explorer.h): a table with one row per turn of the explored
// position (status, refutation, proof size, jobs, nodes, seconds), one JSON line per turn, or
// an HTML page with the position's diagram, the table and each turn's top trees, their first
// levels.

#include <string>
#include <vector>

#include "solver/explore/explorer.h"

namespace dm::report {

struct ExploreReport {
  const explore::Explorer* explorer = nullptr;
  std::vector<explore::MoveResult> results;  // explorer->results()
  std::vector<std::string> proof_files;      // per turn: the proof written, or empty
  std::string end;                           // how the run ended: "every turn decided", ...
};

std::string explore_table(const ExploreReport& report);
// One line per turn: move (UCI), san, status, refutation (UCI or null), proof_nodes,
// proof_depth, jobs, nodes, seconds, and proof (the file) where one was written.
std::string explore_json_lines(const ExploreReport& report);
std::string explore_html(const ExploreReport& report);

}  // namespace dm::report
