#include "solver/search/core/progress_monitor.h"

namespace dm::search {

Progress root_progress(const SearchControl& control, const TranspositionTable& tt, uint64_t root_key, int turns) {
  Progress p;
  p.nodes = control.nodes();
  p.seconds = control.elapsed_seconds();
  const TtProbe probe = tt.probe(root_key, turns);
  p.root_pn = probe.pn;
  p.root_dn = probe.dn;
  return p;
}

Progress task_progress(const SearchControl& control, size_t tasks, size_t decided) {
  Progress p;
  p.nodes = control.nodes();
  p.seconds = control.elapsed_seconds();
  p.candidates = tasks;
  p.decided = decided;
  return p;
}

}  // namespace dm::search
