#include "solver/search/epd_batch.h"

#include <sstream>

namespace dm::search {

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

}  // namespace

std::optional<Expected<EpdProblem>> parse_epd_line(std::string_view line, int line_number) {
  line = trim(line);
  if (line.empty() || line.front() == '#') return std::nullopt;
  EpdProblem p;
  p.line_number = line_number;
  const auto fail = [&](const std::string& why) {
    return Expected<EpdProblem>::failure("line " + std::to_string(line_number) + ": " + why);
  };

  // The four FEN fields.
  size_t pos = 0;
  for (int field = 0; field < 4; ++field) {
    while (pos < line.size() && line[pos] == ' ') ++pos;
    const size_t end = std::min(line.find(' ', pos), line.size());
    if (pos >= end) return fail("expected four FEN fields");
    if (field) p.fen += ' ';
    p.fen += line.substr(pos, end - pos);
    pos = end;
  }

  std::string from_bm;
  std::string_view ops = pos < line.size() ? line.substr(pos) : std::string_view{};
  while (!(ops = trim(ops)).empty()) {
    const size_t semicolon = std::min(ops.find(';'), ops.size());
    const std::string_view op = trim(ops.substr(0, semicolon));
    ops.remove_prefix(std::min(semicolon + 1, ops.size()));
    const size_t space = std::min(op.find(' '), op.size());
    const std::string_view code = op.substr(0, space);
    const std::string_view operand = trim(op.substr(space));
    if (code == "bm" && operand.starts_with("#")) {
      const std::string n(operand.substr(1));
      if (n.empty() || n.front() == '-' || n == "0") return fail("bm " + std::string(operand) + ": the side to move is mated");
      from_bm = "#" + n;
    } else if (code == "dm") {
      from_bm = "#" + std::string(operand);
    } else if (code == "stip") {
      p.stipulation = operand;
    } else if (code == "variant") {
      p.variant = operand;
    } else if (code == "rule") {
      p.rules.emplace_back(operand);
    } else if (code == "id") {
      std::string_view text = operand;
      if (text.size() >= 2 && text.front() == '"' && text.back() == '"') text = text.substr(1, text.size() - 2);
      p.id = text;
    } else if (code == "PV:") {
      p.pv = words(operand);
    }
  }
  if (p.stipulation.empty()) p.stipulation = from_bm;
  if (p.stipulation.empty()) return fail("no stipulation (bm #N, dm N or stip S)");
  return Expected<EpdProblem>(std::move(p));
}

}  // namespace dm::search
