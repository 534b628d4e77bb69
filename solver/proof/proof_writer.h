#pragma once
// Writes a proof file (docs/proof-format.md) node by node, children first, as a search proves
// them: the header for the root position and the winner, then one line per node, each numbered
// in the order written, then "proven ROOT". The file appears under its name only when finish()
// succeeds (AtomicLineWriter), so a stopped search leaves no half proof behind. Write errors (a
// full disk) are remembered and reported by finish(), so the search need not check each node.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/expected.h"
#include "rules/game.h"
#include "rules/position.h"
#include "solver/proof/proof_stream.h"

namespace dm::proof {

// The first four fields of pos.fen() (board, side, castling, e.p.): a position as proofs
// write it, and as the explore store names it.
std::string proof_fen(const Position& pos);

class ProofWriter {
 public:
  // Opens PATH (zstd when it ends in .zst) and writes the header for the root position and winner.
  static Expected<std::unique_ptr<ProofWriter>> open(const std::string& path, const Position& root, Color winner);
  // The same proof written to memory (zstd-compressed, as a ".zst" file), for take_bytes().
  static Expected<std::unique_ptr<ProofWriter>> in_memory(const Position& root, Color winner);

  // Each writes one node and returns its number (1, 2, ...). A child is the number of a node
  // written before.
  // The game is over in pos and the winner has won it.
  uint64_t end_node(const Position& pos);
  // The winner is to move in pos; turn is its turn, leading to child.
  uint64_t win_node(const Position& pos, const Turn& turn, uint64_t child);
  // The loser is to move in pos; every legal turn of it, each with the node it leads to.
  uint64_t all_node(const Position& pos, const std::vector<std::pair<Turn, uint64_t>>& turns);

  // Copies the nodes of another proof file (of the same variant, rules and winner: a part
  // proven on its own, such as an explore job's) after the nodes written so far, renumbered
  // to follow them; the number its root got, or why it could not be copied.
  Expected<uint64_t> append_proof(const std::string& path);

  // Writes "proven ROOT", flushes and renames into place; the error message on failure (the
  // first write error, or a root that is not the last node written).
  std::optional<std::string> finish(uint64_t root);
  uint64_t nodes() const { return nodes_; }
  // In memory, after finish(): the proof file's bytes.
  std::string take_bytes() { return out_->take_bytes(); }

 private:
  explicit ProofWriter(std::unique_ptr<AtomicLineWriter> out) : out_(std::move(out)) {}
  static Expected<std::unique_ptr<ProofWriter>> start(Expected<std::unique_ptr<AtomicLineWriter>> out,
                                                      const Position& root, Color winner);
  // A node line of a copied proof with its numbers raised by offset; false when it is none.
  bool renumber(std::string_view line, uint64_t offset);
  // Starts line_ with "ID KIND FEN" for the next node.
  void start_node(std::string_view kind, const Position& pos);
  void add_turn(const Turn& turn, uint64_t child);

  std::unique_ptr<AtomicLineWriter> out_;
  std::string line_;  // the line being written, reused
  std::vector<std::string> header_;  // the header's lines, which a copied proof must repeat
  uint64_t nodes_ = 0;
};

}  // namespace dm::proof
