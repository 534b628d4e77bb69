#include "solver/puzzle/popeye_problem.h"

#include <algorithm>
#include <cctype>

#include "rules/variant.h"
#include "solver/puzzle/popeye_options.h"
#include "solver/puzzle/popeye_pieces.h"
#include "solver/puzzle/popeye_keywords.h"

namespace dm::puzzle::popeye {

namespace {

bool is_digit(char c) { return std::isdigit(static_cast<unsigned char>(c)); }

// A stipulation's length written apart from its goal: "3", "2.5".
bool is_length(std::string_view text) {
  if (text.ends_with(".5")) text.remove_suffix(2);
  return !text.empty() && std::all_of(text.begin(), text.end(), is_digit);
}

void append(std::string& to, const std::string& text, std::string_view separator) {
  if (text.empty()) return;
  to += (to.empty() ? "" : std::string(separator)) + text;
}

int files_of(const VariantSetting& setting) {
  const auto variant = find_variant(setting.variant);
  return variant ? variant->files : kRanks;
}

bool takes_its_line(Command command) {
  return command == Command::Remark || command == Command::Author || command == Command::Origin ||
         command == Command::Title || command == Command::Award || command == Command::Protocol;
}

class ProblemReader {
 public:
  ProblemReader(WordReader& words, Language language, const std::string& file)
      : words_(words), language_(language), file_(file) {}

  ProblemRead read() {
    ProblemRead out;
    const Word* first = words_.peek();
    out.line = first ? first->line : words_.line();
    line_ = out.line;
    if (auto flaw = read_problem(out)) {
      out.puzzles.clear();
      out.flaw = std::move(flaw);
      out.end = skip_to_end();
    }
    return out;
  }

 private:
  std::optional<Flaw> read_problem(ProblemRead& out) {
    if (auto flaw = read_commands()) return flaw;
    for (const Word& forsyth : forsyth_) {
      if (auto flaw = read_forsyth(forsyth, language_, files_of(diagram_.variant), diagram_.board)) return flaw;
    }
    const Word* next = words_.peek();
    if (!next) return missing_end();
    TwinState last = diagram_;
    const auto start = find_twin_start(language_, next->text).keyword;
    if (start == TwinStart::ZeroPosition) {
      const int line = words_.take().line;
      std::string changes;
      if (auto flaw = read_changes(last, changes)) return flaw;
      if (auto flaw = add_twin(out, last, 0, changes, false, line)) return flaw;
    } else if (auto flaw = add_twin(out, diagram_, start ? 0 : kNoTwins, "", false, line_)) {
      return flaw;
    }
    while ((next = words_.peek()) && find_twin_start(language_, next->text).keyword == TwinStart::Twin) {
      const int line = words_.take().line;
      const Word* first = words_.peek();
      const bool continued = first && find_twin_change(language_, first->text).keyword == TwinChange::Continued;
      if (continued) words_.take();
      TwinState twin = continued ? last : diagram_;
      std::string changes;
      if (auto flaw = read_changes(twin, changes)) return flaw;
      if (auto flaw = add_twin(out, twin, out.puzzles.size(), changes, continued, line)) return flaw;
      last = std::move(twin);
    }
    if (!next) return missing_end();
    const auto end = find_problem_end(language_, next->text).keyword;
    if (!end) {
      const bool zero = find_twin_start(language_, next->text).keyword == TwinStart::ZeroPosition;
      return Flaw{next->line, zero ? "zeroposition comes before the twins" : "unknown twin change " + quoted(next->text)};
    }
    words_.take();
    out.end = end;
    return std::nullopt;
  }

  Flaw missing_end() const {
    return Flaw{words_.line(), "missing '" + std::string(problem_end_name(language_, ProblemEnd::End)) +
                                   "' at the end of the file (the problem begins on line " + std::to_string(line_) +
                                   ")"};
  }

