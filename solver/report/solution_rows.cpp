#include "solver/report/solution_rows.h"

#include <deque>

#include "rules/notation.h"
#include "solver/report/piece_letters.h"
#include "solver/report/turn_text.h"
#include "solver/tree/tree_turns.h"

namespace dm::report {

namespace {

using tree::AttackNode;
using tree::DefenceGroup;
using tree::Ending;

std::string attacker_number(int n) { return std::to_string(n) + "."; }
std::string defender_number(int n) { return std::to_string(n) + "..."; }

// SAN with the problemist's mark of an e.p. capture after the move it is ("dxe6 e.p.#"; Popeye
// writes "d5*e6 ep. #"). PGN and JSON keep plain SAN. `san` holds one SAN a move, joined by ','.
std::string with_en_passant(const Turn& turn, const std::string& san) {
  bool any = false;
  for (const Move m : turn) any |= m.kind() == MoveKind::EnPassant;
  if (!any) return san;
  std::vector<std::string> parts;
  for (size_t begin = 0;;) {
    const size_t end = san.find(',', begin);
    parts.push_back(san.substr(begin, end == std::string::npos ? std::string::npos : end - begin));
    if (end == std::string::npos) break;
    begin = end + 1;
  }
  if (parts.size() != turn.size()) return san;
  std::string out;
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string part = parts[i];
    if (turn[i].kind() == MoveKind::EnPassant) {
      const size_t mark = part.find_last_not_of("+#");
      part = part.substr(0, mark + 1) + " e.p." + part.substr(mark + 1);
    }
    out += (i ? "," : "") + part;
  }
  return out;
}

// SAN of turn in pos, its piece letters as chosen (piece_letters.h).
std::string lettered_san(const Position& pos, const Turn& turn, PieceLetters letters) {
  return localized_san(turn_to_san(pos, turn), letters);
}

// turn_san with the e.p. mark, in the letters chosen.
std::string problem_san(const Position& pos, const Turn& turn, PieceLetters letters, Ending ending = Ending::None) {
  const std::string san = lettered_san(pos, turn, letters);
  return with_en_passant(turn, san) + ending_mark(pos, turn, san, ending);
}

// An attacker's turn: "1.Qf2!", "2.Qb2#", "1.Bxf7,Bxe8! (king captured)"; the key's "!" or the
// try's "?" comes straight after the moves, before a mark of the ending.
std::string attack_text(const Position& pos, const Turn& turn, Ending ending, int n, std::string_view mark,
                        PieceLetters letters) {
  const std::string san = lettered_san(pos, turn, letters);
  return attacker_number(n) + with_en_passant(turn, san) + std::string(mark) + ending_mark(pos, turn, san, ending);
}

// The attacker's other turns of the same worth: all of them with options.full, else a few. The
// answer before them shows how they end, so they carry no ending mark beyond SAN's own "#".
std::string duals_text(const AttackNode& node, const Position& pos, int n, const FormatOptions& options) {
  const size_t count = node.duals.size();
  const size_t shown = options.lists_each(count, pos.variant().is_multi_move()) ? count : options.shown(count);
  std::string text;
  for (size_t i = 0; i < shown; ++i) {
    text += (i ? " " : "") + attack_text(pos, node.duals[i], Ending::None, n, "", options.letters);
  }
  if (shown < count) text += " ... " + std::to_string(count) + " duals";
  return " (" + text + ")";
}

class RowWriter {
 public:
  RowWriter(const problem::Stipulation& stipulation, const FormatOptions& options)
      : stipulation_(stipulation), options_(options) {}

  // The row of an attacker turn made in pos as turn n, and the rows below it.
  Row attack(const AttackNode& node, const Position& pos, int n, std::string_view mark) const {
    Row row;
    row.text = attack_text(pos, node.turn, node.ending, n, mark, options_.letters);
    if (!node.duals.empty()) row.text += duals_text(node, pos, n, options_);
    play_steps(pos, node.turn, row);
    const Position after = after_turn(pos, node.turn);
    add_threats(node, after, n + 1, row);
    for (const DefenceGroup& group : node.defences) {
      // A defence after which a threat still works is answered by it: not shown.
      if (!options_.compact && tree::answered_by_threat(node, group)) continue;
      add_defence(group, after, n, row.children);
    }
    return row;
  }

