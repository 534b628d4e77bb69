#pragma once
// The opening book of `dmsolve serve --store S` (docs/serve.md): an explore store read as a book
// (explore/book_reader.h), each explored position with the latest verdict on every move, the
// refutation and the main line in SAN, for the page's book view. The store is read afresh at
// each request, so an explore running on it shows its progress. The explores the page starts
// (explore_service.h) write their proofs beside the store, a folder a position
// (proof_folder()); the book serves them, shows them and checks them.

#include <memory>
#include <string>

#include "rules/expected.h"
#include "rules/position.h"
#include "rules/variant.h"
#include "solver/explore/book_reader.h"

namespace dm::app::serve {

class BookService {
 public:
  static Expected<std::unique_ptr<BookService>> open(const std::string& path);

  const std::string& path() const { return path_; }
  const std::string& variant() const { return reader_->variant(); }
  const std::string& rules() const { return reader_->rules(); }

  // GET /api/book: {"store", "variant", "rules", "positions": [{"fen", "moves": [{"uci", "san",
  // "status", "refutation", "line", "after", "explored", "steps", "proof", "proof_nodes", "jobs",
  // "seconds"}]}]}: SAN where the moves fit the position (else the store's UCI); `after` the FEN
  // after the move, `explored` the index of that position among the explored ones (or -1),
  // `steps` the move and its main line a move at a time ([[SAN, FEN], ...], the first the
  // position before the move), `proof` whether the page may ask for its proof. The error when
  // the store cannot be read.
  Expected<std::string> book_json() const;

  // Where the page's explores of `fen` write their proofs: S.book-proofs/HASH, HASH from the
  // position as the store names it; why not where the FEN is no position of the store's variant.
  Expected<std::string> proof_folder(const std::string& fen) const;
  // The proof file of `move` (UCI) in the position `fen`; why not where there is none.
  Expected<std::string> proof_file(const std::string& fen, const std::string& move) const;

  // How many moves of the position `fen` the store holds, and how many of them are decided.
  struct Count {
    size_t moves = 0;
    size_t decided = 0;
  };
  Count count(const std::string& fen) const;

 private:
  BookService(std::unique_ptr<explore::BookReader> reader, std::string path);

  // The store's position called `fen`, in its variant with its rule options.
  Expected<Position> position_of(const std::string& fen) const;
  // The proofs' folder of a position (proof_folder()).
  std::string folder_of(const Position& pos) const;

  std::unique_ptr<explore::BookReader> reader_;
  std::string path_;
  Expected<Variant> store_variant_;  // made once from the store's names; why not where it cannot be
};

}  // namespace dm::app::serve
