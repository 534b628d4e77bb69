#include "solver/report/pgn_format.h"

#include <algorithm>

#include "solver/report/solution_rows.h"
#include "solver/report/turn_text.h"
#include "solver/tree/tree_turns.h"

namespace dm::report {

namespace {

using tree::AttackNode;
using tree::Ending;

constexpr size_t kLineWidth = 79;

// One turn of the movetext with its alternatives' continuations: `next` holds the turns that
// may follow it, the first being the main continuation and the others its variations.
struct MoveNode {
  Turn turn;
  Position before;
  std::string suffix;   // "!" or "?"
  std::string comment;  // written after the turn, in braces
  std::vector<MoveNode> next;
};

std::string ending_comment(Ending ending) {
  switch (ending) {
    case Ending::Stalemate: return "stalemate";
    case Ending::KingCapture: return "king captured";
    case Ending::Win: return "win";
    case Ending::Mate:
    case Ending::None: return "";
  }
  return "";
}

// "1 more turn", "3 more turns".
std::string more(size_t count, const std::string& what) {
  return std::to_string(count) + " more " + what + (count == 1 ? "" : "s");
}

std::string joined(const std::string& a, const std::string& b) {
  return a.empty() ? b : b.empty() ? a : a + "; " + b;
}

class TreeToMoves {
 public:
  explicit TreeToMoves(const FormatOptions& options) : options_(options) {}

  // An attacker turn (its duals come after it as its variations).
  // n is the attacker's turn number in problemist counting (the threat's comment uses it).
  std::vector<MoveNode> attack(const AttackNode& node, const Position& pos, std::string suffix, int n) const {
    std::vector<MoveNode> nodes;
    const bool multi_move = pos.variant().is_multi_move();
    MoveNode main{node.turn, pos, std::move(suffix), ending_comment(node.ending), {}};
    const Position after = after_turn(pos, node.turn);
    if (!node.threats.empty()) {
      // Threats are played as if the defender passed its turn.
      if (const auto passed = tree::passed_position(after)) {
        std::string threats;
        for (const AttackNode& threat : node.threats) {
          threats += " " + std::to_string(n + 1) + "." + turn_san(*passed, threat.turn, threat.ending);
        }
        main.comment = joined(main.comment, "threat:" + threats);
      }
    }
    for (const tree::DefenceGroup& group : node.defences) {
      const size_t count = group.turns.size();
      const size_t shown = options_.lists_each(count, multi_move) ? count : options_.shown(count);
      for (size_t i = 0; i < shown; ++i) {
        MoveNode defence{group.turns[i], after, "", ending_comment(group.ending), {}};
        if (i + 1 == shown && shown < count) {
          defence.comment = joined(defence.comment, "and " + more(count - shown, "turn") + " with this answer");
        }
        if (!group.answer.empty()) defence.next = attack(group.answer.front(), after_turn(after, group.turns[i]), "", n + 1);
        main.next.push_back(std::move(defence));
      }
    }
    nodes.push_back(std::move(main));
    const size_t count = node.duals.size();
    const size_t shown = options_.lists_each(count, multi_move) ? count : options_.shown(count);
    for (size_t i = 0; i < shown; ++i) {
      std::string comment = "dual";
      if (i + 1 == shown && shown < count) comment += "; and " + more(count - shown, "dual");
      nodes.push_back({node.duals[i], pos, "", comment, {}});
    }
    return nodes;
  }

  MoveNode try_node(const tree::Try& t, const Position& pos) const {
    MoveNode node = std::move(attack(t.play, pos, "?", 1).front());
    if (t.stalemates && t.play.ending != Ending::Stalemate) node.comment = joined(node.comment, "stalemate");
    const Position after = after_turn(pos, t.play.turn);
    for (const tree::Refutation& r : t.refutations) {
      const std::string how = r.ending == Ending::Stalemate ? "refutation by stalemate" : "refutation";
      node.next.push_back({r.turn, after, "!", how, {}});
    }
    return node;
  }

  // Help-play lines merged into one tree where they share their first turns.
  static void add_line(std::vector<MoveNode>& nodes, const problem::Line& line, size_t i, const Position& pos,
                       const problem::Stipulation& stipulation) {
    if (i == line.size()) return;
    auto it = std::find_if(nodes.begin(), nodes.end(), [&](const MoveNode& n) { return n.turn == line[i]; });
    if (it == nodes.end()) {
      nodes.push_back({line[i], pos, "", "", {}});
      it = nodes.end() - 1;
    }
    const Position after = after_turn(pos, line[i]);
    if (i + 1 == line.size()) it->comment = ending_comment(tree::ending_of(after, stipulation, pos.side_to_move()));
    add_line(it->next, line, i + 1, after, stipulation);
  }

