#pragma once
// The explores that the page of `dmsolve serve --store S` starts (docs/serve.md): one at a time,
// each a `dmsolve explore` of its own on the store, run as a child process with the server's
// --threads and --hash, so that the store's lock, the resumption and the proofs are the command
// line's own. It writes the proofs of the position's decided moves where the book finds them
// (BookService::proof_folder). While it runs, "progress" events count the position's decided
// moves in the store; a stop from the page, the client going away or the server stopping
// interrupt it as Ctrl-C would, and what it found is kept.

#include <atomic>
#include <mutex>
#include <sys/types.h>

#include "solver/app/serve/book_service.h"
#include "solver/app/serve/http_server.h"

namespace dm::app::serve {

class ExploreService {
 public:
  ExploreService(const BookService& book, int threads, size_t hash_mb, const std::atomic<bool>& stopping)
      : book_(book), threads_(threads), hash_mb_(hash_mb), stopping_(stopping) {}

  // POST /api/explore?fen=F&seconds=S: "started" {fen}, "progress" {seconds, moves, decided}
  // about once a second, then "done" {exit, message}; or one "failure" {field, error}: bad
  // input, an explore already running, or the explore's own error (a store locked by another).
  void explore(const Request& request, Responder& out);
  // POST /api/explore/stop: the running explore stops, keeping what it found.
  void stop();

 private:
  const BookService& book_;
  int threads_;
  size_t hash_mb_;
  const std::atomic<bool>& stopping_;
  std::mutex busy_;
  std::mutex child_mutex_;
  pid_t child_ = 0;  // guarded by child_mutex_
};

}  // namespace dm::app::serve
