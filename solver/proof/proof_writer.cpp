#include "solver/proof/proof_writer.h"

#include <algorithm>
#include <charconv>

namespace dm::proof {

namespace {

constexpr std::string_view kFormatLine = "dmsolve-proof 1";

}  // namespace

std::string proof_fen(const Position& pos) {
  std::string fen = pos.fen();
  size_t end = 0;
  for (int field = 0; field < 4 && end != std::string::npos; ++field) end = fen.find(' ', end + (field > 0 ? 1 : 0));
  if (end != std::string::npos) fen.resize(end);
  return fen;
}

Expected<std::unique_ptr<ProofWriter>> ProofWriter::open(const std::string& path, const Position& root, Color winner) {
  return start(AtomicLineWriter::open(path), root, winner);
}

Expected<std::unique_ptr<ProofWriter>> ProofWriter::in_memory(const Position& root, Color winner) {
  return start(AtomicLineWriter::in_memory(true), root, winner);
}

Expected<std::unique_ptr<ProofWriter>> ProofWriter::start(Expected<std::unique_ptr<AtomicLineWriter>> out,
                                                          const Position& root, Color winner) {
  if (!out) return Expected<std::unique_ptr<ProofWriter>>::failure(out.error());
  std::unique_ptr<ProofWriter> writer(new ProofWriter(std::move(*out)));
  AtomicLineWriter& lines = *writer->out_;
  const Variant& variant = root.variant();
  std::vector<std::string>& header = writer->header_;
  header.emplace_back(kFormatLine);
  header.push_back("variant " + std::string(variant.name));
  const std::string options = variant.describe_options();
  for (size_t begin = 0; begin < options.size();) {
    const size_t end = std::min(options.find(' ', begin), options.size());
    header.push_back("rule " + options.substr(begin, end - begin));
    begin = end + 1;
  }
  header.push_back("position " + proof_fen(root));
  header.emplace_back(winner == Color::White ? "winner white" : "winner black");
  for (const std::string& line : header) lines.write_line(line);
  return writer;
}

void ProofWriter::start_node(std::string_view kind, const Position& pos) {
  line_ = std::to_string(++nodes_);
  line_ += ' ';
  line_ += kind;
  line_ += ' ';
  line_ += proof_fen(pos);
}

void ProofWriter::add_turn(const Turn& turn, uint64_t child) {
  line_ += ' ';
  line_ += turn_to_uci(turn);
  line_ += ' ';
  line_ += std::to_string(child);
}

uint64_t ProofWriter::end_node(const Position& pos) {
  start_node("end", pos);
  out_->write_line(line_);
  return nodes_;
}

uint64_t ProofWriter::win_node(const Position& pos, const Turn& turn, uint64_t child) {
  start_node("win", pos);
  line_ += " :";
  add_turn(turn, child);
  out_->write_line(line_);
  return nodes_;
}

uint64_t ProofWriter::all_node(const Position& pos, const std::vector<std::pair<Turn, uint64_t>>& turns) {
  start_node("all", pos);
  line_ += " :";
  for (const auto& [turn, child] : turns) add_turn(turn, child);
  out_->write_line(line_);
  return nodes_;
}

bool ProofWriter::renumber(std::string_view line, uint64_t offset) {
  // "ID KIND F1 F2 F3 F4" and, for win and all, " : TURN CHILD ...": numbers at fields 0 and
  // 8, 10, ...
  line_.clear();
  size_t field = 0;
  for (size_t begin = 0; begin <= line.size(); ++field) {
    const size_t end = std::min(line.find(' ', begin), line.size());
    const std::string_view word = line.substr(begin, end - begin);
    if (!line_.empty()) line_ += ' ';
    if (field == 0 || (field >= 8 && field % 2 == 0)) {
      uint64_t number = 0;
      const auto [rest, ec] = std::from_chars(word.data(), word.data() + word.size(), number);
      if (ec != std::errc() || rest != word.data() + word.size()) return false;
      line_ += std::to_string(number + offset);
    } else {
      line_ += word;
    }
    begin = end + 1;
  }
  return field >= 6;
}

Expected<uint64_t> ProofWriter::append_proof(const std::string& path) {
  auto reader = LineReader::open(path);
  if (!reader) return Expected<uint64_t>::failure(path + ": " + reader.error());
  const uint64_t offset = nodes_;
  size_t header_line = 0;
  for (;;) {
    auto line = (*reader)->next();
    if (!line) return Expected<uint64_t>::failure(path + ": " + line.error());
    if (!*line) return Expected<uint64_t>::failure(path + ": no 'proven' line: the proof is incomplete");
    const std::string_view text = (*line)->text;
    const auto fail = [&](const std::string& why) {
      return Expected<uint64_t>::failure(path + ":" + std::to_string((*line)->number) + ": " + why);
    };
    if (text.empty() || text.front() == '#') continue;
    if (header_line < header_.size()) {
      // The header's "position" line names the copied proof's own root; the rest must agree.
      if (text.substr(0, 9) != "position " && text != header_[header_line]) {
        return fail("'" + std::string(text) + "' where this proof has '" + header_[header_line] + "'");
      }
      ++header_line;
      continue;
    }
    if (text.substr(0, 7) == "proven ") {
      uint64_t root = 0;
      const std::string_view number = text.substr(7);
      const auto [rest, ec] = std::from_chars(number.data(), number.data() + number.size(), root);
      if (ec != std::errc() || rest != number.data() + number.size() || root + offset != nodes_ || root == 0) {
        return fail("the root is not the last node");
      }
      return nodes_;
    }
    if (!renumber(text, offset)) return fail("not a node line");
    if (line_.compare(0, line_.find(' '), std::to_string(nodes_ + 1)) != 0) return fail("a node out of order");
    out_->write_line(line_);
    ++nodes_;
  }
}

std::optional<std::string> ProofWriter::finish(uint64_t root) {
  if (root != nodes_ || root == 0) {
    return "the proof's root must be the last node written (node " + std::to_string(nodes_) + "), not node " +
           std::to_string(root);
  }
  out_->write_line("proven " + std::to_string(root));
  return out_->commit();
}

}  // namespace dm::proof
