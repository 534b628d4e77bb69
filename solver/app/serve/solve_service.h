#pragma once
// The solver behind `dmsolve serve` (docs/serve.md): one search at a time over the server's own
// threads and table (--threads, --hash), so that the page's searches stay within what the
// command line was given; a second search while one runs is refused with a message. A search
// reports as server-sent events: "started", then "progress" about once a second, then "result"
// (the tree as JSON, as an HTML article and as text); bad input is one "failure" event whose
// message is the command line's, with the field it concerns.

#include <atomic>
#include <mutex>

#include "solver/app/serve/http_server.h"
#include "solver/app/tree_output.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::app::serve {

class SolveService {
 public:
  // `stopping`: set when the server stops; a running search then ends as a stop would end it.
  SolveService(const TreeSettings& settings, const std::atomic<bool>& stopping);

  // GET /api/solve?variant=V&rules=K=V+K=V&fen=F&stip=S[&tries=1][&setplay=1]
  void solve(const Request& request, Responder& out);
  // POST /api/stop: the running search stops at once and sends what it has (status unknown).
  void stop() { stop_ = true; }

 private:
  TreeSettings settings_;
  const std::atomic<bool>& stopping_;
  std::mutex busy_;
  std::atomic<bool> stop_{false};
  search::Workers workers_;
  search::TranspositionTable table_;
};

// The variants the page offers, with their boards: [{"name", "files", "ranks"}].
std::string variants_json();

}  // namespace dm::app::serve