  // The commands, up to the word that ends the problem or starts its twins.
  std::optional<Flaw> read_commands() {
    while (const Word* next = words_.peek()) {
      const auto command = find_command(language_, next->text);
      if (command.ambiguous) return Flaw{next->line, "ambiguous keyword " + quoted(next->text)};
      if (!command.keyword) {
        if (find_problem_end(language_, next->text).keyword || find_twin_start(language_, next->text).keyword) {
          return std::nullopt;
        }
        return Flaw{next->line, "unknown keyword " + quoted(next->text)};
      }
      const Word word = words_.take();
      if (auto flaw = read_command(*command.keyword, word)) return flaw;
    }
    return std::nullopt;
  }

  std::optional<Flaw> read_command(Command command, const Word& word) {
    switch (command) {
      case Command::Remark:
        if (std::string remark = words_.rest_of_line(); !remark.empty()) settings_.remarks.push_back(remark);
        return std::nullopt;
      case Command::Author: append(settings_.author, words_.rest_of_line(), ", "); return std::nullopt;
      case Command::Origin:
      case Command::Award: append(settings_.source, words_.rest_of_line(), ", "); return std::nullopt;
      case Command::Title: append(settings_.title, words_.rest_of_line(), " "); return std::nullopt;
      case Command::Protocol: words_.rest_of_line(); return std::nullopt;
      case Command::Pieces:
        return read_pieces(words_, language_, "pieces",
                           [this](Cell cell, const Man& man) { return diagram_.board.place(cell, man); });
      case Command::Forsyth: {
        const Word* next = words_.peek();
        if (!next || is_keyword(language_, next->text)) return Flaw{word.line, "forsyth: no position"};
        forsyth_.push_back(words_.take());
        return std::nullopt;
      }
      case Command::Stipulation: return read_stipulation(word, diagram_.stipulation);
      case Command::Condition: {
        VariantSetting setting;
        if (auto flaw = read_condition(word, setting)) return flaw;
        const VariantSetting& before = diagram_.variant;
        if (before.line && before.variant != setting.variant) {
          return Flaw{word.line, "condition " + setting.text + " after " + before.text + " on line " +
                                     std::to_string(before.line) + ": dmsolve solves one variant at a time"};
        }
        diagram_.variant = setting;
        return std::nullopt;
      }
      case Command::Option: return read_options(words_, language_, word.line, settings_);
      case Command::SStipulation:
        return Flaw{word.line, quoted(word.text) + " is not supported: write the stipulation with 'stipulation'"};
      case Command::LaTeX:
      case Command::LaTeXPieces:
      case Command::InitialGameArray:
        return Flaw{word.line, quoted(word.text) + " is not supported"};
    }
    return std::nullopt;
  }

  // The stipulation's word, with its length when Popeye's input gives it apart ("h# 3").
  std::optional<Flaw> read_stipulation(const Word& keyword, Stated& out) {
    const Word* next = words_.peek();
    if (!next || is_keyword(language_, next->text)) return Flaw{keyword.line, "stipulation: none given"};
    const Word word = words_.take();
    out = Stated{word.text, word.line};
    if (!is_digit(word.text.back())) {
      if (const Word* length = words_.peek(); length && is_length(length->text)) out.text += words_.take().text;
    }
    return std::nullopt;
  }

  // One of our conditions with its rule options, all on the keyword's line.
  std::optional<Flaw> read_condition(const Word& keyword, VariantSetting& out) {
    const Word* next = words_.peek();
    const auto condition = next ? find_condition(next->text) : Match<Condition>{};
    if (!condition.keyword) {
      if (!next || is_keyword(language_, next->text)) return Flaw{keyword.line, "condition: none given"};
      return Flaw{next->line, "condition " + quoted(next->text) + " is not supported (ours: " +
                                  std::string(condition_names()) + ")"};
    }
    const Word word = words_.take();
    out = VariantSetting{std::string(variant_of(*condition.keyword)), {}, std::string(condition_name(*condition.keyword)),
                         word.line};
    while ((next = words_.peek()) && next->text.find('=') != std::string::npos) {
      out.rules.push_back(words_.take().text);
      out.text += " " + out.rules.back();
    }
    if (next && next->line == word.line && !is_keyword(language_, next->text)) {
      if (find_condition(next->text).keyword) {
        return Flaw{next->line, "condition " + quoted(next->text) + " with " + out.text +
                                    ": dmsolve solves one variant at a time"};
      }
      return Flaw{next->line, "condition " + quoted(next->text) + " is not supported (ours: " +
                                  std::string(condition_names()) + "; rule options as KEY=VALUE)"};
    }
    return std::nullopt;
  }

