#pragma once
// Writes JSON text as it goes, without a document in memory. A solution tree of a hundred keys
// is some ten thousand small values; building them as a document (nlohmann::json) and then
// printing it took longer than solving the problem. The text is laid out as nlohmann's dump()
// (compact) or dump(2) (indented by two spaces) lays it out, so that either can read it back.
//
// The caller nests the values; the writer places the commas, the indentation and the escapes.
// Strings are UTF-8: a byte that does not belong to a well-formed sequence is written as
// U+FFFD, so that the text is valid JSON whatever a problem file held.

#include <concepts>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dm::report {

class JsonWriter {
 public:
  explicit JsonWriter(bool pretty) : pretty_(pretty) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  // A member's name; its value comes next.
  JsonWriter& key(std::string_view name);

  void value(std::string_view text);
  void value(const char* text) { value(std::string_view(text)); }  // not the bool overload
  void value(bool flag);
  void value(double number);
  template <std::integral T>
    requires(!std::same_as<T, bool>)
  void value(T number) {
    start_value();
    text_ += std::to_string(number);
  }
  void null();

  // The text written so far.
  const std::string& text() const { return text_; }
  // The whole text, handed over without a copy; the writer is left empty.
  std::string take() { return std::move(text_); }

 private:
  void open(char bracket);
  void close(char bracket);
  // The comma and line break before a value or a member, unless it follows its member's name.
  void start_value();
  void new_line();
  void quoted(std::string_view text);

  std::string text_;
  const bool pretty_;
  std::vector<bool> empty_;  // for each open object or array: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace dm::report
