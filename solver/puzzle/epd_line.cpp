#include "solver/puzzle/epd_line.h"

#include <algorithm>

#include <sstream>

namespace dm::puzzle {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r' || s.back() == '\n')) {
    s.remove_suffix(1);
  }
  return s;
}

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::istringstream in{std::string(s)};
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// The operations after the FEN fields: split at the semicolons outside double quotes.
Expected<std::vector<std::string_view>> split_operations(std::string_view ops) {
  std::vector<std::string_view> out;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (ops[i] == '"') quoted = !quoted;
    if (ops[i] == ';' && !quoted) {
      if (const auto op = trim(ops.substr(start, i - start)); !op.empty()) out.push_back(op);
      start = i + 1;
    }
  }
  if (quoted) return Expected<std::vector<std::string_view>>::failure("unterminated quote");
  if (const auto op = trim(ops.substr(start)); !op.empty()) out.push_back(op);
  return out;
}

// Operands: "quoted strings" (spaces kept) or bare words.
Expected<std::vector<std::string>> operands(std::string_view text, bool words_allowed) {
  std::vector<std::string> out;
  while (!(text = trim(text)).empty()) {
    if (text.front() == '"') {
      const size_t close = text.find('"', 1);
      if (close == std::string_view::npos) return Expected<std::vector<std::string>>::failure("unterminated quote");
      out.emplace_back(trim(text.substr(1, close - 1)));
      text.remove_prefix(close + 1);
      continue;
    }
    const size_t end = std::min(text.find_first_of(" \t"), text.size());
    if (!words_allowed) return Expected<std::vector<std::string>>::failure("quote each line (\"e7e5 d1h5\")");
    out.emplace_back(text.substr(0, end));
    text.remove_prefix(end);
  }
  return out;
}

std::string unquote(std::string_view text) {
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
  return std::string(text);
}

}  // namespace

std::optional<Expected<EpdProblem>> parse_epd_line(std::string_view line, int line_number) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return std::nullopt;
  EpdProblem p;
  p.line_number = line_number;
  const auto fail = [](const std::string& why) { return Expected<EpdProblem>::failure(why); };

  // The four FEN fields.
  size_t pos = 0;
  for (int field = 0; field < 4; ++field) {
    while (pos < line.size() && line[pos] == ' ') ++pos;
    const size_t end = std::min(line.find(' ', pos), line.size());
    if (pos >= end) return fail("FEN: expected four fields (board, side, castling, e.p.)");
    if (field) p.fen += ' ';
    p.fen += line.substr(pos, end - pos);
    pos = end;
  }

  const auto ops = split_operations(pos < line.size() ? line.substr(pos) : std::string_view{});
  if (!ops) return fail(ops.error());
  std::string from_bm;
  std::string_view fullmove;
  for (const std::string_view op : *ops) {
    const size_t space = std::min(op.find(' '), op.size());
    const std::string_view code = op.substr(0, space);
    const std::string_view operand = trim(op.substr(space));
    const auto list = [&](bool words_allowed) -> Expected<std::vector<std::string>> {
      if (operand == "none") return std::vector<std::string>{};
      auto items = operands(operand, words_allowed);
      if (!items) return Expected<std::vector<std::string>>::failure(std::string(code) + ": " + items.error());
      if (items->empty()) return Expected<std::vector<std::string>>::failure(std::string(code) + ": empty (write none)");
      return items;
    };
    if (code == "bm" && operand.starts_with("#")) {
      const std::string n(operand.substr(1));
      if (n.empty() || n.front() == '-' || n == "0") return fail("bm " + std::string(operand) + ": the side to move is mated");
      from_bm = "#" + n;
    } else if (code == "dm") {
      from_bm = "#" + std::string(operand);
    } else if (code == "fmvn") {
      // EPD's full move number: a progressive series' number and length (P6); the FEN reader
      // checks its range.
      const bool number = !operand.empty() && std::all_of(operand.begin(), operand.end(), [](char c) {
        return c >= '0' && c <= '9';
      });
      if (!number) return fail("fmvn " + std::string(operand) + ": not a move number");
      fullmove = operand;
    } else if (code == "stip") {
      p.stipulation = operand;
    } else if (code == "variant") {
      p.variant = operand;
    } else if (code == "rule") {
      p.rules.emplace_back(operand);
    } else if (code == "id") {
      p.id = unquote(operand);
    } else if (code == "author") {
      p.author = unquote(operand);
    } else if (code == "source") {
      p.source = unquote(operand);
    } else if (code == "PV:") {
      p.pv = words(operand);
    } else if (code == "keys" || code == "tries") {
      auto items = list(true);
      if (!items) return fail(items.error());
      (code == "keys" ? p.keys.emplace() : p.tries) = std::move(*items);
    } else if (code == "solutions") {
      auto items = list(false);
      if (!items) return fail(items.error());
      p.solutions = std::move(*items);
    }
  }
  if (!fullmove.empty()) p.fen += " 0 " + std::string(fullmove);
  if (p.stipulation.empty()) p.stipulation = from_bm;
  if (p.stipulation.empty()) return fail("no stipulation (bm #N, dm N or stip S)");
  return Expected<EpdProblem>(std::move(p));
}

}  // namespace dm::puzzle
