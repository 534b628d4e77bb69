#pragma once
// The syntax of a proof file's node lines (docs/proof-format.md), apart from what they mean:
//   ID end FEN
//   ID win FEN : TURN CHILD
//   ID all FEN : TURN CHILD TURN CHILD ...
// fields separated by single spaces, FEN in four fields. The parsed line refers to the text.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dm::proof {

enum class NodeKind : uint8_t { End, Win, All };

struct TurnChild {
  std::string_view turn;  // UCI moves joined by commas
  uint64_t child = 0;
};

struct NodeLine {
  uint64_t id = 0;
  NodeKind kind = NodeKind::End;
  std::string_view fen;  // the four fields
  std::vector<TurnChild> turns;  // one for win, one or more for all, none for end
};

// A decimal number of up to 19 digits, without sign or leading zero.
std::optional<uint64_t> parse_number(std::string_view text);

// Splits text at single spaces into fields (an empty field where two spaces meet), reusing the
// vector's storage.
void split_fields(std::string_view text, std::vector<std::string_view>& fields);

// Reads the fields of a node line into node (reusing its storage); the message saying what is
// malformed.
std::optional<std::string> parse_node_line(const std::vector<std::string_view>& fields, NodeLine& node);

}  // namespace dm::proof
