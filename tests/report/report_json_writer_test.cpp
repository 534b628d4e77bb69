// The JSON writer (solver/report/json_writer.h) against nlohmann::json, which reads its text
// back and lays out the same documents by its own dump() and dump(2).

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <random>

#include "solver/report/json_writer.h"

using dm::report::JsonWriter;
using nlohmann::ordered_json;

namespace {

// Writes a document with the writer, value by value.
void write(JsonWriter& out, const ordered_json& value) {
  if (value.is_object()) {
    out.begin_object();
    for (const auto& [name, member] : value.items()) {
      out.key(name);
      write(out, member);
    }
    out.end_object();
  } else if (value.is_array()) {
    out.begin_array();
    for (const auto& element : value) write(out, element);
    out.end_array();
  } else if (value.is_string()) {
    out.value(value.get<std::string>());
  } else if (value.is_boolean()) {
    out.value(value.get<bool>());
  } else if (value.is_number_unsigned()) {
    out.value(value.get<uint64_t>());
  } else if (value.is_number_integer()) {
    out.value(value.get<int64_t>());
  } else if (value.is_number_float()) {
    out.value(value.get<double>());
  } else {
    out.null();
  }
}

// A random document of nested objects and arrays, with strings that need escapes.
ordered_json random_document(std::mt19937& rng, int depth) {
  const auto pick = [&](int n) { return std::uniform_int_distribution<int>(0, n - 1)(rng); };
  const int kind = depth == 0 ? 2 + pick(5) : pick(7);
  switch (kind) {
    case 0: {
      ordered_json object = ordered_json::object();
      for (int i = pick(4); i > 0; --i) object["k" + std::to_string(pick(100))] = random_document(rng, depth - 1);
      return object;
    }
    case 1: {
      ordered_json array = ordered_json::array();
      for (int i = pick(4); i > 0; --i) array.push_back(random_document(rng, depth - 1));
      return array;
    }
    case 2: {
      std::string text;
      for (int i = pick(8); i > 0; --i) text += static_cast<char>(pick(2) ? 'a' + pick(26) : pick(0x80));
      return text + "é\"\\♞";
    }
    case 3: return pick(2) == 1;
    case 4: return int64_t(pick(2000)) - 1000;
    case 5: return uint64_t(1) << pick(64);
    default: return nullptr;
  }
}

}  // namespace

TEST_CASE("json writer: the layout of nlohmann's dump() and dump(2), value for value", "[report][json]") {
  std::mt19937 rng(20261126);
  for (int i = 0; i < 500; ++i) {
    const ordered_json document = random_document(rng, 4);
    INFO(document.dump());
    for (const bool pretty : {false, true}) {
      JsonWriter out(pretty);
      write(out, document);
      CHECK(out.text() == (pretty ? document.dump(2) : document.dump()));
    }
  }
}

TEST_CASE("json writer: numbers read back as written; empty containers close at once", "[report][json]") {
  JsonWriter out(true);
  out.begin_object();
  out.key("seconds").value(0.000012345);
  out.key("whole").value(3.0);
  out.key("nodes").value(uint64_t(18446744073709551615ULL));
  out.key("below").value(-7);
  out.key("none").begin_array();
  out.end_array();
  out.key("nothing").begin_object();
  out.end_object();
  out.end_object();
  const ordered_json back = ordered_json::parse(out.text());
  CHECK(back["seconds"].get<double>() == 0.000012345);
  CHECK(back["whole"].is_number_float());
  CHECK(back["whole"].get<double>() == 3.0);
  CHECK(back["nodes"].get<uint64_t>() == 18446744073709551615ULL);
  CHECK(back["below"].get<int>() == -7);
  CHECK(out.text().find("\"none\": [],") != std::string::npos);
  CHECK(out.text().find("\"nothing\": {}\n}") != std::string::npos);
}

TEST_CASE("json writer: a byte outside well-formed UTF-8 is written as U+FFFD", "[report][json]") {
  const std::string replacement = "\xEF\xBF\xBD";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"caf\xE9", "caf" + replacement},                  // Latin-1
      {"\xC0\xAF", replacement + replacement},           // overlong '/'
      {"\xED\xA0\x80", replacement + replacement + replacement},  // a surrogate
      {"\xF4\x90\x80\x80", replacement + replacement + replacement + replacement},  // past U+10FFFF
      {"\xE2\x99", replacement + replacement},           // cut short
      {"\xE2\x99\x9E \xF0\x9F\x98\x80", "\xE2\x99\x9E \xF0\x9F\x98\x80"},  // kept as it is
  };
  for (const auto& [given, expected] : cases) {
    JsonWriter out(false);
    out.value(given);
    INFO(given);
    const ordered_json back = ordered_json::parse(out.text());  // throws on ill-formed UTF-8
    CHECK(back.get<std::string>() == expected);
  }
}