  // A twin's changes, applied to `twin` in their order; `changes` as Popeye prints them.
  std::optional<Flaw> read_changes(TwinState& twin, std::string& changes) {
    while (const Word* next = words_.peek()) {
      const auto change = find_twin_change(language_, next->text);
      if (change.ambiguous) return Flaw{next->line, "ambiguous twin change " + quoted(next->text)};
      if (!change.keyword) {
        if (find_command(language_, next->text).keyword != Command::Remark) break;
        words_.take();
        words_.rest_of_line();
        continue;
      }
      const Word word = words_.take();
      std::string text;
      if (auto flaw = read_change(*change.keyword, word, twin, text)) return flaw;
      append(changes, text, "  ");
    }
    return std::nullopt;
  }

  std::optional<Flaw> read_change(TwinChange change, const Word& word, TwinState& twin, std::string& text) {
    const std::string what = lowercase(word.text);
    const auto done = [&](Expected<std::string> result) -> std::optional<Flaw> {
      if (!result) return Flaw{word.line, result.error()};
      text = *result;
      return std::nullopt;
    };
    const int files = files_of(twin.variant);
    Board& board = twin.board;
    switch (change) {
      case TwinChange::Move:
      case TwinChange::Exchange:
      case TwinChange::Shift: {
        Cell from, to;
        if (auto flaw = read_cell(what, from)) return flaw;
        if (auto flaw = read_cell(what, to)) return flaw;
        if (change == TwinChange::Move) return done(board.move(from, to));
        if (change == TwinChange::Exchange) return done(board.exchange(from, to));
        return done(board.shift(from, to, files));
      }
      case TwinChange::Remove: {
        const Word* next = words_.peek();
        const auto cells = next ? parse_cells(next->text) : std::nullopt;
        if (!cells) return Flaw{word.line, what + ": expected squares, not " + (next ? quoted(next->text) : "the end")};
        words_.take();
        for (const Cell cell : *cells) {
          const auto removed = board.remove(cell);
          if (!removed) return Flaw{word.line, removed.error()};
          append(text, *removed, "  ");
        }
        return std::nullopt;
      }
      case TwinChange::Add:
        return read_pieces(words_, language_, "add", [&board, &text](Cell cell, const Man& man) {
          append(text, board.add(cell, man), "  ");
          return std::optional<std::string>();
        });
      case TwinChange::Stipulation:
        if (auto flaw = read_stipulation(word, twin.stipulation)) return flaw;
        text = lowercase(twin.stipulation.text);
        return std::nullopt;
      case TwinChange::Condition:
        if (auto flaw = read_condition(word, twin.variant)) return flaw;
        text = twin.variant.text;
        return std::nullopt;
      case TwinChange::Rotate: {
        const Word* next = words_.peek();
        const std::string angle = next ? next->text : "";
        const auto turn = angle == "90"    ? std::optional(Turn90::Rotate90)
                          : angle == "180" ? std::optional(Turn90::Rotate180)
                          : angle == "270" ? std::optional(Turn90::Rotate270)
                                           : std::nullopt;
        if (!turn) return Flaw{word.line, what + ": expected 90, 180 or 270, not " + (next ? quoted(angle) : "the end")};
        words_.take();
        return done(board.rotate(*turn, files));
      }
      case TwinChange::Mirror: {
        const Word* next = words_.peek();
        const auto mirror = next ? find_mirror(next->text).keyword : std::nullopt;
        if (!mirror) {
          return Flaw{word.line, what + ": expected a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1, not " +
                                     (next ? quoted(next->text) : "the end")};
        }
        words_.take();
        return done(board.mirror(*mirror, files));
      }
      case TwinChange::Polish: text = board.polish(); return std::nullopt;
      case TwinChange::Substitute: {
        PieceType from = PieceType::None, to = PieceType::None;
        if (auto flaw = read_piece_name(what, from)) return flaw;
        if (auto flaw = read_piece_name(what, to)) return flaw;
        text = board.substitute(from, to);
        return std::nullopt;
      }
      case TwinChange::Continued:
        return Flaw{word.line, quoted(word.text) + " must come first, right after the word twin"};
      case TwinChange::SStipulation:
        return Flaw{word.line, quoted(word.text) + " is not supported: write the stipulation with 'stipulation'"};
    }
    return std::nullopt;
  }

