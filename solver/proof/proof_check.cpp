#include "solver/proof/proof_check.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "rules/outcome.h"
#include "rules/position.h"
#include "solver/proof/fingerprint.h"
#include "solver/proof/legal_turns.h"
#include "solver/proof/node_table.h"
#include "solver/proof/proof_header.h"
#include "solver/proof/proof_line.h"
#include "solver/proof/proof_stream.h"

// Implementation notes. The file is read in one pass and judged line by line by ProofChecker:
// the header's lines (ProofHeaderReader), then the nodes, then the closing line. A node is checked against
// the records of the nodes it names, which come before it, so one pass settles everything; the
// depth of a node follows from its children's (end 0, win 1 + the child's, all 1 + the deepest
// child's). An all node is checked in time linear in its turns (and a sort): every legal turn is
// enumerated once with the position it reaches, sorted by its UCI text, and each listed turn is
// looked up there and marked, so a turn left out, one that is not legal and one listed twice
// are all found.

namespace dm::proof {

namespace {

constexpr uint64_t kProgressLines = 4096;

std::string side_name(Color c) { return c == Color::White ? "White" : "Black"; }

// Why the check stops on a line.
struct Stop {
  CheckStatus status = CheckStatus::Rejected;
  std::string why;
};

// One legal turn of an all node's position.
struct LegalTurn {
  std::string turn;
  Fingerprint reached;
  bool listed = false;
};

class ProofChecker {
 public:
  ProofChecker(CheckResult& result, std::unique_ptr<NodeTable> table) : result_(result), table_(std::move(table)) {}

  // Judges one line that is no comment; why the check stops there, if it does.
  std::optional<Stop> take(std::string_view line);
  // At the end of the file: why the proof is incomplete, if it is.
  std::optional<Stop> finish() const;

 private:
  std::optional<Stop> header_line(std::string_view line);
  std::optional<Stop> node_line();
  std::optional<std::string> proven_line();
  std::optional<std::string> end_node() const;
  std::optional<std::string> win_node(uint32_t& depth) const;
  std::optional<std::string> all_node(uint32_t& depth);
  // Whether the child is a node written before this one.
  std::optional<std::string> earlier_child(const TurnChild& pair) const;
  std::string not_reached(const TurnChild& pair) const;
  std::optional<std::string> not_over(const char* kind) const;

