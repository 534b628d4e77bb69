#pragma once
// What `dmsolve explore` prints (explorer.h): a table with one row per turn of the explored
// position (status, refutation, proof size, jobs, nodes, seconds) and, under a decided turn's
// row, the main line of its proof (proof_graph.h) in SAN; one JSON line per turn; or an HTML
// page with the position's diagram, the table and each turn's top trees, their first levels.

#include <string>
#include <vector>

#include "solver/explore/explorer.h"

namespace dm::report {

struct ExploreReport {
  const explore::Explorer* explorer = nullptr;
  std::vector<explore::MoveResult> results;  // explorer->results()
  std::vector<std::string> proof_files;      // per turn: the proof written, or empty
  std::string end;                           // how the run ended: "every turn decided", ...
  // Per turn: the main line of its proof from the explored position, the turn first, UCI turns
  // separated by spaces ("e2e3 d7d6,b7b5 f1b5,b5e8 ..."); empty where the turn is undecided.
  std::vector<std::string> lines;
};

std::string explore_table(const ExploreReport& report);
// One line per turn: move (UCI), san, status, refutation (UCI or null), line (the main line in
// SAN with move numbers, or null), proof_nodes, proof_depth, jobs, nodes, seconds, and proof
// (the file) where one was written.
std::string explore_json_lines(const ExploreReport& report);
std::string explore_html(const ExploreReport& report);

}  // namespace dm::report
