#include "solver/report/proof_view.h"

#include <cassert>
#include <cstdint>
#include <vector>

#include "solver/report/html_format.h"
#include "solver/report/line_text.h"
#include "solver/report/svg_diagram.h"
#include "solver/report/turn_text.h"

// Implementation notes. The tree is built once as rows (ProofRow), which the text and the HTML
// writers then walk. It is built depth first in the file's order of the turns, replaying each
// turn from the position before it (so that the move numbers follow from the root). Each node
// has a state: New; Shown (its turns are in the tree, or it is an end); Cut (its row is at the
// last level shown); Counted (it lies below a cut and is in that cut's count). A turn to a node
// already Shown, or Cut when this row is at the last level too, is a reference ("see above"):
// each node's turns are listed once at most, so the rows are at most the turns of the nodes
// within `depth` turns. A cut counts the nodes below it still New, each once over the whole
// tree, so that all the counts together cost one walk of the graph at most.

namespace dm::report {

namespace {

using proof::NodeKind;
using proof::ProofGraph;

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string variant_text(const proof::ProofHeader& header) {
  const std::string name(header.variant.name);
  return header.rules.empty() ? name : name + " (" + header.rules + ")";
}

// One turn of the tree as shown.
struct ProofRow {
  enum class Kind : uint8_t { Expanded, End, Seen, Cut };
  std::string text;  // "2...Kd8,c6", with the end's mark
  Kind kind = Kind::Expanded;
  uint64_t node = 0;     // the node the turn reaches
  bool first = false;    // the node's first row (the one a reference points to)
  bool main = false;     // on the main line
  uint64_t below = 0;    // Cut: the nodes below it counted here
  std::string diagram;   // the position after the turn, when diagrams are asked for
  std::vector<ProofRow> children;
};

class RowBuilder {
 public:
  RowBuilder(const ProofGraph& graph, int depth, bool diagrams)
      : graph_(graph), depth_(depth), diagrams_(diagrams), state_(graph.size() + 1, State::New) {}

  std::vector<ProofRow> rows(const Position& root) {
    std::vector<ProofRow> out;
    if (depth_ > 0) add_turns(graph_.root(), root, 1, true, out);
    return out;
  }

 private:
  enum class State : uint8_t { New, Shown, Cut, Counted };

  // The rows of node id's turns (played in pos), at the given level (1 for the root's turns).
  void add_turns(uint64_t id, const Position& pos, int level, bool main, std::vector<ProofRow>& out) {
    state_[id] = State::Shown;
    for (size_t k = 0; k < graph_.edges(id); ++k) {
      const proof::ProofEdge edge = graph_.edge(id, k);
      ProofRow& row = out.emplace_back();  // out grows no more while row is filled
      row.node = edge.child;
      row.main = main && k == graph_.main_edge(id);
      const auto turn = turn_from_uci(pos, edge.turn);
      if (!turn) {  // not in a checked proof: shown as written, with why it cannot be played
        row.text = std::string(edge.turn) + " (" + turn.error() + ")";
        row.kind = ProofRow::Kind::End;
        continue;
      }
      const std::string san = turn_to_san(pos, *turn);
      row.text = move_number(pos) + san;
      const State seen = state_[edge.child];
      row.first = seen == State::New || seen == State::Counted;
      if (graph_.kind(edge.child) != NodeKind::End && (seen == State::Shown || (seen == State::Cut && level == depth_))) {
        row.kind = ProofRow::Kind::Seen;
        continue;
      }
      const Position after = after_turn(pos, *turn);
      if (diagrams_) row.diagram = svg_diagram(after);
      if (graph_.kind(edge.child) == NodeKind::End) {
        row.kind = ProofRow::Kind::End;
        row.text += ending_mark(pos, *turn, san, !san.empty() && san.back() == '#' ? tree::Ending::Mate : tree::Ending::Win);
        state_[edge.child] = State::Shown;
      } else if (level == depth_) {
        row.kind = ProofRow::Kind::Cut;
        state_[edge.child] = State::Cut;
        row.below = count_below(edge.child);
      } else {
        add_turns(edge.child, after, level + 1, row.main, row.children);
      }
    }
  }

  // The nodes below id still New, marked Counted.
  uint64_t count_below(uint64_t id) {
    uint64_t count = 0;
    std::vector<uint64_t> stack{id};
    while (!stack.empty()) {
      const uint64_t node = stack.back();
      stack.pop_back();
      for (size_t k = 0; k < graph_.edges(node); ++k) {
        const uint64_t child = graph_.edge(node, k).child;
        if (state_[child] != State::New) continue;
        state_[child] = State::Counted;
        ++count;
        stack.push_back(child);
      }
    }
    return count;
  }