  CheckResult& result_;
  std::unique_ptr<NodeTable> table_;
  ProofHeaderReader header_;
  Variant variant_;
  Color winner_ = Color::White;
  Fingerprint root_;
  bool closed_ = false;  // the 'proven' line has been read
  // Scratch space, reused from node to node.
  std::vector<std::string_view> fields_;
  NodeLine node_;
  Position pos_;
  std::vector<LegalTurn> legal_;
};

std::optional<Stop> ProofChecker::take(std::string_view line) {
  if (!header_.complete()) return header_line(line);
  if (closed_) return Stop{CheckStatus::Rejected, "a line after the closing 'proven' line"};
  split_fields(line, fields_);
  if (fields_[0] == "proven") {
    if (auto flaw = proven_line()) return Stop{CheckStatus::Rejected, std::move(*flaw)};
    return std::nullopt;
  }
  return node_line();
}

std::optional<Stop> ProofChecker::header_line(std::string_view line) {
  auto flaw = header_.take(line);
  const ProofHeader& header = header_.header();
  result_.variant = std::string(header.variant.name);
  result_.rules = header.rules;
  result_.position = header.position;
  result_.winner = header.winner;
  if (flaw) return Stop{flaw->not_a_proof ? CheckStatus::Error : CheckStatus::Rejected, std::move(flaw->why)};
  if (header_.complete()) {
    variant_ = header.variant;
    winner_ = *header.winner;
    root_ = fingerprint_of_fen(header.position);
  }
  return std::nullopt;
}

std::optional<Stop> ProofChecker::node_line() {
  const auto rejected = [](std::string why) { return Stop{CheckStatus::Rejected, std::move(why)}; };
  if (auto flaw = parse_node_line(fields_, node_)) return rejected(std::move(*flaw));
  const uint64_t id = table_->size() + 1;
  if (node_.id != id) return rejected("node number " + std::to_string(node_.id) + ", expected " + std::to_string(id));
  if (const auto error = pos_.set(variant_, node_.fen)) return rejected(error->to_string());
  CheckedNode record{fingerprint_of(pos_), 0};
  std::optional<std::string> flaw;
  switch (node_.kind) {
    case NodeKind::End: flaw = end_node(); break;
    case NodeKind::Win: flaw = win_node(record.depth); break;
    case NodeKind::All: flaw = all_node(record.depth); break;
  }
  if (flaw) return rejected(std::move(*flaw));
  if (auto error = table_->push_back(record)) return Stop{CheckStatus::Error, std::move(*error)};
  result_.nodes = table_->size();
  return std::nullopt;
}

std::optional<std::string> ProofChecker::proven_line() {
  const auto root = fields_.size() == 2 ? parse_number(fields_[1]) : std::nullopt;
  if (!root) return "expected 'proven ID'";
  if (table_->size() == 0) return "'proven' before any node";
  if (*root != table_->size()) {
    return "the root, node " + std::to_string(*root) + ", must be the last node written, node " +
           std::to_string(table_->size());
  }
  const CheckedNode record = table_->at(*root);
  if (record.fingerprint != root_) return "the root's position is not the header's position " + result_.position;
  result_.depth = record.depth;
  closed_ = true;
  return std::nullopt;
}

std::optional<std::string> ProofChecker::end_node() const {
  const Outcome o = outcome(pos_);
  if (!o.is_over()) return "an end node, but the game is not over in " + canonical_fen(pos_);
  const int score = o.score_for(winner_);
  if (score == 1) return std::nullopt;
  return "an end node, but " + (score == 0 ? std::string("the game is drawn") : side_name(~winner_) + " has won") +
         " (" + std::string(o.reason) + ") in " + canonical_fen(pos_);
}

std::optional<std::string> ProofChecker::not_over(const char* kind) const {
  const Outcome o = outcome(pos_);
  if (!o.is_over()) return std::nullopt;
  return std::string("a ") + kind + " node, but the game is over (" + std::string(o.reason) + ") in " +
         canonical_fen(pos_) + ": write an end node";
}

std::optional<std::string> ProofChecker::win_node(uint32_t& depth) const {
  if (pos_.side_to_move() != winner_) {
    return "a win node with " + side_name(pos_.side_to_move()) + " to move: the winner, " + side_name(winner_) +
           ", moves at win nodes";
  }
  if (auto flaw = not_over("win")) return flaw;
  const TurnChild& pair = node_.turns.front();
  if (auto flaw = earlier_child(pair)) return flaw;
  const auto reached = play_turn(pos_, pair.turn);
  if (!reached) return "turn " + std::string(pair.turn) + ": " + reached.error();
  const CheckedNode child = table_->at(pair.child);
  if (fingerprint_of(*reached) != child.fingerprint) return not_reached(pair);
  depth = child.depth + 1;
  return std::nullopt;
}

std::optional<std::string> ProofChecker::all_node(uint32_t& depth) {
  const Color loser = ~winner_;
  if (pos_.side_to_move() != loser) {
    return "an all node with " + side_name(pos_.side_to_move()) + " to move: the loser, " + side_name(loser) +
           ", moves at all nodes";
  }
  if (auto flaw = not_over("all")) return flaw;
  legal_.clear();
  for_each_legal_turn(pos_, [this](std::string_view turn, const Position& reached) {
    legal_.push_back({std::string(turn), fingerprint_of(reached), false});
  });
  const auto by_turn = [](const LegalTurn& a, const LegalTurn& b) { return a.turn < b.turn; };
  std::sort(legal_.begin(), legal_.end(), by_turn);

  uint32_t deepest = 0;
  for (const TurnChild& pair : node_.turns) {
    if (auto flaw = earlier_child(pair)) return flaw;
    const auto it = std::lower_bound(legal_.begin(), legal_.end(), pair.turn,
                                     [](const LegalTurn& t, std::string_view turn) { return t.turn < turn; });
    if (it == legal_.end() || it->turn != pair.turn) {
      const auto played = play_turn(pos_, pair.turn);
      return "turn " + std::string(pair.turn) + " is not a legal turn of " + side_name(loser) +
             (played ? std::string() : ": " + played.error());
    }
    if (it->listed) return "turn " + std::string(pair.turn) + " is listed twice";
    it->listed = true;
    const CheckedNode child = table_->at(pair.child);
    if (it->reached != child.fingerprint) return not_reached(pair);
    deepest = std::max(deepest, child.depth);
  }
  for (const LegalTurn& t : legal_) {
    if (!t.listed) {
      return side_name(loser) + "'s legal turn " + t.turn + " is missing (" + std::to_string(legal_.size()) +
             " legal turns, " + std::to_string(node_.turns.size()) + " listed)";
    }
  }
  depth = deepest + 1;
  return std::nullopt;
}

std::optional<std::string> ProofChecker::earlier_child(const TurnChild& pair) const {
  if (pair.child >= 1 && pair.child < node_.id) return std::nullopt;
  return "turn " + std::string(pair.turn) + " leads to node " + std::to_string(pair.child) +
         ", which is not a node written before this one";
}

std::string ProofChecker::not_reached(const TurnChild& pair) const {
  const auto reached = play_turn(pos_, pair.turn);
  return "turn " + std::string(pair.turn) + " reaches " + (reached ? canonical_fen(*reached) : reached.error()) +
         ", not the position of node " + std::to_string(pair.child);
}

std::optional<Stop> ProofChecker::finish() const {
  if (!header_.complete()) {
    HeaderFlaw flaw = header_.missing();
    return Stop{flaw.not_a_proof ? CheckStatus::Error : CheckStatus::Rejected, std::move(flaw.why)};
  }
  if (!closed_) return Stop{CheckStatus::Rejected, "the proof is incomplete: it ends without its closing 'proven' line"};
  return std::nullopt;
}

CheckResult stopped(CheckResult result, uint64_t line, Stop stop) {
  result.status = stop.status;
  result.line = line;
  result.why = std::move(stop.why);
  return result;
}

}  // namespace

std::string CheckResult::flaw() const { return line ? std::to_string(line) + ": " + why : why; }

CheckResult check_proof(const std::string& path, const CheckOptions& options) {
  CheckResult result;
  auto reader = LineReader::open(path);
  if (!reader) return stopped(std::move(result), 0, {CheckStatus::Error, reader.error()});
  std::error_code no_temp_directory;
  std::string directory = std::filesystem::temp_directory_path(no_temp_directory).string();
  if (no_temp_directory) directory = "/tmp";
  auto table = NodeTable::create(directory);
  if (!table) return stopped(std::move(result), 0, {CheckStatus::Error, table.error()});

  ProofChecker checker(result, std::move(*table));
  uint64_t last_line = 0;
  while (true) {
    const auto line = (*reader)->next();
    if (!line) {
      const std::string where = last_line ? " (after line " + std::to_string(last_line) + ")" : "";
      return stopped(std::move(result), 0, {CheckStatus::Error, line.error() + where});
    }
    if (!*line) break;
    last_line = (*line)->number;
    if (options.interrupt && options.interrupt->load(std::memory_order_relaxed)) {
      return stopped(std::move(result), last_line, {CheckStatus::Interrupted, "interrupted"});
    }
    if (options.progress && last_line % kProgressLines == 0) options.progress(last_line, (*reader)->bytes_read());
    const std::string_view text = (*line)->text;
    if (text.empty() || text[0] == '#') continue;
    if (auto stop = checker.take(text)) return stopped(std::move(result), last_line, std::move(*stop));
  }
  if (auto stop = checker.finish()) return stopped(std::move(result), last_line, std::move(*stop));
  return result;
}

}  // namespace dm::proof