  // A first turn (key or try) that threatens nothing, the defender not in check, where threats
  // were looked for: Popeye's "zugzwang." after it.
  bool zugzwang(const AttackNode& node, const Position& pos, bool threats_sought) const {
    if (options_.compact || !threats_sought || !node.threats.empty() || node.ending != Ending::None) return false;
    return !node.defences.empty() && !after_turn(pos, node.turn).in_check();
  }

  // A group of turns of the side to move in a lost position (lose, loseN), each "1.X" with the
  // opponent's winning answer "1...Y" (the proof holds the rest).
  void add_lost_turns(const DefenceGroup& group, const Position& pos, std::vector<Row>& rows) const {
    // The row of `turn` (written `text`) and the winning answer to it.
    const auto row_of = [&](const Turn& turn, std::string text) {
      Row row;
      play_steps(pos, turn, row);
      if (!group.answer.empty()) {
        const AttackNode& answer = group.answer.front();
        const Position after = after_turn(pos, turn);
        text += " " + defender_number(1) + problem_san(after, answer.turn, options_.letters, answer.ending);
        play_steps(after, answer.turn, row);
      }
      row.text = std::move(text);
      return row;
    };
    const size_t count = group.turns.size();
    if (options_.lists_each(count, pos.variant().is_multi_move())) {
      for (const Turn& turn : group.turns) {
        rows.push_back(row_of(turn, attacker_number(1) + problem_san(pos, turn, options_.letters, group.ending)));
      }
      return;
    }
    const size_t shown = options_.shown(count);
    std::string text = attacker_number(1) + "(" + std::to_string(count) + " turns:";
    for (size_t i = 0; i < shown; ++i) text += " " + problem_san(pos, group.turns[i], options_.letters, group.ending);
    text += shown < count ? " ...)" : ")";
    rows.push_back(row_of(group.turns.front(), text));
  }

  Row try_row(const tree::Try& t, const Position& pos, bool threats_sought) const {
    Row row = attack(t.play, pos, 1, "?");
    if (zugzwang(t.play, pos, threats_sought)) row.text += " zugzwang.";
    // A try that stalemates the defender has no refutation to show; say so instead of "=".
    if (t.stalemates || t.play.ending == Ending::Stalemate) {
      row.text = attack_text(pos, t.play.turn, Ending::None, 1, "? (stalemate)", options_.letters);
    }
    const Position after = after_turn(pos, t.play.turn);
    std::string but;
    for (const auto& refutation : t.refutations) {
      but += " " + defender_number(1) + problem_san(after, refutation.turn, options_.letters) + "!";
      if (refutation.ending == Ending::Stalemate) but += " (stalemate)";
    }
    if (!but.empty()) {
      Row refuted{"but" + but, {}, {}};
      play_steps(after, t.refutations.front().turn, refuted);
      row.children.push_back(std::move(refuted));
    }
    return row;
  }

  // The play after a key taken as played (SolutionTree::post_key), as Popeye's postkeyplay
  // prints it: "threat: 2.Nb6#" or "zugzwang.", then each defence with its answer.
  void add_post_key(const AttackNode& key, const Position& after_key, bool threats_sought,
                    std::vector<Row>& rows) const {
    Row head;
    add_threats(key, after_key, 2, head);
    if (head.text.empty() && threats_sought && !after_key.in_check()) head.text = " zugzwang.";
    if (!head.text.empty()) {
      head.text.erase(0, 1);  // the threat's text follows a key's elsewhere
      rows.push_back(std::move(head));
    }
    for (const DefenceGroup& group : key.defences) {
      if (!options_.compact && tree::answered_by_threat(key, group)) continue;
      const size_t first = rows.size();
      add_defence(group, after_key, 1, rows);
      if (group.answer.empty() && group.ending == Ending::None) {
        for (size_t i = first; i < rows.size(); ++i) rows[i].text += " refutes.";
      }
    }
  }

  // A defence of the set play (direct, self and reflex play), in the position where the
  // attacker passed: "1...Kd5 2.Qc5#".
  void add_set_variation(const DefenceGroup& group, const Position& passed, std::vector<Row>& rows) const {
    add_defence(group, passed, 1, rows);
  }

  // A line of help play from start, opened by the attacker or by the defender.
  Row line(const problem::Line& line, const Position& start, bool attacker_first) const {
    Position pos = start;
    std::string text;
    Row row;
    int n = 1;
    bool attacker = attacker_first;
    for (size_t i = 0; i < line.size(); ++i) {
      const Position after = after_turn(pos, line[i]);
      const Ending ending = i + 1 == line.size() ? tree::ending_of(after, stipulation_, pos.side_to_move()) : Ending::None;
      if (!text.empty()) text += ' ';
      // Help play numbers pairs (defender, attacker); an attacker's opening turn is "1...".
      if (!attacker) text += attacker_number(n);
      else if (i == 0) text += defender_number(n);
      text += problem_san(pos, line[i], options_.letters, ending);
      play_steps(pos, line[i], row);
      if (attacker) ++n;
      attacker = !attacker;
      pos = after;
    }
    row.text = std::move(text);
    return row;
  }

