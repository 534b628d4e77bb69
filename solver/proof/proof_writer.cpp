#include "solver/proof/proof_writer.h"

#include <algorithm>

namespace dm::proof {

namespace {

constexpr std::string_view kFormatLine = "dmsolve-proof 1";

// The first four fields of pos.fen() (board, side, castling, e.p.), appended to text.
void append_fen(std::string& text, const Position& pos) {
  const std::string fen = pos.fen();
  size_t end = 0;
  for (int field = 0; field < 4 && end != std::string::npos; ++field) end = fen.find(' ', end + (field > 0 ? 1 : 0));
  text.append(fen, 0, end);
}

}  // namespace

Expected<std::unique_ptr<ProofWriter>> ProofWriter::open(const std::string& path, const Position& root, Color winner) {
  auto out = AtomicLineWriter::open(path);
  if (!out) return Expected<std::unique_ptr<ProofWriter>>::failure(out.error());
  std::unique_ptr<ProofWriter> writer(new ProofWriter(std::move(*out)));
  AtomicLineWriter& lines = *writer->out_;
  const Variant& variant = root.variant();
  lines.write_line(kFormatLine);
  lines.write_line("variant " + std::string(variant.name));
  const std::string options = variant.describe_options();
  for (size_t begin = 0; begin < options.size();) {
    const size_t end = std::min(options.find(' ', begin), options.size());
    lines.write_line("rule " + options.substr(begin, end - begin));
    begin = end + 1;
  }
  std::string position = "position ";
  append_fen(position, root);
  lines.write_line(position);
  lines.write_line(winner == Color::White ? "winner white" : "winner black");
  return writer;
}

void ProofWriter::start_node(std::string_view kind, const Position& pos) {
  line_ = std::to_string(++nodes_);
  line_ += ' ';
  line_ += kind;
  line_ += ' ';
  append_fen(line_, pos);
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

std::optional<std::string> ProofWriter::finish(uint64_t root) {
  if (root != nodes_ || root == 0) {
    return "the proof's root must be the last node written (node " + std::to_string(nodes_) + "), not node " +
           std::to_string(root);
  }
  out_->write_line("proven " + std::to_string(root));
  return out_->commit();
}

}  // namespace dm::proof
