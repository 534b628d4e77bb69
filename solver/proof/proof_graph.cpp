#include "solver/proof/proof_graph.h"

#include <limits>

#include "solver/proof/proof_stream.h"

// Implementation notes. One pass, as the checker reads: a node names only earlier nodes, so its
// length and main-line turn follow at once from its children's lengths. The nodes are kept in
// flat arrays (one entry per node, one per edge kept, the texts in two strings), so that a
// proof of millions of nodes costs a few allocations and no pointer per node.

namespace dm::proof {

class ProofGraph::Reader {
 public:
  explicit Reader(ProofGraph& graph) : graph_(graph) {}

  // Takes the next node (numbered size() + 1); what is wrong with it.
  std::optional<std::string> add(const NodeLine& node) {
    for (const TurnChild& pair : node.turns) {
      if (pair.child < 1 || pair.child >= node.id) {
        return "turn " + std::string(pair.turn) + " leads to node " + std::to_string(pair.child) +
               ", which is not a node written before this one";
      }
    }
    size_t main = 0;
    uint32_t longest = 0;
    for (size_t k = 0; k < node.turns.size(); ++k) {
      const uint32_t length = graph_.length(node.turns[k].child);
      if (k == 0 || length > longest) {
        main = k;
        longest = length;
      }
    }
    if (node.kind != NodeKind::End && longest == std::numeric_limits<uint32_t>::max()) return "the proof is too deep";
    graph_.kind_.push_back(uint8_t(node.kind));
    graph_.length_.push_back(node.kind == NodeKind::End ? 0 : longest + 1);
    if (graph_.keep_ == Keep::Everything) {
      graph_.main_edge_.push_back(uint32_t(main));
      graph_.fens_ += node.fen;
      graph_.fen_end_.push_back(graph_.fens_.size());
      for (const TurnChild& pair : node.turns) add_edge(pair);
    } else if (node.kind != NodeKind::End) {
      add_edge(node.turns[main]);
    }
    graph_.first_edge_.push_back(graph_.child_.size());
    return std::nullopt;
  }

 private:
  void add_edge(const TurnChild& pair) {
    graph_.child_.push_back(pair.child);
    graph_.turns_ += pair.turn;
    graph_.turn_end_.push_back(graph_.turns_.size());
  }

  ProofGraph& graph_;
};

void ProofGraph::reserve(uint64_t nodes) {
  constexpr uint64_t kTurnBytes = 9;  // "e2e3,d2d4": a double move
  kind_.reserve(nodes);
  length_.reserve(nodes);
  first_edge_.reserve(nodes + 1);
  // At least one edge a node but at the ends; under Keep::MainLine at most one.
  child_.reserve(nodes);
  turn_end_.reserve(nodes + 1);
  turns_.reserve(nodes * kTurnBytes);
  if (keep_ == Keep::Everything) {
    main_edge_.reserve(nodes);
    fen_end_.reserve(nodes);
  }
}

Expected<ProofGraph> ProofGraph::read(const std::string& path, Keep keep, uint64_t nodes_hint) {
  using Result = Expected<ProofGraph>;
  const auto flaw = [&path](uint64_t line, const std::string& why) {
    return Result::failure(path + ":" + std::to_string(line) + ": " + why);
  };
  auto lines = LineReader::open(path);
  if (!lines) return Result::failure(path + ": " + lines.error());
  ProofGraph graph;
  graph.keep_ = keep;
  graph.reserve(nodes_hint);
  Reader nodes(graph);
  ProofHeaderReader header;
  std::vector<std::string_view> fields;
  NodeLine node;
  bool closed = false;
  uint64_t last_line = 0;
  for (;;) {
    const auto line = (*lines)->next();
    if (!line) {
      const std::string where = last_line ? " (after line " + std::to_string(last_line) + ")" : "";
      return Result::failure(path + ": " + line.error() + where);
    }
    if (!*line) break;
    last_line = (*line)->number;
    const std::string_view text = (*line)->text;
    if (text.empty() || text[0] == '#') continue;
    if (!header.complete()) {
      if (auto bad = header.take(text)) return flaw(last_line, bad->why);
      continue;
    }
    if (closed) return flaw(last_line, "a line after the closing 'proven' line");
    split_fields(text, fields);
    if (fields[0] == "proven") {
      const auto root = fields.size() == 2 ? parse_number(fields[1]) : std::nullopt;
      if (!root) return flaw(last_line, "expected 'proven ID'");
      if (graph.size() == 0) return flaw(last_line, "'proven' before any node");
      if (*root != graph.size()) {
        return flaw(last_line, "the root, node " + std::to_string(*root) + ", must be the last node written, node " +
                                   std::to_string(graph.size()));
      }
      closed = true;
      continue;
    }
    if (auto bad = parse_node_line(fields, node)) return flaw(last_line, *bad);
    if (node.id != graph.size() + 1) {
      return flaw(last_line, "node number " + std::to_string(node.id) + ", expected " + std::to_string(graph.size() + 1));
    }
    if (auto bad = nodes.add(node)) return flaw(last_line, *bad);
  }
  if (!header.complete()) return Result::failure(path + ": " + header.missing().why);
  if (!closed) return Result::failure(path + ": the proof is incomplete: it ends without its closing 'proven' line");
  graph.header_ = header.header();
  return graph;
}

std::string_view ProofGraph::fen(uint64_t id) const {
  if (fen_end_.empty()) return {};
  const uint64_t begin = id > 1 ? fen_end_[id - 2] : 0;
  return std::string_view(fens_).substr(begin, fen_end_[id - 1] - begin);
}

ProofEdge ProofGraph::edge(uint64_t id, size_t k) const {
  const uint64_t e = first_edge_[id - 1] + k;
  return {std::string_view(turns_).substr(turn_end_[e], turn_end_[e + 1] - turn_end_[e]), child_[e]};
}

std::vector<uint64_t> ProofGraph::main_line_nodes() const {
  std::vector<uint64_t> line{root()};
  while (kind(line.back()) != NodeKind::End) line.push_back(edge(line.back(), main_edge(line.back())).child);
  return line;
}

std::vector<std::string> ProofGraph::main_line() const {
  std::vector<std::string> line;
  for (uint64_t id = root(); kind(id) != NodeKind::End;) {
    const ProofEdge e = edge(id, main_edge(id));
    line.emplace_back(e.turn);
    id = e.child;
  }
  return line;
}

}  // namespace dm::proof
