#include "solver/puzzle/popeye_pieces.h"

#include <algorithm>
#include <cctype>

namespace dm::puzzle::popeye {

namespace {

// A word split where Popeye splits it: the piece name (one letter when the length is odd, two
// when even) and what follows.
struct ManWord {
  std::string_view name;
  std::string_view squares;
};

ManWord split_man(std::string_view word) {
  const size_t name_length = word.size() % 2 == 1 ? 1 : 2;
  return {word.substr(0, name_length), word.substr(std::min(name_length, word.size()))};
}

std::string unknown_piece(Language language, std::string_view name, const Word& word) {
  return "unknown piece " + quoted(name) + (name.size() == word.text.size() ? "" : " in " + quoted(word.text)) +
         " (pieces: " + std::string(piece_names(language)) + ")";
}

std::optional<Flaw> put_all(const std::vector<Cell>& cells, Color color, PieceType type, int line,
                            const std::string& what, const PutMan& put) {
  for (const Cell cell : cells) {
    if (auto why = put(cell, Man{color, type, line})) return Flaw{line, what + ": " + *why};
  }
  return std::nullopt;
}

// The men after a colour word, up to the first word that is none.
std::optional<Flaw> read_men(WordReader& words, Language language, Color color, const std::string& what,
                             const PutMan& put) {
  for (bool first = true;; first = false) {
    const Word* next = words.peek();
    if (!next) return std::nullopt;
    const ManWord man = split_man(next->text);
    const auto type = find_piece(language, man.name);
    if (!man.squares.empty()) {
      const auto cells = parse_cells(man.squares);
      if (!cells && first && !is_keyword(language, next->text) && !find_colour(language, next->text).any()) {
        return Flaw{next->line, what + ": expected a piece and its squares, not " + quoted(next->text) +
                                    " (piece attributes are not supported)"};
      }
      if (!cells) return std::nullopt;  // no man: the next command's word
      if (!type) return Flaw{next->line, what + ": " + unknown_piece(language, man.name, *next)};
      const Word word = words.take();
      if (auto flaw = put_all(*cells, color, *type, word.line, what, put)) return flaw;
      continue;
    }
    if (!type) {
      // A name alone is an unknown piece where it follows the colour, or squares follow it and
      // it is no keyword.
      const auto after = words.peek_second();
      const bool keyword = is_keyword(language, next->text) || find_twin_change(language, next->text).any();
      if (!first && (keyword || !(after && parse_cells(after->text)))) return std::nullopt;
      return Flaw{next->line, what + ": " + unknown_piece(language, man.name, *next)};
    }
    const Word name = words.take();
    const Word* squares = words.peek();
    const auto cells = squares ? parse_cells(squares->text) : std::nullopt;
    if (!cells) return Flaw{name.line, what + ": " + quoted(name.text) + " without its squares"};
    const Word list = words.take();
    if (auto flaw = put_all(*cells, color, *type, list.line, what, put)) return flaw;
  }
}

}  // namespace

std::optional<Flaw> read_pieces(WordReader& words, Language language, const std::string& what, const PutMan& put) {
  for (bool first = true;; first = false) {
    const Word* next = words.peek();
    const auto colour = next ? find_colour(language, next->text) : Match<Colour>{};
    if (!colour.keyword) {
      if (!first) return std::nullopt;
      const int line = next ? next->line : words.line();
      return Flaw{line, what + ": expected a colour (white or black), not " + (next ? quoted(next->text) : "the end")};
    }
    const Word word = words.take();
    if (*colour.keyword != Colour::White && *colour.keyword != Colour::Black) {
      return Flaw{word.line, what + ": " + quoted(word.text) + " pieces are not supported (only white and black)"};
    }
    const Color color = *colour.keyword == Colour::White ? Color::White : Color::Black;
    if (auto flaw = read_men(words, language, color, what, put)) return flaw;
  }
}

std::optional<Flaw> read_forsyth(const Word& word, Language language, int files, Board& board) {
  const std::string& text = word.text;
  const auto flaw = [&](const std::string& why) { return Flaw{word.line, "forsyth " + quoted(text) + ": " + why}; };
  int square = 0;  // from a8, rank by rank
  const int squares = files * kRanks;
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int run = c - '0';
      if (++i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) run = 10 * run + (text[i++] - '0');
      square += run;
      continue;
    }
    if (c == '/') {
      ++i;
      continue;
    }
    std::optional<Color> color;
    if (c == '+' || c == '-') {
      color = c == '+' ? Color::White : Color::Black;
      ++i;
    }
    const bool two_letters = i < text.size() && text[i] == '.';
    if (two_letters) ++i;
    const size_t length = two_letters ? 2 : 1;
    if (i + length > text.size()) return flaw("a piece is cut short at its end");
    const std::string_view name = std::string_view(text).substr(i, length);
    const auto type = find_piece(language, name);
    if (!type) return flaw("unknown piece " + quoted(name) + " (pieces: " + std::string(piece_names(language)) + ")");
    if (!color) color = std::isupper(static_cast<unsigned char>(name[0])) ? Color::White : Color::Black;
    if (square >= squares) return flaw("more than " + std::to_string(squares) + " squares");
    const Cell cell{square % files, kRanks - 1 - square / files};
    if (auto why = board.place(cell, Man{*color, *type, word.line})) return flaw(*why);
    ++square;
    i += length;
  }
  if (square > squares) return flaw("more than " + std::to_string(squares) + " squares");
  return std::nullopt;
}

}  // namespace dm::puzzle::popeye
