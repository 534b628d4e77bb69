#include "solver/proof/proof_nodes.h"

#include <vector>

#include "solver/proof/proof_line.h"
#include "solver/proof/proof_stream.h"

namespace dm::proof {

Expected<std::set<std::string>> positions_in_proof(const std::string& path, const std::set<std::string>& fens) {
  using Result = Expected<std::set<std::string>>;
  auto reader = LineReader::open(path);
  if (!reader) return Result::failure(reader.error());
  std::set<std::string> found;
  std::vector<std::string_view> fields;
  NodeLine node;
  for (;;) {
    auto line = (*reader)->next();
    if (!line) return Result::failure(line.error());
    if (!*line) break;
    split_fields((*line)->text, fields);
    // Node lines start with their number; the header and the closing line do not.
    if (fields.empty() || !parse_number(fields[0]) || parse_node_line(fields, node)) continue;
    if (const auto it = fens.find(std::string(node.fen)); it != fens.end()) found.insert(*it);
  }
  return found;
}

}  // namespace dm::proof
