#include "solver/report/json_format.h"

#include "solver/report/turn_text.h"
#include "solver/tree/tree_turns.h"

namespace dm::report {

namespace {

using nlohmann::ordered_json;
using tree::AttackNode;

ordered_json turn_json(const Position& pos, const Turn& turn, tree::Ending ending = tree::Ending::None) {
  return {{"uci", turn_to_uci(turn)}, {"san", turn_san(pos, turn, ending)}};
}

ordered_json defences_json(const std::vector<tree::DefenceGroup>& groups, const Position& pos);

ordered_json attack_json(const AttackNode& node, const Position& pos) {
  ordered_json out = turn_json(pos, node.turn, node.ending);
  out["ending"] = ending_name(node.ending);
  out["length"] = node.length;
  out["duals"] = ordered_json::array();
  for (const Turn& dual : node.duals) out["duals"].push_back(turn_json(pos, dual, node.ending));
  const Position after = after_turn(pos, node.turn);
  out["threats"] = ordered_json::array();
  // A threat is played as if the defender passed its turn.
  if (const auto passed = tree::passed_position(after)) {
    for (const AttackNode& threat : node.threats) out["threats"].push_back(attack_json(threat, *passed));
  }
  out["defences"] = defences_json(node.defences, after);
  return out;
}

// Defender turns in pos grouped by the answer.
ordered_json defences_json(const std::vector<tree::DefenceGroup>& groups, const Position& pos) {
  ordered_json out = ordered_json::array();
  for (const tree::DefenceGroup& group : groups) {
    ordered_json g;
    g["turns"] = ordered_json::array();
    for (const Turn& turn : group.turns) g["turns"].push_back(turn_json(pos, turn, group.ending));
    g["ending"] = ending_name(group.ending);
    g["answer"] = group.answer.empty() || group.turns.empty()
                      ? ordered_json(nullptr)
                      : attack_json(group.answer.front(), after_turn(pos, group.turns.front()));
    out.push_back(std::move(g));
  }
  return out;
}

ordered_json line_json(const search::Line& line, const Position& start, const search::Stipulation& stipulation) {
  ordered_json out = ordered_json::array();
  Position pos = start;
  const search::Line played = played_line(line, stipulation);
  for (size_t i = 0; i < played.size(); ++i) {
    const Position after = after_turn(pos, played[i]);
    const bool last = i + 1 == played.size();
    const tree::Ending ending = last ? tree::ending_of(after, stipulation, pos.side_to_move()) : tree::Ending::None;
    if (!is_pass(played[i])) out.push_back(turn_json(pos, played[i], ending));  // the turns of the line alone
    pos = after;
  }
  return out;
}

ordered_json tree_field(const tree::SolutionTree& tree) {
  ordered_json out;
  if (tree.stipulation.has_lines()) {
    out["solutions"] = ordered_json::array();
    for (const search::Line& line : tree.solutions) out["solutions"].push_back(line_json(line, tree.position, tree.stipulation));
    out["set_play"] = ordered_json::array();
    if (const auto passed = tree::passed_position(tree.position)) {
      for (const search::Line& line : tree.set_play) out["set_play"].push_back(line_json(line, *passed, tree.stipulation));
    }
    out["solutions_complete"] = tree.solutions_complete;
  } else {
    out["keys"] = ordered_json::array();
    for (const AttackNode& key : tree.keys) out["keys"].push_back(attack_json(key, tree.position));
    out["tries"] = ordered_json::array();
    for (const tree::Try& t : tree.tries) {
      ordered_json j;
      j["play"] = attack_json(t.play, tree.position);
      j["stalemates"] = t.stalemates;
      j["refutations"] = ordered_json::array();
      const Position after = after_turn(tree.position, t.play.turn);
      for (const tree::Refutation& r : t.refutations) {
        ordered_json refutation = turn_json(after, r.turn);
        refutation["ending"] = ending_name(r.ending);
        j["refutations"].push_back(std::move(refutation));
      }
      out["tries"].push_back(std::move(j));
    }
    out["tries_complete"] = tree.tries_complete;
    if (tree.stipulation.is_proof()) out["defences"] = defences_json(tree.defences, tree.position);
  }
  out["rechecked"] = tree.rechecked;
  return out;
}

}  // namespace

ordered_json tree_to_json(const tree::SolutionTree& tree, const FormatOptions& options) {
  ordered_json out;
  if (!options.id.empty()) out["id"] = options.id;
  for (const auto& [name, value] : options.labels.fields()) {
    if (name != "twin") out[name] = value;
  }
  if (!options.labels.twin.empty()) {
    out["twin"] = options.labels.twin;
    out["twin_changes"] = options.labels.twin_changes;
    out["twin_continued"] = options.labels.twin_continued;
  }
  out["variant"] = tree.variant;
  out["rules"] = tree.rule_options;
  out["fen"] = tree.position.fen();
  out["stipulation"] = tree.stipulation.to_string();
  out["status"] = search::status_name(tree.status);
  out["length"] = tree.length;
  if (tree.stipulation.has_lines()) {
    std::vector<std::string> lines;
    for (const auto& line : tree.solutions) lines.push_back(search::line_to_uci(line));
    out["solutions"] = lines;
  } else {
    std::vector<std::string> keys;
    for (const auto& key : tree.keys) keys.push_back(turn_to_uci(key.turn));
    out["keys"] = keys;
  }
  out["nodes"] = tree.nodes;
  out["seconds"] = tree.seconds;
  out["solve_nodes"] = tree.solve_nodes;
  out["solve_seconds"] = tree.solve_seconds;
  out["threads"] = tree.threads;
  if (tree.stipulation.is_proof()) {
    ordered_json proof(nullptr);
    if (tree.proof) {
      const bool kept = !tree.proof->file.empty() && !tree.proof->temporary;
      proof = {{"nodes", tree.proof->nodes},
               {"depth", tree.proof->depth},
               {"file", kept ? ordered_json(tree.proof->file) : ordered_json(nullptr)}};
    }
    out["proof"] = proof;
    if (!tree.proof_error.empty()) out["proof_error"] = tree.proof_error;
  }
  out["tree"] = tree_field(tree);
  return out;
}

std::string write_json(const tree::SolutionTree& tree, const FormatOptions& options) {
  return options.pretty ? tree_to_json(tree, options).dump(2) : tree_to_json(tree, options).dump();
}

}  // namespace dm::report
