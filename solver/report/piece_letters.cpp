#include "solver/report/piece_letters.h"

#include <array>

#include "rules/piece.h"

namespace dm::report {

namespace {

// Each kind's name outside SAN, as Popeye writes it in English, German and French (SAN's own
// letters come from the rules' piece descriptions).
struct Names {
  PieceType type;
  std::string_view english;
  std::string_view german;
  std::string_view french;
};

constexpr std::array<Names, 9> kNames = {{
    {PieceType::King, "K", "K", "R"},
    {PieceType::Queen, "Q", "D", "D"},
    {PieceType::Rook, "R", "T", "T"},
    {PieceType::Bishop, "B", "L", "F"},
    {PieceType::Knight, "S", "S", "C"},
    {PieceType::Pawn, "P", "B", "P"},
    {PieceType::Janus, "PR", "PR", "PR"},
    {PieceType::Marshall, "EM", "KN", "IM"},
    {PieceType::Amazon, "AM", "AM", "AM"},
}};

// The command-line names of the letter sets, in PieceLetters order.
constexpr std::array<std::string_view, 4> kOptionNames = {"san", "en", "de", "fr"};

}  // namespace

std::optional<PieceLetters> piece_letters_named(std::string_view name) {
  for (size_t i = 0; i < kOptionNames.size(); ++i) {
    if (kOptionNames[i] == name) return PieceLetters(i);
  }
  return std::nullopt;
}

std::string_view piece_name(PieceType type, PieceLetters letters) {
  if (letters == PieceLetters::San) {
    const PieceDescription& piece = describe(type);
    return {&piece.letter, 1};
  }
  for (const Names& names : kNames) {
    if (names.type != type) continue;
    switch (letters) {
      case PieceLetters::English: return names.english;
      case PieceLetters::German: return names.german;
      case PieceLetters::French: return names.french;
      case PieceLetters::San: break;
    }
  }
  return "?";
}

std::string localized_san(std::string_view san, PieceLetters letters) {
  if (letters == PieceLetters::San) return std::string(san);
  std::string out;
  for (const char c : san) {
    const PieceType type = c >= 'A' && c <= 'Z' ? piece_type_from_letter(c) : PieceType::None;
    if (type == PieceType::None) {
      out += c;
    } else {
      out += piece_name(type, letters);
    }
  }
  return out;
}

}  // namespace dm::report