  const ProofGraph& graph_;
  int depth_;
  bool diagrams_;
  std::vector<State> state_;  // per node id (0 unused)
};

Position root_position(const ProofGraph& graph) {
  Position root;
  [[maybe_unused]] const auto error = root.set(graph.header().variant, graph.header().position);
  assert(!error);  // the header reader has set it once already
  return root;
}

// The facts above the tree, as "name: value" pairs in print order.
std::vector<std::pair<std::string, std::string>> facts(const ProofGraph& graph, const Position& root,
                                                       const ProofViewOptions& options) {
  const proof::ProofHeader& header = graph.header();
  const auto san = san_line(root, graph.main_line());
  return {{"proof", options.file},
          {"variant", variant_text(header)},
          {"position", header.position},
          {"winner", side_name(*header.winner)},
          {"size", std::to_string(graph.size()) + (graph.size() == 1 ? " node" : " nodes")},
          {"length", std::to_string(graph.length(graph.root())) + " turns"},
          {"main line", san ? *san : san.error()}};
}

std::string below_text(uint64_t below) {
  if (below == 0) return "… the nodes below are counted above";
  return "… " + std::to_string(below) + (below == 1 ? " more node below" : " more nodes below");
}

void text_rows(const std::vector<ProofRow>& rows, size_t indent, std::string& out) {
  for (const ProofRow& row : rows) {
    out += std::string(indent, ' ') + row.text + (row.kind == ProofRow::Kind::Seen ? " (see above)" : "") + "\n";
    if (row.kind == ProofRow::Kind::Cut) out += std::string(indent + 2, ' ') + below_text(row.below) + "\n";
    text_rows(row.children, indent + 2, out);
  }
}

// The diagrams small, and the main line marked, on top of the solution pages' style.
constexpr std::string_view kProofPageStyle = R"(<style>
ul.proof svg.board { width: 180px; height: auto; display: block; margin: 0.3em 0 0.3em 1.2em; }
ul.proof details.main > summary { font-weight: bold; background: #fde9a9; }
</style>
)";

void html_rows(const std::vector<ProofRow>& rows, std::string& out) {
  for (const ProofRow& row : rows) {
    const std::string text = html_escape(row.text);
    if (row.kind == ProofRow::Kind::Seen) {
      out += "<li class=\"leaf\">" + text + " <a href=\"#n" + std::to_string(row.node) + "\">(see above)</a></li>\n";
      continue;
    }
    out += "<li><details";
    if (row.first && row.kind != ProofRow::Kind::End) out += " id=\"n" + std::to_string(row.node) + "\"";
    if (row.main) out += " class=\"main\" open";
    out += "><summary>" + text + "</summary>\n" + row.diagram;
    if (row.kind == ProofRow::Kind::Cut) {
      out += "<ul>\n<li class=\"leaf\">" + html_escape(below_text(row.below)) + "</li>\n</ul>\n";
    } else if (!row.children.empty()) {
      out += "<ul>\n";
      html_rows(row.children, out);
      out += "</ul>\n";
    }
    out += "</details></li>\n";
  }
}

}  // namespace

std::string proof_text(const ProofGraph& graph, const ProofViewOptions& options) {
  const Position root = root_position(graph);
  std::string out;
  for (const auto& [name, value] : facts(graph, root, options)) out += name + ": " + value + "\n";
  if (options.depth == 0) return out;
  out += "\ntree (" + std::to_string(options.depth) + " turns):\n";
  text_rows(RowBuilder(graph, options.depth, false).rows(root), 0, out);
  return out;
}

std::string proof_html(const ProofGraph& graph, const ProofViewOptions& options) {
  const Position root = root_position(graph);
  const std::string title = "proof " + options.file + ": " + side_name(*graph.header().winner) + " wins";
  std::string body = std::string(kProofPageStyle) + "<h1>" + html_escape(title) + "</h1>\n<div class=\"diagram\">" +
                     svg_diagram(root) + "</div>\n<dl class=\"facts\">\n";
  for (const auto& [name, value] : facts(graph, root, options)) {
    body += "<dt>" + html_escape(name) + "</dt><dd>" + html_escape(value) + "</dd>\n";
  }
  body += "</dl>\n";
  if (options.depth > 0) {
    body += "<p>The first " + std::to_string(options.depth) +
            " turns: each turn of the winner with every answer of the loser below it; the main line, the loser's "
            "longest resistance, is marked and open.</p>\n<ul class=\"tree proof\">\n";
    html_rows(RowBuilder(graph, options.depth, true).rows(root), body);
    body += "</ul>\n";
  }
  return html_page(title, body);
}

}  // namespace dm::report