  std::optional<Flaw> read_cell(const std::string& what, Cell& out) {
    const Word* next = words_.peek();
    const auto cell = next ? parse_cell(next->text) : std::nullopt;
    if (!cell) {
      return Flaw{next ? next->line : words_.line(),
                  what + ": expected a square, not " + (next ? quoted(next->text) : "the end")};
    }
    words_.take();
    out = *cell;
    return std::nullopt;
  }

  std::optional<Flaw> read_piece_name(const std::string& what, PieceType& out) {
    const Word* next = words_.peek();
    const auto type = next ? find_piece(language_, next->text) : std::nullopt;
    if (!type) {
      return Flaw{next ? next->line : words_.line(),
                  what + ": expected a piece (" + std::string(piece_names(language_)) + "), not " +
                      (next ? quoted(next->text) : "the end")};
    }
    words_.take();
    out = *type;
    return std::nullopt;
  }

  // The twin as a Puzzle; `index` is its label's (kNoTwins: the problem has no twins).
  std::optional<Flaw> add_twin(ProblemRead& out, const TwinState& twin, size_t index, const std::string& changes,
                               bool continued, int line) {
    Puzzle puzzle;
    if (auto flaw = make_puzzle(twin, settings_, line, puzzle)) return flaw;
    puzzle.file = file_;
    puzzle.line = line_;
    puzzle.id = puzzle.location();
    if (index != kNoTwins) {
      puzzle.twin = twin_label(index);
      puzzle.twin_changes = changes;
      puzzle.twin_continued = continued;
      puzzle.id += "/" + puzzle.twin;
    }
    out.puzzles.push_back(std::move(puzzle));
    return std::nullopt;
  }

  // After a flaw: the words up to the problem's end (the rest of a line where a command takes
  // it). Read out of context, an end counts only first on its line and when it could not be a
  // colour of a piece list ("wei" is German White before it is "WeiteresProblem").
  std::optional<ProblemEnd> skip_to_end() {
    while (const Word* next = words_.peek()) {
      const auto command = find_command(language_, next->text);
      const Word word = words_.take();
      if (command.keyword && takes_its_line(*command.keyword)) words_.rest_of_line();
      if (command.any() || !word.begins_line || find_colour(language_, word.text).any()) continue;
      if (const auto end = find_problem_end(language_, word.text).keyword) return end;
    }
    return std::nullopt;
  }

  static constexpr size_t kNoTwins = size_t(-1);

  WordReader& words_;
  Language language_;
  const std::string& file_;
  int line_ = 0;  // where the problem begins
  TwinState diagram_;
  ProblemSettings settings_;
  std::vector<Word> forsyth_;
};

}  // namespace

ProblemRead read_problem(WordReader& words, Language language, const std::string& file) {
  return ProblemReader(words, language, file).read();
}

std::string twin_label(size_t index) {
  constexpr size_t kLetters = 26;
  if (index < kLetters) return std::string(1, char('a' + index));
  return "z" + std::to_string(index - (kLetters - 1));
}

}  // namespace dm::puzzle::popeye
