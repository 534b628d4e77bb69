#include "solver/report/json_writer.h"

#include <charconv>
#include <cmath>

namespace dm::report {

namespace {

// The length of the well-formed UTF-8 sequence that starts text[i] (Unicode 15, table 3-7),
// or 0 when the bytes there are not one.
size_t utf8_sequence(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  if (lead < 0x80) return 1;
  size_t length = 0;
  unsigned char low = 0x80;
  unsigned char high = 0xBF;  // the range of the byte after the lead
  if (lead >= 0xC2 && lead <= 0xDF) {
    length = 2;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    length = 3;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    length = 4;
    if (lead == 0xF0) low = 0x90;
    if (lead == 0xF4) high = 0x8F;  // nothing past U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (size_t k = i + 2; k < i + length; ++k) {
    if (byte(k) < 0x80 || byte(k) > 0xBF) return 0;
  }
  return length;
}

}  // namespace

JsonWriter& JsonWriter::key(std::string_view name) {
  start_value();
  quoted(name);
  text_ += pretty_ ? ": " : ":";
  after_key_ = true;
  return *this;
}

void JsonWriter::value(std::string_view text) {
  start_value();
  quoted(text);
}

void JsonWriter::value(bool flag) {
  start_value();
  text_ += flag ? "true" : "false";
}

void JsonWriter::value(double number) {
  start_value();
  if (!std::isfinite(number)) {
    text_ += "null";
    return;
  }
  char buffer[32];
  const char* end = std::to_chars(buffer, buffer + sizeof buffer, number).ptr;  // 32 bytes are enough
  const std::string_view digits(buffer, static_cast<size_t>(end - buffer));
  text_ += digits;
  // A number written without a point or an exponent still reads back as a double.
  if (digits.find_first_of(".e") == std::string_view::npos) text_ += ".0";
}

void JsonWriter::null() {
  start_value();
  text_ += "null";
}

void JsonWriter::open(char bracket) {
  start_value();
  text_ += bracket;
  empty_.push_back(true);
}

void JsonWriter::close(char bracket) {
  const bool empty = empty_.back();
  empty_.pop_back();
  if (!empty) new_line();
  text_ += bracket;
}

void JsonWriter::start_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (empty_.empty()) return;
  if (!empty_.back()) text_ += ',';
  empty_.back() = false;
  new_line();
}

void JsonWriter::new_line() {
  if (!pretty_) return;
  text_ += '\n';
  text_.append(2 * empty_.size(), ' ');
}

void JsonWriter::quoted(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  text_ += '"';
  for (size_t i = 0; i < text.size();) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x80) {
      const size_t length = utf8_sequence(text, i);
      if (length == 0) {
        text_ += "\xEF\xBF\xBD";  // U+FFFD REPLACEMENT CHARACTER
        ++i;
      } else {
        text_.append(text.substr(i, length));
        i += length;
      }
      continue;
    }
    ++i;
    switch (c) {
      case '"': text_ += "\\\""; break;
      case '\\': text_ += "\\\\"; break;
      case '\b': text_ += "\\b"; break;
      case '\f': text_ += "\\f"; break;
      case '\n': text_ += "\\n"; break;
      case '\r': text_ += "\\r"; break;
      case '\t': text_ += "\\t"; break;
      default:
        if (byte < 0x20) {
          text_ += "\\u00";
          text_ += kHex[byte >> 4];
          text_ += kHex[byte & 0xF];
        } else {
          text_ += c;
        }
    }
  }
  text_ += '"';
}

}  // namespace dm::report
