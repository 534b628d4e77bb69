#include "solver/proof/proof_line.h"

namespace dm::proof {

namespace {

constexpr size_t kFenFields = 4;
constexpr size_t kFirstFenField = 2;
constexpr size_t kSeparatorField = kFirstFenField + kFenFields;  // ':' after the FEN

std::optional<NodeKind> kind_named(std::string_view name) {
  if (name == "end") return NodeKind::End;
  if (name == "win") return NodeKind::Win;
  if (name == "all") return NodeKind::All;
  return std::nullopt;
}

}  // namespace

std::optional<uint64_t> parse_number(std::string_view text) {
  constexpr size_t kMaxDigits = 19;  // below 2^64
  if (text.empty() || text.size() > kMaxDigits || (text[0] == '0' && text.size() > 1)) return std::nullopt;
  uint64_t value = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + uint64_t(c - '0');
  }
  return value;
}

void split_fields(std::string_view text, std::vector<std::string_view>& fields) {
  fields.clear();
  size_t begin = 0;
  while (true) {
    const size_t space = text.find(' ', begin);
    if (space == std::string_view::npos) {
      fields.push_back(text.substr(begin));
      return;
    }
    fields.push_back(text.substr(begin, space - begin));
    begin = space + 1;
  }
}

std::optional<std::string> parse_node_line(const std::vector<std::string_view>& fields, NodeLine& node) {
  for (const auto field : fields) {
    if (field.empty()) return "fields must be separated by single spaces";
  }
  const auto id = parse_number(fields[0]);
  if (!id) return "'" + std::string(fields[0]) + "' is no node number";
  node.id = *id;
  if (fields.size() < 2) return "no node kind after the number (end, win or all)";
  const auto kind = kind_named(fields[1]);
  if (!kind) return "unknown node kind '" + std::string(fields[1]) + "' (end, win or all)";
  node.kind = *kind;
  if (fields.size() < kSeparatorField) return "the FEN must have four fields (board, side, castling, e.p.)";
  const std::string_view first = fields[kFirstFenField];
  const std::string_view last = fields[kSeparatorField - 1];
  node.fen = std::string_view(first.data(), size_t(last.data() + last.size() - first.data()));
  node.turns.clear();
  if (node.kind == NodeKind::End) {
    if (fields.size() != kSeparatorField) return "an end node has nothing after its FEN (which has four fields)";
    return std::nullopt;
  }
  if (fields.size() == kSeparatorField || fields[kSeparatorField] != ":") {
    return "expected ' : ' after the FEN's four fields, then TURN CHILD pairs";
  }
  const size_t pairs_begin = kSeparatorField + 1;
  if (fields.size() == pairs_begin || (fields.size() - pairs_begin) % 2 != 0) {
    return "expected TURN CHILD pairs after ':'";
  }
  for (size_t i = pairs_begin; i < fields.size(); i += 2) {
    const auto child = parse_number(fields[i + 1]);
    if (!child) return "'" + std::string(fields[i + 1]) + "' after turn " + std::string(fields[i]) + " is no node number";
    node.turns.push_back({fields[i], *child});
  }
  if (node.kind == NodeKind::Win && node.turns.size() != 1) return "a win node gives exactly one TURN CHILD pair";
  return std::nullopt;
}

}  // namespace dm::proof