 private:
  const FormatOptions& options_;
};

// Writes movetext tokens, wrapping lines at kLineWidth.
class MovetextWriter {
 public:
  // "(" waits for the token after it and ")" joins the one before, so no line starts with ")"
  // or ends with "(".
  void token(const std::string& text) {
    if (text == "(") {
      ++opened_;
      return;
    }
    if (text == ")") {
      line_ += text;
      return;
    }
    const std::string word = std::string(size_t(opened_), '(') + text;
    opened_ = 0;
    if (!line_.empty() && line_.size() + 1 + word.size() > kLineWidth) {
      out_ += line_ + '\n';
      line_.clear();
    }
    if (!line_.empty()) line_ += ' ';
    line_ += word;
  }
  // The turns of `alternatives` (main first) and everything after them.
  void write(const std::vector<MoveNode>& alternatives, bool number_needed) {
    if (alternatives.empty()) return;
    const MoveNode& main = alternatives.front();
    write_turn(main, number_needed);
    for (size_t i = 1; i < alternatives.size(); ++i) {
      token("(");
      write_turn(alternatives[i], true);
      write(alternatives[i].next, false);
      token(")");
    }
    write(main.next, alternatives.size() > 1 || !main.comment.empty());
  }
  std::string finish() {
    token("*");
    return out_ + line_ + '\n';
  }

 private:
  void write_turn(const MoveNode& node, bool number_needed) {
    const bool white = node.before.side_to_move() == Color::White;
    const std::string number = std::to_string(node.before.fullmove_number());
    std::string text;
    if (white) text = number + ".";
    else if (number_needed) text = number + "...";
    text += turn_to_san(node.before, node.turn) + node.suffix;
    token(text);
    if (!node.comment.empty()) token("{" + node.comment + "}");
  }

  std::string out_;
  std::string line_;
  int opened_ = 0;
};

std::string tag(const std::string& name, const std::string& value) {
  std::string escaped;
  for (const char c : value) {
    if (c == '"' || c == '\\') escaped += '\\';
    escaped += c;
  }
  return "[" + name + " \"" + escaped + "\"]\n";
}

}  // namespace

std::string write_pgn(const tree::SolutionTree& tree, const FormatOptions& options) {
  const std::string stipulation = tree.stipulation.to_string();
  std::string out;
  out += tag("Event", options.id.empty() ? "dmsolve " + stipulation : options.id);
  out += tag("Site", "?") + tag("Date", "????.??.??") + tag("Round", "?") + tag("White", "?") + tag("Black", "?");
  out += tag("Result", "*");
  out += tag("Variant", tree.variant);
  if (!tree.rule_options.empty()) out += tag("VariantOptions", tree.rule_options);
  out += tag("FEN", tree.position.fen()) + tag("SetUp", "1");
  out += tag("Stipulation", stipulation);
  // Help play: who begins and who reaches the goal ("Black begins, White mates").
  if (const std::string play = who_plays(tree); !play.empty()) out += tag("Play", play);
  for (auto [name, value] : options.labels.fields()) {
    name[0] = char(name[0] - 'a' + 'A');  // PGN tags are capitalised: Title, Author, Source, Twin
    out += tag(name, value);
  }
  out += tag("Annotator", "dmsolve");
  out += '\n';

  const TreeToMoves builder(options);
  std::vector<MoveNode> roots;
  if (tree.stipulation.has_lines()) {
    // Series lines with the other side's passes as null moves ("--").
    for (const problem::Line& line : tree.solutions) {
      TreeToMoves::add_line(roots, played_line(line, tree.stipulation), 0, tree.position, tree.stipulation);
    }
  } else {
    for (const AttackNode& key : tree.keys) {
      auto nodes = builder.attack(key, tree.position, "!", 1);
      roots.push_back(std::move(nodes.front()));
    }
    for (const tree::DefenceGroup& group : tree.defences) {
      for (const Turn& turn : group.turns) {
        MoveNode lost{turn, tree.position, "", ending_comment(group.ending), {}};
        if (!group.answer.empty()) lost.next = builder.attack(group.answer.front(), after_turn(tree.position, turn), "!", 1);
        roots.push_back(std::move(lost));
      }
    }
    for (const tree::Try& t : tree.tries) roots.push_back(builder.try_node(t, tree.position));
  }

  std::string preface = "status " + std::string(problem::status_name(tree.status));
  // The set play in the preface is SAN too, whatever letters the text would use.
  FormatOptions san = options;
  san.letters = PieceLetters::San;
  const SolutionRows rows = solution_rows(tree, san);
  if (!rows.set_play.empty()) {
    preface += "; set play:";
    for (const Row& row : rows.set_play) preface += " " + row.text;
  }
  MovetextWriter writer;
  writer.token("{" + preface + "}");
  writer.write(roots, true);
  return out + writer.finish();
}

}  // namespace dm::report
