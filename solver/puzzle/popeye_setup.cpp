#include "solver/puzzle/popeye_setup.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <utility>

#include "rules/piece.h"
#include "rules/variant.h"
#include "solver/puzzle/popeye_keywords.h"

namespace dm::puzzle::popeye {

namespace {

// h#N (or h=N) started by White, as Popeye reads whitetoplay: h#(N-1).5; the text unchanged
// when it has no plain length.
std::string shortened(const std::string& help) {
  const size_t digits = help.find_first_of("0123456789");
  if (digits == std::string::npos) return help;
  int n = 0;
  const auto [end, error] = std::from_chars(help.data() + digits, help.data() + help.size(), n);
  if (error != std::errc() || end != help.data() + help.size() || n < 1) return help;
  return help.substr(0, digits) + std::to_string(n - 1) + ".5";
}

std::string castling_field(const Board& board, const Variant& variant, const std::vector<Cell>& no_castling) {
  if (!variant.castling.allowed) return "-";
  const auto stands = [&](Cell cell, Color color, PieceType type) {
    const auto it = board.men().find(cell);
    const bool lost = std::find(no_castling.begin(), no_castling.end(), cell) != no_castling.end();
    return !lost && it != board.men().end() && it->second.color == color && it->second.type == type;
  };
  std::string out;
  for (const Color color : {Color::White, Color::Black}) {
    const int back = color == Color::White ? 0 : kRanks - 1;
    if (!stands(Cell{variant.king_home_file(), back}, color, PieceType::King)) continue;
    const bool white = color == Color::White;
    if (stands(Cell{variant.files - 1, back}, color, PieceType::Rook)) out += white ? 'K' : 'k';
    if (stands(Cell{0, back}, color, PieceType::Rook)) out += white ? 'Q' : 'q';
  }
  return out.empty() ? "-" : out;
}

// Every man stands on the variant's board and exists in it, and a side with royal kings has
// one at most (the FEN reader says when one is missing).
std::optional<Flaw> check_men(const Board& board, const Variant& variant) {
  std::array<std::vector<std::pair<Cell, Man>>, 2> kings;
  for (const auto& [cell, man] : board.men()) {
    if (cell.file >= variant.files) {
      return Flaw{man.line, "square " + cell_name(cell) + " is not on the board of " + std::string(variant.name)};
    }
    if (!variant.allows(man.type)) {
      return Flaw{man.line, "piece " + std::string(piece_name(man.type)) + " (" + std::string(describe(man.type).name) +
                                ") does not exist in " + std::string(variant.name)};
    }
    if (man.type == PieceType::King) kings[index(man.color)].push_back({cell, man});
  }
  if (variant.king_rule == KingRule::Ordinary) return std::nullopt;
  for (const Color color : {Color::White, Color::Black}) {
    auto& own = kings[index(color)];
    if (own.size() < 2) continue;
    std::sort(own.begin(), own.end(), [](const auto& a, const auto& b) { return a.second.line < b.second.line; });
    std::string squares;
    for (const auto& [cell, man] : own) squares += (squares.empty() ? "" : " and ") + cell_name(cell);
    return Flaw{own.back().second.line,
                std::string(color == Color::White ? "White" : "Black") + " has " + std::to_string(own.size()) +
                    " kings (" + squares + ")"};
  }
  return std::nullopt;
}

std::string position_error(const FenError& error) {
  if (error.field == "board" || error.field == "side") return "position: " + error.message;
  return "position: " + error.field + ": " + error.message;
}

}  // namespace

Roles roles_of(const std::string& stipulation, const ProblemSettings& settings) {
  Roles roles{lowercase(stipulation), Color::White};
  const std::string& text = roles.stipulation;
  if (text.starts_with("ser-")) {
    if (text.starts_with("ser-h")) roles.to_move = Color::Black;
  } else if (text.starts_with("h") && !text.ends_with(".5")) {
    if (settings.white_to_play) {
      roles.stipulation = shortened(text);
    } else {
      roles.to_move = Color::Black;
    }
  }
  if (settings.half_duplex) roles.to_move = ~roles.to_move;
  return roles;
}

std::optional<Flaw> make_puzzle(const TwinState& twin, const ProblemSettings& settings, int line, Puzzle& out) {
  const auto variant = make_variant(twin.variant.variant, twin.variant.rules);
  if (!variant) return Flaw{twin.variant.line, "condition: " + variant.error()};
  if (auto flaw = check_men(twin.board, *variant)) return flaw;
  if (twin.stipulation.text.empty()) return Flaw{line, "no stipulation"};
  const Roles roles = roles_of(twin.stipulation.text, settings);
  const auto stipulation = problem::parse_stipulation(roles.stipulation);
  if (!stipulation) return Flaw{twin.stipulation.line, stipulation.error()};
  std::string ep;
  for (const Cell cell : settings.en_passant) ep += cell_name(cell);
  const std::string fen = twin.board.fen_board(variant->files) + (roles.to_move == Color::White ? " w " : " b ") +
                          castling_field(twin.board, *variant, settings.no_castling) + " " +
                          (ep.empty() ? "-" : ep) + " 0 1";
  if (const auto error = out.position.set(*variant, fen)) {
    return Flaw{error->field == "e.p." ? settings.en_passant_line : line, position_error(*error)};
  }
  out.rules = twin.variant.rules;
  out.stipulation = *stipulation;
  out.title = settings.title;
  out.author = settings.author;
  out.source = settings.source;
  out.comments = settings.remarks;
  out.show = settings.show;
  return std::nullopt;
}

}  // namespace dm::puzzle::popeye
