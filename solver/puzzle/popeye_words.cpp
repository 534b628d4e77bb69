#include "solver/puzzle/popeye_words.h"

namespace dm::puzzle::popeye {

namespace {

bool separates(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ';' || c == ','; }

bool ends_line(char c) { return c == '\n' || c == '\r'; }

}  // namespace

std::string quoted(std::string_view word) {
  constexpr size_t kLongest = 40;
  std::string out = "'";
  for (const char c : word.substr(0, kLongest)) out += c >= ' ' && c <= '~' ? c : '?';
  return out + (word.size() > kLongest ? "...'" : "'");
}

const Word* WordReader::peek() {
  if (peeked_) return &*peeked_;
  size_t i = pos_;
  int line = line_;
  while (i < text_.size() && separates(text_[i])) {
    if (text_[i] == '\n') ++line;
    ++i;
  }
  if (i == text_.size()) return nullptr;
  const size_t start = i;
  size_t before = start;
  while (before > 0 && separates(text_[before - 1]) && text_[before - 1] != '\n') --before;
  while (i < text_.size() && !separates(text_[i])) ++i;
  peeked_ = Word{std::string(text_.substr(start, i - start)), line, before == 0 || text_[before - 1] == '\n'};
  peeked_end_ = i;
  peeked_end_line_ = line;
  return &*peeked_;
}

Word WordReader::take() {
  if (!peek()) return Word{"", line_, false};
  Word word = std::move(*peeked_);
  peeked_.reset();
  pos_ = peeked_end_;
  line_ = peeked_end_line_;
  line_of_taken_ = word.line;
  return word;
}

std::optional<Word> WordReader::peek_second() const {
  WordReader ahead = *this;
  ahead.take();
  const Word* second = ahead.peek();
  return second ? std::optional<Word>(*second) : std::nullopt;
}

std::string WordReader::rest_of_line() {
  peeked_.reset();
  size_t i = pos_;
  while (i < text_.size() && (text_[i] == ' ' || text_[i] == '\t' || text_[i] == ';' || text_[i] == '.' ||
                              text_[i] == ',')) {
    ++i;
  }
  const size_t start = i;
  while (i < text_.size() && !ends_line(text_[i])) ++i;
  size_t end = i;
  while (end > start && (text_[end - 1] == ' ' || text_[end - 1] == '\t')) --end;
  pos_ = i;
  return std::string(text_.substr(start, end - start));
}

}  // namespace dm::puzzle::popeye
