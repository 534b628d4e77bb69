#include "solver/report/turn_text.h"

#include <deque>

#include "rules/outcome.h"

namespace dm::report {

Position after_turn(const Position& pos, const Turn& turn) {
  Position copy = pos;
  std::deque<StateInfo> states;
  for (const Move m : turn) copy.do_move(m, states.emplace_back());
  return Position(copy);  // a copy starts its own chain from the current state
}

problem::Line played_line(const problem::Line& line, const problem::Stipulation& stipulation) {
  if (!stipulation.is_series()) return line;
  problem::Line played;
  const size_t series_turns = line.size() - (stipulation.play == problem::Play::Series ? 0 : 1);
  for (size_t i = 0; i < line.size(); ++i) {
    if (i > 0 && i < series_turns) played.push_back({Move::pass()});
    played.push_back(line[i]);
  }
  return played;
}

bool is_pass(const Turn& turn) { return turn.size() == 1 && turn.front().kind() == MoveKind::Pass; }

std::string ending_mark(const Position& pos, const Turn& turn, const std::string& san, tree::Ending ending) {
  switch (ending) {
    case tree::Ending::None: return "";
    case tree::Ending::Mate: return !san.empty() && san.back() == '#' ? "" : "#";
    case tree::Ending::Stalemate: return " =";
    case tree::Ending::KingCapture: return " (king captured)";
    case tree::Ending::Win: {
      const Position after = after_turn(pos, turn);
      const Outcome o = outcome(after);
      if (!o.is_over()) {
        // The side to move has no way through its turn and wins however it ends (L3, L4).
        const std::string winner = after.side_to_move() == Color::White ? "White" : "Black";
        return " (no way through the turn, " + winner + " wins)";
      }
      const std::string winner = o.result == GameResult::WhiteWins ? "White" : "Black";
      return " (" + std::string(o.reason) + ", " + winner + " wins)";
    }
  }
  return "";
}

std::string turn_san(const Position& pos, const Turn& turn, tree::Ending ending) {
  const std::string san = turn_to_san(pos, turn);
  return san + ending_mark(pos, turn, san, ending);
}

std::string_view ending_name(tree::Ending ending) {
  switch (ending) {
    case tree::Ending::None: return "none";
    case tree::Ending::Mate: return "mate";
    case tree::Ending::Stalemate: return "stalemate";
    case tree::Ending::KingCapture: return "king-capture";
    case tree::Ending::Win: return "win";
  }
  return "none";
}

std::string variant_label(const tree::SolutionTree& tree) {
  return tree.rule_options.empty() ? tree.variant : tree.variant + " (" + tree.rule_options + ")";
}

}  // namespace dm::report
