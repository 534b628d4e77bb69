#include "rules/variant.h"

#include <algorithm>
#include <array>

namespace dm {

namespace {

using enum PieceType;

constexpr std::string_view kOrthodoxStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
constexpr std::string_view kLosingStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
constexpr std::string_view kMainzerStart =
    "rjbbqkmnnjr/ppppppppppp/11/11/11/11/PPPPPPPPPPP/RJBBQKMNNJR w KQkq - 0 1";

Variant orthodox() {
  Variant v;
  v.name = "chess";
  v.start_fen = kOrthodoxStart;
  v.pieces = {Pawn, Knight, Bishop, Rook, Queen, King};
  v.promotions = {Queen, Rook, Bishop, Knight};
  return v;
}

Variant marseillais(std::string_view name, bool balanced) {
  Variant v = orthodox();
  v.name = name;
  v.moves_per_turn = 2;
  v.balanced_start = balanced;
  v.multi_move_options = true;
  return v;
}

Variant doublemove() {
  Variant v = marseillais("doublemove", true);
  v.king_rule = KingRule::Capturable;
  return v;
}

Variant bennekom() {
  Variant v = marseillais("bennekom", true);
  v.later_moves.same_piece = true;
  return v;
}

// rules-extramove-progressive.md 6a.
Variant extramove() {
  Variant v = orthodox();
  v.name = "extramove";
  v.moves_per_turn = 2;
  v.balanced_start = true;
  v.balanced_at_move_one = true;
  v.check_in_turn = CheckInTurn::Continues;
  v.later_moves = {.optional = true, .other_piece = true, .quiet = true, .two_steps_only_later = true};
  return v;
}

// rules-extramove-progressive.md 6b.
Variant progressive(std::string_view name, CheckInTurn checks) {
  Variant v = orthodox();
  v.name = name;
  v.turn_length = TurnLength::Growing;
  v.check_in_turn = checks;
  v.chained_en_passant = false;
  return v;
}

Variant antichess() {
  Variant v = orthodox();
  v.name = "antichess";
  v.start_fen = kLosingStart;
  v.promotions = {Queen, Rook, Bishop, Knight, King};
  v.king_rule = KingRule::Ordinary;
  v.castling.allowed = false;
  v.compulsory_capture = true;
  v.stalemate_value = TerminalValue::Win;
  v.losing_options = true;
  return v;
}

Variant losing_marseillais() {
  Variant v = antichess();
  v.name = "losing-marseillais";
  v.moves_per_turn = 2;
  v.balanced_start = true;
  v.multi_move_options = true;
  return v;
}

Variant mainzer() {
  Variant v;
  v.name = "mainzer";
  v.files = 11;
  v.start_fen = kMainzerStart;
  v.pieces = {Pawn, Knight, Bishop, Rook, Queen, King, Janus, Marshall, Amazon};
  v.promotions = {Amazon, Marshall, Queen, Rook, Janus, Knight, Bishop};
  v.castling.queen_side_inset = 1;
  v.stalemate_value = TerminalValue::Win;
  return v;
}

// 10x8 and 8x8 variants whose published Fairy-Stockfish perft numbers check the fairy pieces and
// castling geometry on other boards (testdata/perft/fsf_perft.tsv).
Variant reference(std::string_view name, int files, std::string_view start, PieceType fairy1, PieceType fairy2,
                  int queen_side_inset, int king_side_inset) {
  Variant v = orthodox();
  v.name = name;
  v.files = files;
  v.start_fen = start;
  v.pieces.push_back(fairy1);
  if (fairy2 != fairy1) v.pieces.push_back(fairy2);
  PieceTypeList promotions{fairy1};  // the fairy pieces first, then the orthodox ones
  if (fairy2 != fairy1) promotions.push_back(fairy2);
  for (const PieceType t : v.promotions) promotions.push_back(t);
  v.promotions = promotions;
  v.castling.king_side_inset = king_side_inset;
  v.castling.queen_side_inset = queen_side_inset;
  v.reference_only = true;
  return v;
}

const std::vector<Variant>& all_variants() {
  static const std::vector<Variant> variants = {
      orthodox(),  marseillais("marseillais", true), marseillais("marseillais-classical", false),
      doublemove(), bennekom(), antichess(), losing_marseillais(), mainzer(), extramove(),
      progressive("progressive-italian", CheckInTurn::LastMoveOnly),
      progressive("progressive-scottish", CheckInTurn::EndsTurn),
      reference("janus", 10, "rjnbkqbnjr/pppppppppp/10/10/10/10/PPPPPPPPPP/RJNBKQBNJR w KQkq - 0 1", Janus, Janus, 1, 1),
      reference("capablanca", 10, "rnjbqkbmnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNJBQKBMNR w KQkq - 0 1", Janus,
                Marshall, 2, 1),
      reference("embassy", 10, "rnbqkmjbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKMJBNR w KQkq - 0 1", Janus,
                Marshall, 1, 2),
      reference("amazon", 8, "rnbakbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1", Amazon, Amazon, 2, 1),
  };
  return variants;
}

template <typename Enum, size_t N>
std::optional<Enum> lookup(const std::array<std::pair<std::string_view, Enum>, N>& table,
                           std::string_view word) {
  for (const auto& [name, value] : table) {
    if (name == word) return value;
  }
  return std::nullopt;
}

template <typename Enum, size_t N>
std::string_view name_of(const std::array<std::pair<std::string_view, Enum>, N>& table, Enum value) {
  for (const auto& [name, v] : table) {
    if (v == value) return name;
  }
  return "?";
}

template <typename Enum, size_t N>
std::string choices(const std::array<std::pair<std::string_view, Enum>, N>& table) {
  std::string result;
  for (const auto& [name, value] : table) {
    if (!result.empty()) result += '|';
    result += name;
  }
  return result;
}

constexpr std::array<std::pair<std::string_view, EnPassantRule>, 3> kEnPassantNames = {{
    {"any", EnPassantRule::Any}, {"second", EnPassantRule::Second}, {"none", EnPassantRule::None}}};
constexpr std::array<std::pair<std::string_view, NoSecondMoveRule>, 2> kNoSecondMoveNames = {{
    {"stalemate", NoSecondMoveRule::Stalemate}, {"pass", NoSecondMoveRule::Pass}}};
constexpr std::array<std::pair<std::string_view, LosingStalemateRule>, 3> kStalemateNames = {{
    {"win", LosingStalemateRule::Win}, {"fewer-pieces", LosingStalemateRule::FewerPieces},
    {"draw", LosingStalemateRule::Draw}}};

template <typename Enum, size_t N>
std::optional<std::string> set_option(Enum& field, const std::array<std::pair<std::string_view, Enum>, N>& table,
                                      std::string_view key, std::string_view value) {
  if (const auto parsed = lookup(table, value)) {
    field = *parsed;
    return std::nullopt;
  }
  return "rule option '" + std::string(key) + "': unknown value '" + std::string(value) +
         "' (expected " + choices(table) + ")";
}

}  // namespace

bool Variant::allows(PieceType t) const {
  return std::find(pieces.begin(), pieces.end(), t) != pieces.end();
}

// White's first rank is full of pieces in every array, so the king's place in that rank's
// letters is its file.
int Variant::king_home_file() const {
  const std::string_view board = start_fen.substr(0, start_fen.find(' '));
  const size_t first_rank = board.rfind('/') + 1;
  return int(board.find('K', first_rank) - first_rank);
}

bool Variant::two_step_ends_turn() const {
  if (!is_multi_move()) return true;
  return turn_length == TurnLength::Fixed && moves_per_turn == 2 && later_moves.two_steps_only_later;
}

std::string Variant::describe_options() const {
  std::string text;
  auto add = [&text](std::string_view key, std::string_view value) {
    if (!text.empty()) text += ' ';
    text += std::string(key) + "=" + std::string(value);
  };
  if (multi_move_options) {
    add("ep", name_of(kEnPassantNames, options.en_passant));
    add("no-second-move", name_of(kNoSecondMoveNames, options.no_second_move));
  }
  if (losing_options) add("stalemate", name_of(kStalemateNames, options.stalemate));
  return text;
}

namespace {

template <typename Enum, size_t N>
RuleOptionChoice choice_of(std::string_view key, const std::array<std::pair<std::string_view, Enum>, N>& table,
                           Enum value) {
  RuleOptionChoice choice{key, {}, name_of(table, value)};
  for (const auto& entry : table) choice.values.push_back(entry.first);
  return choice;
}

}  // namespace

std::vector<RuleOptionChoice> rule_option_choices(const Variant& variant) {
  std::vector<RuleOptionChoice> choices;
  if (variant.multi_move_options) {
    choices.push_back(choice_of("ep", kEnPassantNames, variant.options.en_passant));
    choices.push_back(choice_of("no-second-move", kNoSecondMoveNames, variant.options.no_second_move));
  }
  if (variant.losing_options) choices.push_back(choice_of("stalemate", kStalemateNames, variant.options.stalemate));
  return choices;
}

std::optional<Variant> find_variant(std::string_view name) {
  for (const auto& v : all_variants()) {
    if (v.name == name) return v;
  }
  return std::nullopt;
}

std::vector<std::string_view> variant_names() {
  std::vector<std::string_view> names;
  for (const auto& v : all_variants()) names.push_back(v.name);
  return names;
}

std::optional<std::string> apply_rule_option(Variant& variant, std::string_view key_value) {
  const auto equals = key_value.find('=');
  if (equals == std::string_view::npos) {
    return "rule option '" + std::string(key_value) + "': expected KEY=VALUE";
  }
  const std::string_view key = key_value.substr(0, equals);
  const std::string_view value = key_value.substr(equals + 1);
  const std::string not_for = "rule option '" + std::string(key) + "' does not apply to variant '" +
                              std::string(variant.name) + "'";
  if (key == "ep") {
    if (!variant.multi_move_options) return not_for;
    return set_option(variant.options.en_passant, kEnPassantNames, key, value);
  }
  if (key == "no-second-move") {
    if (!variant.multi_move_options) return not_for;
    return set_option(variant.options.no_second_move, kNoSecondMoveNames, key, value);
  }
  if (key == "stalemate") {
    if (!variant.losing_options) return not_for;
    return set_option(variant.options.stalemate, kStalemateNames, key, value);
  }
  return "unknown rule option '" + std::string(key) + "' (known: ep, no-second-move, stalemate)";
}

Expected<Variant> make_variant(std::string_view name, const std::vector<std::string>& rules) {
  auto variant = find_variant(name);
  if (!variant) {
    std::string known;
    for (const auto v : variant_names()) known += (known.empty() ? "" : ", ") + std::string(v);
    return Expected<Variant>::failure("variant: unknown variant '" + std::string(name) + "' (known: " + known + ")");
  }
  for (const auto& rule : rules) {
    if (const auto error = apply_rule_option(*variant, rule)) return Expected<Variant>::failure("rule: " + *error);
  }
  return *variant;
}

}  // namespace dm
