#include "solver/tree/proof_tree.h"

#include <algorithm>
#include <compare>
#include <map>
#include <memory>
#include <set>
#include <vector>

#include "solver/proof/proof_extractor.h"
#include "solver/proof/proof_writer.h"
#include "solver/search/proof_reader.h"
#include "solver/tree/tree_turns.h"

namespace dm::tree {

namespace {

using proof::RecordKind;
using proof::NodeRecord;

// The winner's turns of the longest line below a node that `depth` turns deep, the winner
// moving first (or not).
int winner_turns(int depth, bool winner_first) { return winner_first ? (depth + 1) / 2 : depth / 2; }

// What a group of the loser's turns shares: the answer as the tree shows it, played in the
// position each of those turns leads to. So the answer's real moves, not their text: after
// c7c5 the e.p. capture d5c6 is another move than the plain capture d5c6 after c7c6, and
// neither is legal where the other is played. Also the ending and length shown with it, which
// the same moves may not have in another position. No answer: the ending that ends the play.
struct AnswerKey {
  std::vector<uint32_t> moves;  // raw, in the order played; empty without an answer
  Ending ending = Ending::None;  // the answer's, or the loser's turn's when there is none
  int length = 0;

  auto operator<=>(const AnswerKey&) const = default;
};

AnswerKey answer_key(const DefenceGroup& group) {
  if (group.answer.empty()) return {{}, group.ending, 0};
  const AttackNode& answer = group.answer.front();
  AnswerKey key{{}, answer.ending, answer.length};
  for (const Move m : answer.turn) key.moves.push_back(m.raw());
  return key;
}

class ProofTree {
 public:
  ProofTree(const proof::ExtractedProof& proof, const problem::Stipulation& stipulation, Color winner)
      : proof_(proof), stipulation_(stipulation), winner_(winner) {}

  // The winner's turn of a `win` node made in pos.
  AttackNode attack(const Position& pos, const NodeRecord& node) const {
    const auto& [turn, child] = node.turns.front();
    AttackNode attack{turn, ending_of(after_turn(pos, turn), stipulation_, winner_), winner_turns(node.depth, true),
                      {}, {}, {}};
    const NodeRecord* below = record(child);
    if (below && below->kind == RecordKind::All) attack.defences = defences(after_turn(pos, turn), *below);
    return attack;
  }

  // The loser's turns of an `all` node made in pos, grouped by the answer.
  std::vector<DefenceGroup> defences(const Position& pos, const NodeRecord& node) const {
    // Turns in UCI order, those of the same moves and position as one before them left out.
    std::vector<std::pair<std::string, size_t>> order;
    for (size_t i = 0; i < node.turns.size(); ++i) order.emplace_back(turn_to_uci(node.turns[i].first), i);
    std::sort(order.begin(), order.end());
    std::set<TurnIdentity> seen;
    std::vector<DefenceGroup> groups;
    std::map<AnswerKey, size_t> group_of_answer;
    for (const auto& [uci, i] : order) {
      const auto& [turn, child] = node.turns[i];
      const Position after = after_turn(pos, turn);
      if (!seen.insert(identity_of(turn, after)).second) continue;
      const NodeRecord* answer = record(child);
      DefenceGroup group{{turn}, Ending::None, {}};
      if (answer && answer->kind == RecordKind::Win) {
        AttackNode shown = attack(after, *answer);
        shown.defences.clear();  // only the answer's own turn: the rest is in the proof
        group.answer.push_back(std::move(shown));
      } else {
        group.ending = ending_of(after, stipulation_, winner_);
      }
      const auto [it, added] = group_of_answer.emplace(answer_key(group), groups.size());
      if (added) {
        groups.push_back(std::move(group));
      } else {
        groups[it->second].turns.push_back(turn);
      }
    }
    return groups;
  }

  const NodeRecord* record(uint64_t id) const {
    const auto it = proof_.top.find(id);
    return it == proof_.top.end() ? nullptr : &it->second;
  }

 private:
  static Position after_turn(const Position& pos, const Turn& turn) {
    Game game(pos);
    for (const Move m : turn) game.play(m);
    return game.position();
  }

  const proof::ExtractedProof& proof_;
  const problem::Stipulation& stipulation_;
  Color winner_;
};

}  // namespace

bool add_proof(SolutionTree& tree, const Position& pos, const search::NodeRules& rules, int turns,
               search::TranspositionTable& tt, search::SearchControl& control, const std::string& file) {
  // A temporary file goes when this returns early, or else with the tree's last copy.
  const auto temporary = file.empty() ? std::make_shared<const TemporaryFile>() : nullptr;
  const std::string path = temporary ? temporary->path() : file;
  auto writer = proof::ProofWriter::open(path, pos, rules.attacker());
  if (!writer) {
    tree.proof_error = writer.error();
    return true;
  }
  search::ProofReader reader(rules, tt, control);
  // The memo of written positions starts at about a tenth of the bytes of the table the search
  // filled, so that a short proof costs little whatever --hash says, and may grow to a quarter
  // of --hash for a proof of many positions (an ending read from the tables).
  proof::ProofExtractor extractor(reader, **writer, tt.used_bytes() / 256, tt.size_bytes() / 4);
  const auto extracted = extractor.extract(pos, turns);
  if (!extracted) return false;
  if (const auto error = (*writer)->finish(extracted->root)) {
    tree.proof_error = *error;
    return true;
  }
  tree.proof = ProofSummary{extracted->nodes, extracted->depth, path, temporary};
  const bool winner_to_move = pos.side_to_move() == rules.attacker();
  tree.length = winner_turns(extracted->depth, winner_to_move);
  const ProofTree shown(*extracted, rules.stipulation(), rules.attacker());
  const NodeRecord* root = shown.record(extracted->root);
  if (root && root->kind == RecordKind::Win) tree.keys.push_back(shown.attack(pos, *root));
  if (root && root->kind == RecordKind::All) tree.defences = shown.defences(pos, *root);
  return true;
}

}  // namespace dm::tree
