#include "solver/report/explore_format.h"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "solver/report/html_format.h"
#include "solver/report/line_text.h"
#include "solver/report/svg_diagram.h"

namespace dm::report {

namespace {

using explore::MoveResult;
using explore::MoveStatus;
using explore::Question;
using explore::TopTree;

std::string color_name(Color c) { return c == Color::White ? "White" : "Black"; }

std::string fixed(double value, int decimals) {
  char text[32];
  std::snprintf(text, sizeof text, "%.*f", decimals, value);
  return text;
}

std::string pad(std::string text, size_t width, bool right) {
  if (text.size() >= width) return text;
  const std::string fill(width - text.size(), ' ');
  return right ? fill + text : text + fill;
}

struct MoveText {
  std::string turn;
  std::string refutation;
};

MoveText move_text(const explore::Explorer& explorer, size_t i, const MoveResult& r) {
  MoveText text{turn_to_san(explorer.position(), r.turn), ""};
  if (r.refutation) text.refutation = turn_to_san(explorer.after(i), *r.refutation);
  return text;
}

// The main line of turn i in SAN from the explored position ("1...d6,b5 2.Bb5,Qd7 ..."); empty
// where it has none. A line the position does not take (a store not of this position) is
// shown as it is kept, in UCI.
std::string line_text(const ExploreReport& report, size_t i) {
  if (i >= report.lines.size() || report.lines[i].empty()) return "";
  const auto san = san_line(report.explorer->position(), split_turns(report.lines[i]));
  return san ? *san : report.lines[i];
}

std::string summary(const ExploreReport& report) {
  size_t counts[4] = {0, 0, 0, 0};
  for (const MoveResult& r : report.results) ++counts[size_t(r.status)];
  std::string out = std::to_string(report.results.size()) + " turns: " + std::to_string(counts[size_t(MoveStatus::Lost)]) +
                    " lost, " + std::to_string(counts[size_t(MoveStatus::Won)]) + " won, " +
                    std::to_string(counts[size_t(MoveStatus::Drawn)]) + " drawn, " +
                    std::to_string(counts[size_t(MoveStatus::Open)]) + " open";
  return out + " (" + report.end + ")";
}

std::string heading(const explore::Explorer& explorer) {
  const Position& pos = explorer.position();
  const std::string rules = pos.variant().describe_options();
  return "explore " + std::string(pos.variant().name) + (rules.empty() ? "" : " (" + rules + ")") + ", " +
         color_name(pos.side_to_move()) + " to move";
}

// The levels of each top tree on the page: a tree of hours has millions of nodes.
constexpr int kShownLevels = 4;

// The top tree's node i, and below it its children, as nested HTML lists: each child's turn
// (SAN), its proof and disproof numbers and how it was decided.
void tree_items(const TopTree& tree, uint32_t i, const Position& pos, int level, std::string& out) {
  const TopTree::Node& node = tree.node(i);
  for (uint32_t c = node.first_child; c < node.first_child + node.children; ++c) {
    const TopTree::Node& child = tree.node(c);
    std::string text = turn_to_san(pos, child.turn) + "  ";
    if (child.pn == 0) {
      text += "proven";
    } else if (child.dn == 0) {
      text += "disproven";
    } else {
      text += "pn " + std::to_string(child.pn) + " dn " + std::to_string(child.dn);
    }
    switch (child.source) {
      case TopTree::Source::GameOver: text += " (game over)"; break;
      case TopTree::Source::Repetition: text += " (repetition)"; break;
      case TopTree::Source::Job: text += " (job " + std::to_string(child.job->id) + ")"; break;
      default: break;
    }
    if (child.source == TopTree::Source::Expanded && level >= kShownLevels) text += " (expanded: its children not shown)";
    if (child.source != TopTree::Source::Expanded || level >= kShownLevels) {
      out += "<li class=\"leaf\">" + html_escape(text) + "</li>\n";
      continue;
    }
    Game game(pos);
    for (const Move m : child.turn) game.play(m);
    out += std::string("<li><details") + (level < 1 ? " open" : "") + "><summary>" + html_escape(text) +
           "</summary>\n<ul>\n";
    tree_items(tree, c, game.position(), level + 1, out);
    out += "</ul></details></li>\n";
  }
}

}  // namespace

std::string explore_table(const ExploreReport& report) {
  const explore::Explorer& explorer = *report.explorer;
  std::string out = heading(explorer) + "\nposition " + explorer.position().fen() + "\n\n";
  out += "turn        status  refutation   proof nodes  depth   jobs          nodes   seconds\n";
  for (size_t i = 0; i < report.results.size(); ++i) {
    const MoveResult& r = report.results[i];
    const MoveText text = move_text(explorer, i, r);
    const bool proven = r.status == MoveStatus::Won || r.status == MoveStatus::Lost;
    out += pad(text.turn, 11, false) + " " + pad(std::string(explore::move_status_name(r.status)), 7, false) + " " +
           pad(text.refutation.empty() ? "-" : text.refutation, 12, false) + " " +
           pad(proven ? std::to_string(r.proof_nodes) : "-", 11, true) + " " +
           pad(proven ? std::to_string(r.proof_depth) : "-", 6, true) + " " + pad(std::to_string(r.jobs), 6, true) + " " +
           pad(std::to_string(r.nodes), 14, true) + " " + pad(fixed(r.seconds, 2), 9, true) + "\n";
    // The main line under its row, where it has room whatever its length.
    if (const std::string line = line_text(report, i); !line.empty()) out += pad("", 12, false) + line + "\n";
  }
  return out + "\n" + summary(report) + "\n";
}

std::string explore_json_lines(const ExploreReport& report) {
  const explore::Explorer& explorer = *report.explorer;
  std::string out;
  for (size_t i = 0; i < report.results.size(); ++i) {
    const MoveResult& r = report.results[i];
    const bool proven = r.status == MoveStatus::Won || r.status == MoveStatus::Lost;
    nlohmann::ordered_json line = {{"move", turn_to_uci(r.turn)},
                                   {"san", move_text(explorer, i, r).turn},
                                   {"status", explore::move_status_name(r.status)},
                                   {"refutation", nullptr},
                                   {"line", nullptr},
                                   {"proof_nodes", nullptr},
                                   {"proof_depth", nullptr},
                                   {"jobs", r.jobs},
                                   {"nodes", r.nodes},
                                   {"seconds", r.seconds}};
    if (r.refutation) line["refutation"] = turn_to_uci(*r.refutation);
    if (const std::string text = line_text(report, i); !text.empty()) line["line"] = text;
    if (proven) {
      line["proof_nodes"] = r.proof_nodes;
      line["proof_depth"] = r.proof_depth;
    }
    if (!report.proof_files[i].empty()) line["proof"] = report.proof_files[i];
    out += line.dump() + "\n";
  }
  return out;
}

std::string explore_html(const ExploreReport& report) {
  const explore::Explorer& explorer = *report.explorer;
  const std::string title = heading(explorer);
  std::string body = "<h1>" + html_escape(title) + "</h1>\n<div class=\"diagram\">" +
                     svg_diagram(explorer.position()) + "</div>\n<p>" + html_escape(explorer.position().fen()) +
                     "</p>\n<p class=\"verdict\">" + html_escape(summary(report)) + "</p>\n";
  body += "<table class=\"moves\">\n<tr><th>turn</th><th>status</th><th>refutation</th><th>main line</th>"
          "<th>proof nodes</th><th>depth</th><th>jobs</th><th>nodes</th><th>seconds</th><th>proof</th></tr>\n";
  for (size_t i = 0; i < report.results.size(); ++i) {
    const MoveResult& r = report.results[i];
    const MoveText text = move_text(explorer, i, r);
    const bool proven = r.status == MoveStatus::Won || r.status == MoveStatus::Lost;
    body += "<tr><td><a href=\"#t" + std::to_string(i + 1) + "\">" + html_escape(text.turn) + "</a></td><td>" +
            std::string(explore::move_status_name(r.status)) + "</td><td>" + html_escape(text.refutation) +
            "</td><td class=\"line\">" + html_escape(line_text(report, i)) + "</td><td class=\"number\">" +
            (proven ? std::to_string(r.proof_nodes) : "") +
            "</td><td class=\"number\">" + (proven ? std::to_string(r.proof_depth) : "") +
            "</td><td class=\"number\">" + std::to_string(r.jobs) + "</td><td class=\"number\">" +
            std::to_string(r.nodes) + "</td><td class=\"number\">" + fixed(r.seconds, 2) + "</td><td>" +
            html_escape(report.proof_files[i]) + "</td></tr>\n";
  }
  body += "</table>\n";
  body += "<p class=\"legend\">Below, each turn's two questions as top trees, their first levels; a turn still "
          "open shows two numbers. pn, its proof number: at least how many positions below it must still be "
          "proven won for the side asked about to prove it; the smaller, the nearer a proof. dn, its disproof "
          "number: at least how many must still be shown not won to refute it.</p>\n";
  for (size_t i = 0; i < report.results.size(); ++i) {
    const MoveResult& r = report.results[i];
    body += "<section class=\"solution\" id=\"t" + std::to_string(i + 1) + "\"><h3>" +
            html_escape(move_text(explorer, i, r).turn + ": " + std::string(explore::move_status_name(r.status))) +
            "</h3>\n";
    for (const Question q : {Question::OpponentWins, Question::MoverWins}) {
      const TopTree& tree = explorer.tree(i, q);
      const std::string question = color_name(tree.attacker()) + " wins?";
      const std::string verdict = tree.proven() ? "yes" : tree.decided() ? "no" : "open";
      body += "<p>" + html_escape(question + " " + verdict + " (" + std::to_string(tree.size()) + " nodes in the top tree)") +
              "</p>\n<ul class=\"tree\">\n";
      tree_items(tree, 0, explorer.after(i), 0, body);
      body += "</ul>\n";
    }
    body += "</section>\n";
  }
  return html_page(title, body);
}

}  // namespace dm::report