  // A series line: the series turns numbered 1, 2, ... (the other side passing between them),
  // then in ser-h# and ser-s# the other side's last turn after the last one: "1.Kb2 2.Qd4+ Kxd4#".
  Row series_line(const problem::Line& line, const Position& start) const {
    const problem::Line played = played_line(line, stipulation_);
    const int series_turns = stipulation_.line_length(line.size());
    Position pos = start;
    std::string text;
    Row row;
    int n = 0;
    for (size_t i = 0; i < played.size(); ++i) {
      const Position after = after_turn(pos, played[i]);
      play_steps(pos, played[i], row);
      if (!is_pass(played[i])) {
        const bool last = i + 1 == played.size();
        const Ending ending = last ? tree::ending_of(after, stipulation_, pos.side_to_move()) : Ending::None;
        if (!text.empty()) text += ' ';
        if (n < series_turns) text += attacker_number(++n);
        text += problem_san(pos, played[i], options_.letters, ending);
      }
      pos = after;
    }
    row.text = std::move(text);
    return row;
  }

 private:
  // With FormatOptions::steps: the moves of `turn`, played in pos, after the row's steps so far.
  void play_steps(const Position& pos, const Turn& turn, Row& row) const {
    if (options_.steps) append_steps(pos, turn, options_.letters, row.steps);
  }

  // Threats are attacker turns played as if the defender passed: SAN is read in that position.
  void add_threats(const AttackNode& node, const Position& after, int n, Row& row) const {
    if (node.threats.empty()) return;
    const auto passed = tree::passed_position(after);
    if (!passed) return;
    bool simple = true;
    for (const AttackNode& threat : node.threats) simple &= threat.defences.empty() && threat.threats.empty();
    row.text += " threat:";
    if (simple || options_.compact) {
      for (const AttackNode& threat : node.threats) {
        row.text += " " + attack_text(*passed, threat.turn, threat.ending, n, "", options_.letters);
        if (!threat.duals.empty()) row.text += duals_text(threat, *passed, n, options_);
      }
      return;
    }
    for (const AttackNode& threat : node.threats) row.children.push_back(attack(threat, *passed, n, ""));
  }

  // The answer's own row text goes on the defence's line; its rows go below the defence.
  void add_defence(const DefenceGroup& group, const Position& pos, int n, std::vector<Row>& rows) const {
    const auto line_after = [&](const Turn& turn, std::string text) {
      Row row;
      play_steps(pos, turn, row);
      if (!group.answer.empty()) {
        Row answer = attack(group.answer.front(), after_turn(pos, turn), n + 1, "");
        text += " " + answer.text;
        row.children = std::move(answer.children);
        if (!answer.steps.empty()) row.steps.insert(row.steps.end(), answer.steps.begin() + 1, answer.steps.end());
      }
      row.text = std::move(text);
      return row;
    };
    const size_t count = group.turns.size();
    if (options_.lists_each(count, pos.variant().is_multi_move())) {
      for (const Turn& turn : group.turns) {
        rows.push_back(line_after(turn, defender_number(n) + problem_san(pos, turn, options_.letters, group.ending)));
      }
      return;
    }
    const size_t shown = options_.shown(count);
    std::string text = defender_number(n) + "(" + std::to_string(count) + " turns:";
    for (size_t i = 0; i < shown; ++i) text += " " + problem_san(pos, group.turns[i], options_.letters, group.ending);
    text += shown < count ? " ...)" : ")";
    rows.push_back(line_after(group.turns.front(), text));
  }

  const problem::Stipulation& stipulation_;
  const FormatOptions& options_;
};

}  // namespace

