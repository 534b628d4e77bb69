#pragma once
// A proof file (docs/proof-format.md) read into memory, to be shown rather than checked: its
// header, its nodes with their turns and children, and each node's length, the most turns of
// any line from it (end 0, win 1 + its child's, all 1 + its longest child's). The main line
// follows from the lengths: from the root, the winner's turn at each win node and, at each all
// node, the loser's turn to the longest child (the first listed of equal ones), down to an end
// node: the loser's longest resistance, the line a reader of a refutation wants first.
//
// The reader trusts no input: a file that breaks the format's syntax (node numbers out of
// order, a child that is not an earlier node, no closing line, garbage) is an error naming its
// line, never a crash. It checks no chess (check_proof() does): a caller that must know the
// proof is sound checks it first. Keep::MainLine keeps of each node only its main-line turn and
// no FEN, a few tens of bytes a node, for callers that want the line alone (explore).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"
#include "solver/proof/proof_header.h"
#include "solver/proof/proof_line.h"

namespace dm::proof {

struct ProofEdge {
  std::string_view turn;  // UCI moves joined by commas, as the file writes it
  uint64_t child = 0;
};

class ProofGraph {
 public:
  enum class Keep : uint8_t { MainLine, Everything };

  // Reads the file (plain or zstd); "PATH:LINE: why" where it breaks the format, "PATH: why"
  // where it cannot be read. nodes_hint: the nodes the file is known to hold (the writer's or
  // the checker's count; 0 where not known), so that the arrays are sized once rather than
  // grown and copied.
  static Expected<ProofGraph> read(const std::string& path, Keep keep = Keep::Everything, uint64_t nodes_hint = 0);

  const ProofHeader& header() const { return header_; }
  uint64_t size() const { return kind_.size(); }  // nodes, numbered 1 to size()
  uint64_t root() const { return size(); }
  NodeKind kind(uint64_t id) const { return NodeKind(kind_[id - 1]); }
  uint32_t length(uint64_t id) const { return length_[id - 1]; }
  // The node's FEN (four fields); empty under Keep::MainLine.
  std::string_view fen(uint64_t id) const;
  // The node's turns kept: all of them, in the file's order (under Keep::MainLine only its
  // main-line turn); none for an end node.
  size_t edges(uint64_t id) const { return size_t(first_edge_[id] - first_edge_[id - 1]); }
  ProofEdge edge(uint64_t id, size_t k) const;
  // Which of the node's edges the main line takes (0 for a win node).
  size_t main_edge(uint64_t id) const { return main_edge_.empty() ? 0 : main_edge_[id - 1]; }

  // The main line from the root: its turns, as the file writes them.
  std::vector<std::string> main_line() const;
  // Its nodes: the root, then the node each turn reaches, the last an end node.
  std::vector<uint64_t> main_line_nodes() const;

 private:
  class Reader;
  ProofGraph() = default;
  void reserve(uint64_t nodes);

  ProofHeader header_;
  Keep keep_ = Keep::Everything;
  std::vector<uint8_t> kind_;         // NodeKind, per node
  std::vector<uint32_t> length_;      // per node
  std::vector<uint32_t> main_edge_;   // per node (Keep::Everything only)
  std::vector<uint64_t> fen_end_;     // per node, its FEN's end in fens_ (Keep::Everything only)
  std::string fens_;
  std::vector<uint64_t> first_edge_{0};  // node id's edges: [first_edge_[id - 1], first_edge_[id])
  std::vector<uint64_t> child_;       // per edge
  std::vector<uint64_t> turn_end_{0};  // edge e's turn: [turn_end_[e], turn_end_[e + 1]) in turns_
  std::string turns_;
};

}  // namespace dm::proof
