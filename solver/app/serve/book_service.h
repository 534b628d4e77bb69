#pragma once
// The opening book of `dmsolve serve --store S` (docs/serve.md): an explore store read as a book
// (explore/book_reader.h), each explored position with the latest verdict on every move, the
// refutation and the main line in SAN, for the page's book view. The store is read afresh at
// each request, so an explore running on it shows its progress.

#include <memory>
#include <string>

#include "rules/expected.h"
#include "solver/explore/book_reader.h"

namespace dm::app::serve {

class BookService {
 public:
  static Expected<std::unique_ptr<BookService>> open(const std::string& path);

  // GET /api/book: {"store", "variant", "rules", "positions": [{"fen", "moves": [{"uci", "san",
  // "status", "refutation", "line", "after", "proof_nodes", "jobs", "seconds"}]}]} (`after`: the
  // FEN after the move, where the page steps into it), SAN where the moves
  // fit the position (else the store's UCI); the error when the store cannot be read.
  Expected<std::string> book_json() const;

 private:
  BookService(std::unique_ptr<explore::BookReader> reader, std::string path)
      : reader_(std::move(reader)), path_(std::move(path)) {}

  std::unique_ptr<explore::BookReader> reader_;
  std::string path_;
};

}  // namespace dm::app::serve