SolutionRows solution_rows(const tree::SolutionTree& tree, const FormatOptions& options) {
  const RowWriter writer(tree.stipulation, options);
  SolutionRows rows;
  for (const tree::DefenceGroup& group : tree.defences) writer.add_lost_turns(group, tree.position, rows.defences);
  for (const AttackNode& key : tree.keys) {
    // A proof's key is one winning turn, not the shortest: it has no short solution to mark.
    const bool short_key = !tree.stipulation.is_proof() && key.length < tree.stipulation.turns;
    const std::string mark = short_key ? "! (short solution in " + std::to_string(key.length) + ")" : "!";
    Row row = writer.attack(key, tree.position, 1, mark);
    if (writer.zugzwang(key, tree.position, tree.threats_sought)) row.text += " zugzwang.";
    rows.keys.push_back(std::move(row));
  }
  for (const tree::Try& t : tree.tries) {
    // A first turn that stalemates the defender is no try (Popeye lists none); the compact
    // style shows it, marked.
    if (!options.compact && (t.stalemates || t.play.ending == tree::Ending::Stalemate)) continue;
    rows.tries.push_back(writer.try_row(t, tree.position, tree.threats_sought));
  }
  for (const problem::Line& line : tree.solutions) {
    Row row = tree.stipulation.is_series() ? writer.series_line(line, tree.position)
                                           : writer.line(line, tree.position, tree.stipulation.attacker_starts);
    row.text = std::to_string(rows.solutions.size() + 1) + ") " + row.text;
    // A line of fewer attacker (series) turns than stipulated is marked as a short solution.
    if (const int length = tree.stipulation.line_length(line.size()); length < tree.stipulation.turns) {
      row.text += " (short solution in " + std::to_string(length) + ")";
    }
    rows.solutions.push_back(std::move(row));
  }
  if (tree.post_key) {
    if (const auto after_key = tree::passed_position(tree.position)) {
      writer.add_post_key(*tree.post_key, *after_key, tree.threats_sought, rows.post_key);
    }
  }
  if (!tree.set_play.empty() || !tree.set_variations.empty()) {
    if (const auto passed = tree::passed_position(tree.position)) {
      for (const problem::Line& line : tree.set_play) rows.set_play.push_back(writer.line(line, *passed, true));
      for (const DefenceGroup& group : tree.set_variations) writer.add_set_variation(group, *passed, rows.set_play);
    }
  }
  return rows;
}

void append_steps(const Position& pos, const Turn& turn, PieceLetters letters, std::vector<Step>& steps) {
  if (steps.empty()) steps.push_back({"", pos.fen()});
  Position played = pos;
  std::deque<StateInfo> states;
  for (const Move m : turn) {
    const std::string san = m.kind() == MoveKind::Pass ? "--" : localized_san(move_to_san(played, m), letters);
    played.do_move(m, states.emplace_back());
    steps.push_back({san, played.fen()});
  }
}

std::string who_plays(const tree::SolutionTree& tree) {
  const problem::Stipulation& s = tree.stipulation;
  if (s.play != problem::Play::Help && s.play != problem::Play::SeriesHelp) return "";
  const Color first = tree.position.side_to_move();
  const Color attacker = s.attacker_starts ? first : ~first;
  const auto name = [](Color c) { return std::string(c == Color::White ? "White" : "Black"); };
  std::string text =
      name(first) + " begins, " + name(attacker) + (s.goal == problem::Goal::Stalemate ? " stalemates" : " mates");
  // Popeye's h#N and h=N have Black begin and White reach the goal; a FEN with w reads otherwise.
  if (s.play == problem::Play::Help && !s.attacker_starts && first == Color::White) {
    const std::string goal = s.goal == problem::Goal::Stalemate ? "stalemating" : "mating";
    text += " (Popeye's reading, Black beginning and White " + goal + ", needs b in the FEN)";
  }
  return text;
}

std::vector<std::pair<std::string, std::string>> header_fields(const tree::SolutionTree& tree) {
  std::vector<std::pair<std::string, std::string>> fields = {
      {"variant", variant_label(tree)},
      {"fen", tree.position.fen()},
      {"stipulation", tree.stipulation.to_string()},
  };
  if (const std::string play = who_plays(tree); !play.empty()) fields.emplace_back("play", play);
  fields.emplace_back("status", std::string(problem::status_name(tree.status)));
  if (tree.length > 0) fields.emplace_back("length", std::to_string(tree.length));
  if (tree.proof) {
    std::string proof = std::to_string(tree.proof->nodes) + " nodes, depth " + std::to_string(tree.proof->depth) + " turns";
    if (!tree.proof->file.empty() && !tree.proof->temporary) proof += ", " + tree.proof->file;
    fields.emplace_back("proof", proof);
  }
  if (!tree.proof_error.empty()) fields.emplace_back("proof", "not written: " + tree.proof_error);
  return fields;
}

}  // namespace dm::report
