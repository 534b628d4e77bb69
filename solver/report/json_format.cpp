#include "solver/report/json_format.h"

#include <optional>

#include "solver/report/json_writer.h"
#include "solver/report/solution_rows.h"
#include "solver/report/turn_text.h"
#include "solver/tree/tree_turns.h"

namespace dm::report {

namespace {

using tree::AttackNode;

// {"uci": ..., "san": ...}, the members of a turn; the caller opens and closes its object.
void turn_members(JsonWriter& out, const Position& pos, const Turn& turn, tree::Ending ending = tree::Ending::None) {
  out.key("uci").value(turn_to_uci(turn));
  out.key("san").value(turn_san(pos, turn, ending));
}

void turn_object(JsonWriter& out, const Position& pos, const Turn& turn, tree::Ending ending) {
  out.begin_object();
  turn_members(out, pos, turn, ending);
  out.end_object();
}

void defences_array(JsonWriter& out, const std::vector<tree::DefenceGroup>& groups, const AttackNode* below,
                    const Position& pos);

void attack_object(JsonWriter& out, const AttackNode& node, const Position& pos) {
  out.begin_object();
  turn_members(out, pos, node.turn, node.ending);
  out.key("ending").value(ending_name(node.ending));
  out.key("length").value(node.length);
  out.key("duals").begin_array();
  for (const Turn& dual : node.duals) turn_object(out, pos, dual, node.ending);
  out.end_array();
  // A final move (most of a tree's nodes) has nothing below it: the position after it is not made.
  std::optional<Position> after;
  if (!node.threats.empty() || !node.defences.empty()) after = after_turn(pos, node.turn);
  out.key("threats").begin_array();
  // A threat is played as if the defender passed its turn.
  if (!node.threats.empty()) {
    if (const auto passed = tree::passed_position(*after)) {
      for (const AttackNode& threat : node.threats) attack_object(out, threat, *passed);
    }
  }
  out.end_array();
  out.key("defences");
  defences_array(out, node.defences, &node, after ? *after : pos);  // no defences: pos is not read
  out.end_object();
}

// Defender turns in pos grouped by the answer; each group says whether a threat of the attacker
// turn they are below answers it (the text leaves those out, as Popeye does).
void defences_array(JsonWriter& out, const std::vector<tree::DefenceGroup>& groups, const AttackNode* below,
                    const Position& pos) {
  out.begin_array();
  for (const tree::DefenceGroup& group : groups) {
    out.begin_object();
    out.key("turns").begin_array();
    for (const Turn& turn : group.turns) turn_object(out, pos, turn, group.ending);
    out.end_array();
    out.key("ending").value(ending_name(group.ending));
    out.key("threat_answers").value(below != nullptr && tree::answered_by_threat(*below, group));
    out.key("answer");
    if (group.answer.empty() || group.turns.empty()) {
      out.null();
    } else {
      attack_object(out, group.answer.front(), after_turn(pos, group.turns.front()));
    }
    out.end_object();
  }
  out.end_array();
}

void line_array(JsonWriter& out, const problem::Line& line, const Position& start, const problem::Stipulation& stipulation) {
  out.begin_array();
  Position pos = start;
  const problem::Line played = played_line(line, stipulation);
  for (size_t i = 0; i < played.size(); ++i) {
    const Position after = after_turn(pos, played[i]);
    const bool last = i + 1 == played.size();
    const tree::Ending ending = last ? tree::ending_of(after, stipulation, pos.side_to_move()) : tree::Ending::None;
    if (!is_pass(played[i])) turn_object(out, pos, played[i], ending);  // the turns of the line alone
    pos = after;
  }
  out.end_array();
}

void tries_array(JsonWriter& out, const tree::SolutionTree& tree) {
  out.begin_array();
  for (const tree::Try& t : tree.tries) {
    out.begin_object();
    out.key("play");
    attack_object(out, t.play, tree.position);
    out.key("stalemates").value(t.stalemates);
    out.key("refutations").begin_array();
    const Position after = after_turn(tree.position, t.play.turn);
    for (const tree::Refutation& r : t.refutations) {
      out.begin_object();
      turn_members(out, after, r.turn);
      out.key("ending").value(ending_name(r.ending));
      out.end_object();
    }
    out.end_array();
    out.end_object();
  }
  out.end_array();
}

void tree_object(JsonWriter& out, const tree::SolutionTree& tree) {
  out.begin_object();
  if (tree.stipulation.has_lines()) {
    out.key("solutions").begin_array();
    for (const problem::Line& line : tree.solutions) line_array(out, line, tree.position, tree.stipulation);
    out.end_array();
    out.key("set_play").begin_array();
    if (const auto passed = tree::passed_position(tree.position)) {
      for (const problem::Line& line : tree.set_play) line_array(out, line, *passed, tree.stipulation);
    }
    out.end_array();
    out.key("solutions_complete").value(tree.solutions_complete);
    out.key("set_play_complete").value(tree.set_play_complete);
  } else {
    out.key("keys").begin_array();
    for (const AttackNode& key : tree.keys) attack_object(out, key, tree.position);
    out.end_array();
    out.key("tries");
    tries_array(out, tree);
    out.key("tries_complete").value(tree.tries_complete);
    if (tree.post_key) {
      // The play after the key taken as played (Popeye's postkeyplay): its threats and defences.
      const auto after_key = tree::passed_position(tree.position);
      out.key("post_key_play").begin_object();
      out.key("threats").begin_array();
      if (after_key) {
        if (const auto attacker_again = tree::passed_position(*after_key)) {
          for (const AttackNode& threat : tree.post_key->threats) attack_object(out, threat, *attacker_again);
        }
      }
      out.end_array();
      out.key("defences");
      defences_array(out, after_key ? tree.post_key->defences : std::vector<tree::DefenceGroup>{}, &*tree.post_key,
                     after_key ? *after_key : tree.position);
      out.end_object();
    }
    if (tree.set_play_sought) {
      // Defender turns where the attacker passed, each with its answer (tree.set_variations).
      const auto passed = tree::passed_position(tree.position);
      out.key("set_play");
      defences_array(out, passed ? tree.set_variations : std::vector<tree::DefenceGroup>{}, nullptr,
                     passed ? *passed : tree.position);
    }
    if (tree.stipulation.is_proof()) {
      out.key("defences");
      defences_array(out, tree.defences, nullptr, tree.position);
    }
  }
  out.key("rechecked").value(tree.rechecked);
  out.end_object();
}

void proof_object(JsonWriter& out, const tree::SolutionTree& tree) {
  if (!tree.proof) {
    out.null();
    return;
  }
  out.begin_object();
  out.key("nodes").value(tree.proof->nodes);
  out.key("depth").value(tree.proof->depth);
  out.key("file");
  if (!tree.proof->file.empty() && !tree.proof->temporary) {
    out.value(tree.proof->file);
  } else {
    out.null();
  }
  out.end_object();
}

}  // namespace

std::string write_json(const tree::SolutionTree& tree, const FormatOptions& options) {
  JsonWriter out(options.pretty);
  out.begin_object();
  if (!options.id.empty()) out.key("id").value(options.id);
  for (const auto& [name, value] : options.labels.fields()) {
    if (name != "twin") out.key(name).value(value);
  }
  if (!options.labels.twin.empty()) {
    out.key("twin").value(options.labels.twin);
    out.key("twin_changes").value(options.labels.twin_changes);
    out.key("twin_continued").value(options.labels.twin_continued);
  }
  out.key("variant").value(tree.variant);
  out.key("rules").value(tree.rule_options);
  out.key("fen").value(tree.position.fen());
  out.key("stipulation").value(tree.stipulation.to_string());
  if (const std::string play = who_plays(tree); !play.empty()) out.key("play").value(play);
  out.key("status").value(problem::status_name(tree.status));
  out.key("length").value(tree.length);
  if (tree.stipulation.has_lines()) {
    out.key("solutions").begin_array();
    for (const auto& line : tree.solutions) out.value(problem::line_to_uci(line));
    out.end_array();
    // The solutions of fewer attacker (series) turns than stipulated, each also in `solutions`.
    out.key("short_solutions").begin_array();
    for (const auto& line : tree.solutions) {
      if (tree.stipulation.line_length(line.size()) < tree.stipulation.turns) out.value(problem::line_to_uci(line));
    }
    out.end_array();
  } else {
    out.key("keys").begin_array();
    for (const auto& key : tree.keys) out.value(turn_to_uci(key.turn));
    out.end_array();
  }
  out.key("nodes").value(tree.nodes);
  out.key("seconds").value(tree.seconds);
  out.key("solve_nodes").value(tree.solve_nodes);
  out.key("solve_seconds").value(tree.solve_seconds);
  out.key("threads").value(tree.threads);
  if (tree.stipulation.is_proof()) {
    out.key("proof");
    proof_object(out, tree);
    if (!tree.proof_error.empty()) out.key("proof_error").value(tree.proof_error);
  }
  out.key("tree");
  tree_object(out, tree);
  out.end_object();
  return out.take();
}

nlohmann::ordered_json tree_to_json(const tree::SolutionTree& tree, const FormatOptions& options) {
  FormatOptions compact = options;
  compact.pretty = false;
  return nlohmann::ordered_json::parse(write_json(tree, compact));
}

}  // namespace dm::report
