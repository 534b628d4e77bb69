#include "solver/proof/proof_header.h"

#include <algorithm>

#include "rules/position.h"
#include "solver/proof/fingerprint.h"
#include "solver/proof/proof_line.h"

namespace dm::proof {

namespace {

constexpr std::string_view kFormatName = "dmsolve-proof";
constexpr std::string_view kFormatVersion = "1";

// The text after `keyword ` when line starts with it.
std::optional<std::string_view> after_keyword(std::string_view line, std::string_view keyword) {
  if (line.size() <= keyword.size() || line.substr(0, keyword.size()) != keyword || line[keyword.size()] != ' ') {
    return std::nullopt;
  }
  return line.substr(keyword.size() + 1);
}

std::string_view key_of(std::string_view key_value) { return key_value.substr(0, key_value.find('=')); }

}  // namespace

std::optional<HeaderFlaw> ProofHeaderReader::take(std::string_view line) {
  std::optional<std::string> flaw;
  switch (stage_) {
    case Stage::Format: return format_line(line);
    case Stage::Variant: flaw = variant_line(line); break;
    case Stage::Rules:
      if (const auto key_value = after_keyword(line, "rule")) {
        flaw = rule_line(*key_value);
      } else if (const auto fen = after_keyword(line, "position")) {
        flaw = position_line(*fen);
      } else {
        flaw = "expected 'rule KEY=VALUE' or 'position FEN'";
      }
      break;
    case Stage::Winner: flaw = winner_line(line); break;
    case Stage::Done: break;
  }
  if (flaw) return HeaderFlaw{false, std::move(*flaw)};
  return std::nullopt;
}

HeaderFlaw ProofHeaderReader::missing() const {
  switch (stage_) {
    case Stage::Format: return {true, "not a proof file: it has no line"};
    case Stage::Variant: return {false, "the header ends before its 'variant' line"};
    case Stage::Rules: return {false, "the header ends before its 'position' line"};
    case Stage::Winner:
    case Stage::Done: break;
  }
  return {false, "the header ends before its 'winner' line"};
}

std::optional<HeaderFlaw> ProofHeaderReader::format_line(std::string_view line) {
  const auto version = after_keyword(line, kFormatName);
  if (!version) {
    return HeaderFlaw{true, "not a proof file: it does not start with '" + std::string(kFormatName) + " " +
                                std::string(kFormatVersion) + "'"};
  }
  if (*version != kFormatVersion) {
    return HeaderFlaw{true, "proof format version '" + std::string(*version) + "' (this checker reads version " +
                                std::string(kFormatVersion) + ")"};
  }
  stage_ = Stage::Variant;
  return std::nullopt;
}

std::optional<std::string> ProofHeaderReader::variant_line(std::string_view line) {
  const auto name = after_keyword(line, "variant");
  if (!name) return "expected 'variant NAME'";
  const auto variant = find_variant(*name);
  if (!variant) {
    std::string known;
    for (const auto known_name : variant_names()) known += (known.empty() ? "" : ", ") + std::string(known_name);
    return "unknown variant '" + std::string(*name) + "' (known: " + known + ")";
  }
  header_.variant = *variant;
  stage_ = Stage::Rules;
  return std::nullopt;
}

std::optional<std::string> ProofHeaderReader::rule_line(std::string_view key_value) {
  const std::string key(key_of(key_value));
  if (std::find(rule_keys_.begin(), rule_keys_.end(), key) != rule_keys_.end()) return "rule '" + key + "' given twice";
  if (auto error = apply_rule_option(header_.variant, key_value)) return error;
  rule_keys_.push_back(key);
  return std::nullopt;
}

std::optional<std::string> ProofHeaderReader::position_line(std::string_view fen) {
  header_.rules = header_.variant.describe_options();
  std::vector<std::string_view> in_force;
  if (!header_.rules.empty()) split_fields(header_.rules, in_force);
  for (const auto option : in_force) {
    const std::string key(key_of(option));
    if (std::find(rule_keys_.begin(), rule_keys_.end(), key) == rule_keys_.end()) {
      return "the header gives no 'rule " + key + "=...' line (it names every option in force: " + header_.rules + ")";
    }
  }
  std::vector<std::string_view> fields;
  split_fields(fen, fields);
  if (fields.size() != 4) return "the position's FEN must have four fields (board, side, castling, e.p.)";
  Position root;
  if (const auto error = root.set(header_.variant, fen)) return error->to_string();
  header_.position = canonical_fen(root);
  stage_ = Stage::Winner;
  return std::nullopt;
}

std::optional<std::string> ProofHeaderReader::winner_line(std::string_view line) {
  const auto side = after_keyword(line, "winner");
  if (!side || (*side != "white" && *side != "black")) return "expected 'winner white' or 'winner black'";
  header_.winner = *side == "white" ? Color::White : Color::Black;
  stage_ = Stage::Done;
  return std::nullopt;
}

}  // namespace dm::proof
