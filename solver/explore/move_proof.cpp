#include "solver/explore/move_proof.h"

#include <vector>

#include "solver/proof/proof_writer.h"

namespace dm::explore {

namespace {

class MoveProofWriter {
 public:
  MoveProofWriter(const TopTree& tree, const JobStore& store, proof::ProofWriter& writer)
      : tree_(tree), store_(store), writer_(writer) {}

  // Writes node i (in position pos) after the nodes of its proof below; its number, or nullopt
  // with error_ set.
  std::optional<uint64_t> write(uint32_t i, const Position& pos) {
    const TopTree::Node& node = tree_.node(i);
    if (node.source == TopTree::Source::GameOver) return writer_.end_node(pos);
    if (node.source == TopTree::Source::Job) {
      auto root = writer_.append_proof(store_.proof_dir() + "/" + node.job->proof_file);
      if (!root) error_ = root.error();
      return root ? std::optional<uint64_t>(*root) : std::nullopt;
    }
    std::vector<std::pair<Turn, uint64_t>> turns;
    for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
      const TopTree::Node& child = tree_.node(c);
      if (child.pn != 0) continue;
      Game game(pos);
      for (const Move m : child.turn) game.play(m);
      const auto id = write(c, game.position());
      if (!id) return std::nullopt;
      turns.emplace_back(child.turn, *id);
      if (tree_.attacker_to_move(i)) return writer_.win_node(pos, child.turn, *id);
    }
    return writer_.all_node(pos, turns);
  }

  const std::string& error() const { return error_; }

 private:
  const TopTree& tree_;
  const JobStore& store_;
  proof::ProofWriter& writer_;
  std::string error_;
};

}  // namespace

std::optional<std::string> write_move_proof(const TopTree& tree, const JobStore& store, const std::string& path) {
  const Position root = tree.position(0);
  auto writer = proof::ProofWriter::open(path, root, tree.attacker());
  if (!writer) return writer.error();
  MoveProofWriter nodes(tree, store, **writer);
  const auto id = nodes.write(0, root);
  if (!id) return nodes.error();
  return (*writer)->finish(*id);
}

}  // namespace dm::explore
