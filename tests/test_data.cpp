#include "test_data.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "rules/movetext.h"

namespace dm::test {

std::string testdata_path(std::string_view relative) {
  return std::string(DMSOLVE_TESTDATA_DIR) + "/" + std::string(relative);
}

std::string tests_path(std::string_view relative) {
  return std::string(DMSOLVE_TESTS_DIR) + "/" + std::string(relative);
}

std::optional<std::vector<std::string>> read_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
  }
  return lines;
}

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    parts.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + 1;
  }
}

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

std::string trim(std::string_view text) {
  const size_t first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return "";
  const size_t last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

Variant variant_named(std::string_view name) {
  const auto variant = find_variant(name);
  INFO("variant " << name);
  REQUIRE(variant);
  return *variant;
}

Variant variant_with(std::string_view name, const std::vector<std::string_view>& options) {
  Variant variant = variant_named(name);
  for (const auto option : options) {
    INFO("rule option " << option);
    REQUIRE_FALSE(apply_rule_option(variant, option));
  }
  return variant;
}

Position position_of(const Variant& variant, std::string_view fen) {
  Position pos;
  const auto error = pos.set(variant, fen);
  INFO(variant.name << " FEN " << fen << ": " << (error ? error->to_string() : std::string("ok")));
  REQUIRE_FALSE(error);
  return pos;
}

Position position_of(std::string_view variant, std::string_view fen) {
  return position_of(variant_named(variant), fen);
}

std::string board_field(std::string_view squares, int files, int ranks) {
  std::string fen;
  for (int rank = ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < files; ++file) {
      const char c = squares[size_t(rank * files + file)];
      if (c == '.') {
        ++empty;
        continue;
      }
      if (empty) fen += std::to_string(empty);
      empty = 0;
      fen += c;
    }
    if (empty) fen += std::to_string(empty);
    if (rank) fen += '/';
  }
  return fen;
}

Game play(const Position& pos, std::string_view movetext) {
  Game game(pos);
  const auto error = play_movetext(game, movetext);
  INFO(movetext << (error ? " -> " + *error : ""));
  REQUIRE_FALSE(error);
  return game;
}

}  // namespace dm::test
