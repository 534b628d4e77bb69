#pragma once
// The solver behind `dmsolve serve` (docs/serve.md), for a problem and for a file of them: one
// search at a time over the server's own
// threads and table (--threads, --hash), so that the page's searches stay within what the
// command line was given; a second search while one runs is refused with a message. A search
// reports as server-sent events: "started", then "progress" about once a second, then "result"
// (the tree as JSON, as an HTML article and as text); bad input is one "failure" event whose
// message is the command line's, with the field it concerns.

#include <atomic>
#include <mutex>

#include "solver/app/serve/http_server.h"
#include "solver/app/tree_output.h"
#include "solver/search/solve_options.h"
#include "solver/search/tt.h"
#include "solver/search/workers.h"

namespace dm::app::serve {

class SolveService {
 public:
  // `stopping`: set when the server stops; a running search then ends as a stop would end it.
  SolveService(const TreeSettings& settings, const std::atomic<bool>& stopping);

  // GET /api/solve?variant=V&rules=K=V+K=V&fen=F&stip=S[&tries=1][&setplay=1]
  void solve(const Request& request, Responder& out);
  // POST /api/verify?name=FILE, the file's text (EPD or Popeye input) as the body: "started"
  // {problems, bad_entries}, a "bad-entry" {error} for each entry that could not be read, then
  // a "problem" for each problem as it is judged, as `verify` judges it: {index, id, location,
  // stipulation, standing, summary, items, html}; at the end "done" {the counts, stopped}.
  void verify(const Request& request, Responder& out);
  // POST /api/stop: the running search stops at once and sends what it has (status unknown).
  void stop() { stop_ = true; }

 private:
  // A progress callback that sends "progress" events through `out` (under `sending`) and stops
  // the search when the client has gone or the server stops.
  std::function<void(const search::Progress&)> progress_events(Responder& out, std::mutex& sending);

  TreeSettings settings_;
  const std::atomic<bool>& stopping_;
  std::mutex busy_;
  std::atomic<bool> stop_{false};
  search::Workers workers_;
  search::TranspositionTable table_;
};

// Rule options as the page sends them, and as a store names them: KEY=VALUE words, by blanks
// or commas.
std::vector<std::string> rule_words(const std::string& text);

// The variants the page offers, with their boards, the letters of their pieces, their rule
// options and their initial arrays: [{"name", "files", "ranks", "pieces", "options": [{"key",
// "values", "value"}], "start"}] (`value`: the option's default).
std::string variants_json();

}  // namespace dm::app::serve
