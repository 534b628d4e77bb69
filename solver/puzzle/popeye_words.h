#pragma once
// The words of Popeye input (Popeye's input/plaintext/token.c): runs of characters between
// blanks, tabs, line ends, ';' and ','. Each word keeps its line, so that an error can name
// it. The commands remark, author, origin, title and award take the rest of their line as it is
// instead of words.

#include <optional>
#include <string>
#include <string_view>

namespace dm::puzzle::popeye {

struct Word {
  std::string text;
  int line = 0;
  bool begins_line = false;  // nothing but blanks before it on its line
};

// A word for a message: in quotes, cut after 40 characters, every byte that is no printable
// ASCII written as '?'.
std::string quoted(std::string_view word);

class WordReader {
 public:
  explicit WordReader(std::string_view text) : text_(text) {}

  // The next word, not taken; nullptr at the end of the text.
  const Word* peek();
  // Takes the next word; at the end of the text an empty word on the last line.
  Word take();
  bool at_end() { return peek() == nullptr; }
  // The word after the next one, not taken; nullopt when there is none.
  std::optional<Word> peek_second() const;

  // The rest of the line of the word taken last, without the blanks (and ';', '.', ',') that
  // begin it or the blanks that end it; empty when that word ended its line. The next word
  // comes from the line after.
  std::string rest_of_line();

  // The line of the word taken last (1 before any).
  int line() const { return line_of_taken_; }

 private:
  std::string_view text_;
  size_t pos_ = 0;   // just after the word taken last
  int line_ = 1;     // the line at pos_
  int line_of_taken_ = 1;
  std::optional<Word> peeked_;
  size_t peeked_end_ = 0;  // pos_ and line_ after the peeked word
  int peeked_end_line_ = 1;
};

}  // namespace dm::puzzle::popeye
