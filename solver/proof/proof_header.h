#pragma once
// The header of a proof file (docs/proof-format.md, "Lines"), read line by line:
//   dmsolve-proof 1 / variant NAME / rule KEY=VALUE ... / position FEN / winner white|black
// The rule lines must name every option in force for the variant, so that a proof never rests
// on the defaults. A first line that is not the format line means the file is no proof at all,
// which a caller reports apart from a flaw of a proof.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace dm::proof {

// What the header says, as far as it has been read.
struct ProofHeader {
  Variant variant;        // with the rule options applied
  std::string rules;      // the options in force, "key=value key=value"
  std::string position;   // the root's FEN, four fields, as Position::fen() writes them
  std::optional<Color> winner;
};

struct HeaderFlaw {
  bool not_a_proof = false;  // the first line is not "dmsolve-proof 1"
  std::string why;
};

class ProofHeaderReader {
 public:
  // Takes the header's next line (not a comment); what is wrong with it.
  std::optional<HeaderFlaw> take(std::string_view line);
  bool complete() const { return stage_ == Stage::Done; }
  const ProofHeader& header() const { return header_; }
  // At the end of the file before the header is complete: what is missing.
  HeaderFlaw missing() const;

 private:
  enum class Stage : uint8_t { Format, Variant, Rules, Winner, Done };

  std::optional<HeaderFlaw> format_line(std::string_view line);
  std::optional<std::string> variant_line(std::string_view line);
  std::optional<std::string> rule_line(std::string_view key_value);
  std::optional<std::string> position_line(std::string_view fen);
  std::optional<std::string> winner_line(std::string_view line);

  Stage stage_ = Stage::Format;
  ProofHeader header_;
  std::vector<std::string> rule_keys_;  // the keys of the rule lines read
};

}  // namespace dm::proof
