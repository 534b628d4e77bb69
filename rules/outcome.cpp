#include "rules/outcome.h"

#include "rules/movegen.h"

namespace dm {

namespace {

GameResult win_for(Color c) { return c == Color::White ? GameResult::WhiteWins : GameResult::BlackWins; }

GameResult value_for(Color side, TerminalValue value) {
  switch (value) {
    case TerminalValue::Win: return win_for(side);
    case TerminalValue::Loss: return win_for(~side);
    case TerminalValue::Draw: break;
  }
  return GameResult::Draw;
}

}  // namespace

int Outcome::score_for(Color c) const {
  if (result == GameResult::Draw) return 0;
  return result == win_for(c) ? 1 : -1;
}

Outcome outcome(const Position& pos) {
  const Color side = pos.side_to_move();
  const Variant& variant = pos.variant();
  if (king_lost(pos)) return {win_for(~side), "king captured"};
  if (variant.king_rule == KingRule::Ordinary && !pos.pieces(side)) return {win_for(side), "no pieces"};

  if (has_legal_move(pos)) return {};

  if (pos.in_check()) return {win_for(~side), "checkmate"};
  if (variant.losing_options) {
    switch (variant.options.stalemate) {
      case LosingStalemateRule::FewerPieces: {
        const int ours = popcount(pos.pieces(side));
        const int theirs = popcount(pos.pieces(~side));
        return {ours == theirs ? GameResult::Draw : win_for(ours < theirs ? side : ~side), "stalemate"};
      }
      case LosingStalemateRule::Draw: return {GameResult::Draw, "stalemate"};
      case LosingStalemateRule::Win: break;
    }
  }
  return {value_for(side, variant.stalemate_value), "stalemate"};
}

std::string_view result_text(GameResult r) {
  switch (r) {
    case GameResult::WhiteWins: return "1-0";
    case GameResult::BlackWins: return "0-1";
    case GameResult::Draw: return "1/2-1/2";
    case GameResult::Ongoing: break;
  }
  return "*";
}

}  // namespace dm
