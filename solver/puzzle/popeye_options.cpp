#include "solver/puzzle/popeye_options.h"

#include <charconv>
#include <cstdlib>
#include <vector>

namespace dm::puzzle::popeye {

namespace {

constexpr int kLargestCount = 1'000'000;

std::optional<int> count_of(std::string_view text) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || value < 1 || value > kLargestCount) {
    return std::nullopt;
  }
  return value;
}

class OptionReader {
 public:
  OptionReader(WordReader& words, Language language, ProblemSettings& settings)
      : words_(words), language_(language), settings_(settings) {}

  std::optional<Flaw> read(OptionName option, const Word& word) {
    const std::string name(option_name(language_, option));
    switch (option) {
      case OptionName::Try: settings_.show.tries = true; return std::nullopt;
      case OptionName::Defence: {
        int count = 0;
        if (auto flaw = read_count(name, count)) return flaw;
        settings_.show.tries = true;
        settings_.show.max_refutations = count;
        return std::nullopt;
      }
      case OptionName::SetPlay: settings_.show.set_play = true; return std::nullopt;
      case OptionName::NoThreat: settings_.show.threats = false; return std::nullopt;
      case OptionName::PostKeyPlay: settings_.show.post_key_play = true; return std::nullopt;
      case OptionName::MaxSolutions: {
        int count = 0;
        if (auto flaw = read_count(name, count)) return flaw;
        settings_.show.max_solutions = count;
        return std::nullopt;
      }
      case OptionName::StopOnShortSolutions: settings_.show.stop_on_short_solutions = true; return std::nullopt;
      case OptionName::WhiteToPlay: settings_.white_to_play = true; return std::nullopt;
      case OptionName::HalfDuplex: settings_.half_duplex = true; return std::nullopt;
      case OptionName::NoCastling: return read_no_castling(name);
      case OptionName::EnPassant: return read_en_passant(name);
      case OptionName::MaxTime:
      case OptionName::Threat: {
        // Popeye's threat N only leaves out keys whose threat is longer: every key is shown.
        int ignored = 0;
        return read_count(name, ignored);
      }
      case OptionName::Intelligent:
      case OptionName::Beep:
        if (const Word* next = words_.peek(); next && count_of(next->text)) words_.take();
        return std::nullopt;
      case OptionName::Variations:
      case OptionName::MoveNumbers:
      case OptionName::NoBoard:
      case OptionName::NoShortVariations:
      case OptionName::KeepMatingPiece:
      case OptionName::TrivialTriesAvoid:
      case OptionName::MatesIn1:
      case OptionName::SuppressGrid:
      case OptionName::WriteGrid:
      case OptionName::NoSymmetry:
      case OptionName::Search:
      case OptionName::MultiSolutions:
        return std::nullopt;
      case OptionName::StartMoveNumber:
      case OptionName::NoWk:
      case OptionName::Duplex:
      case OptionName::NoBk:
      case OptionName::MaxFlightsquares:
      case OptionName::NonTrivial:
      case OptionName::Quodlibet:
      case OptionName::CastlingMutuallyExclusive:
      case OptionName::GoalIsEnd:
      case OptionName::UnpublishedOption:
      case OptionName::NullMoves:
      case OptionName::UpToMoveNumber:
        break;
    }
    return Flaw{word.line, "option " + name + " is not supported: it changes the problem in a way dmsolve lacks"};
  }

 private:
  std::optional<Flaw> read_count(const std::string& option, int& value) {
    const Word* next = words_.peek();
    const auto count = next ? count_of(next->text) : std::nullopt;
    if (!count) {
      return Flaw{next ? next->line : words_.line(),
                  "option " + option + ": expected a count from 1, not " + (next ? quoted(next->text) : "the end")};
    }
    words_.take();
    value = *count;
    return std::nullopt;
  }

  // The squares after an option, as one word ("e7e6e5").
  std::optional<Flaw> read_cells(const std::string& option, std::vector<Cell>& cells, int& line) {
    const Word* next = words_.peek();
    const auto read = next ? parse_cells(next->text) : std::nullopt;
    if (!read) {
      return Flaw{next ? next->line : words_.line(),
                  "option " + option + ": expected squares, not " + (next ? quoted(next->text) : "the end")};
    }
    line = words_.take().line;
    cells = *read;
    return std::nullopt;
  }

  std::optional<Flaw> read_no_castling(const std::string& option) {
    std::vector<Cell> cells;
    int line = 0;
    if (auto flaw = read_cells(option, cells, line)) return flaw;
    settings_.no_castling.insert(settings_.no_castling.end(), cells.begin(), cells.end());
    return std::nullopt;
  }

  // Popeye's departure, passed and arrival squares of the double step (e7e6e5), or the
  // passed square alone (e6).
  std::optional<Flaw> read_en_passant(const std::string& option) {
    std::vector<Cell> cells;
    int line = 0;
    if (auto flaw = read_cells(option, cells, line)) return flaw;
    if (cells.size() == 3) {
      const Cell from = cells[0], passed = cells[1], to = cells[2];
      const bool double_step = from.file == passed.file && passed.file == to.file && std::abs(to.rank - from.rank) == 2 &&
                               2 * passed.rank == from.rank + to.rank;
      if (double_step) cells = {passed};
    }
    if (cells.size() != 1) {
      return Flaw{line, "option " + option + ": expected a pawn's double step (e7e6e5) or the square it passed (e6)"};
    }
    settings_.en_passant.push_back(cells[0]);
    settings_.en_passant_line = line;
    return std::nullopt;
  }

  WordReader& words_;
  Language language_;
  ProblemSettings& settings_;
};

}  // namespace

std::optional<Flaw> read_options(WordReader& words, Language language, int option_line, ProblemSettings& settings) {
  OptionReader reader(words, language, settings);
  for (bool first = true;; first = false) {
    const Word* next = words.peek();
    const auto option = next ? find_option(language, next->text) : Match<OptionName>{};
    if (option.ambiguous) return Flaw{next->line, "option " + quoted(next->text) + " is ambiguous"};
    if (!option.keyword) {
      const bool stray = next && next->line == option_line && !is_keyword(language, next->text);
      if (first || stray) {
        return Flaw{next ? next->line : option_line,
                    "unknown option " + (next ? quoted(next->text) : std::string("(none given)"))};
      }
      return std::nullopt;
    }
    const Word word = words.take();
    if (auto flaw = reader.read(*option.keyword, word)) return flaw;
  }
}

}  // namespace dm::puzzle::popeye
