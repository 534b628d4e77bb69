#pragma once
// An explore store read as an opening book (`dmsolve serve --store`): opened read-only, with no
// lock, so that it can be browsed while an explore writes to it (job_store.h: other programs may
// read the database meanwhile). It gives the variant and rule options the store was made for,
// the explored positions and the latest verdict on each of their moves, with the main line of
// each decided move.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rules/expected.h"

struct sqlite3;

namespace dm::explore {

struct BookMove {
  std::string move;        // UCI
  std::string status;      // won, lost, drawn, open
  std::string refutation;  // UCI, the opponent's answer that decides it
  uint64_t proof_nodes = 0;
  uint64_t jobs = 0;
  double seconds = 0.0;
  std::string line;  // the proof's main line, UCI turns by spaces from the move on ("" unknown)
};

class BookReader {
 public:
  // The store at path; fails (naming the file) where it is no explore store.
  static Expected<std::unique_ptr<BookReader>> open(const std::string& path);
  ~BookReader();
  BookReader(const BookReader&) = delete;
  BookReader& operator=(const BookReader&) = delete;

  const std::string& variant() const { return variant_; }
  const std::string& rules() const { return rules_; }
  // The explored positions (canonical FEN), in the order first explored.
  Expected<std::vector<std::string>> positions() const;
  // Every move recorded for `position`, in UCI order.
  Expected<std::vector<BookMove>> moves(const std::string& position) const;

 private:
  BookReader(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}

  sqlite3* db_;
  std::string path_;
  std::string variant_;
  std::string rules_;
};

}  // namespace dm::explore
