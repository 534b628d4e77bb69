#include "solver/proof/proof_extractor.h"

#include <algorithm>
#include <bit>
#include <deque>

#include "rules/movegen.h"
#include "solver/search/root_turns.h"

namespace dm::proof {

ProofExtractor::ProofExtractor(search::ProofReader& reader, ProofWriter& writer, size_t memo_slots,
                               size_t memo_max_bytes)
    : reader_(reader),
      writer_(writer),
      memo_(std::bit_ceil(std::max<size_t>(memo_slots, 1))),
      memo_max_slots_(std::max(memo_.size(), std::bit_floor(std::max<size_t>(memo_max_bytes / sizeof(MemoSlot), 1)))) {}

const ProofExtractor::MemoSlot* ProofExtractor::find(uint64_t key) const {
  const size_t mask = memo_.size() - 1;
  for (size_t i = 0; i < kMemoProbes; ++i) {
    const MemoSlot& s = memo_[(key + i) & mask];
    if (!s.id) return nullptr;
    if (s.key == key) return &s;
  }
  return nullptr;
}

void ProofExtractor::put(const MemoSlot& entry) {
  const size_t mask = memo_.size() - 1;
  MemoSlot* to = &memo_[entry.key & mask];
  for (size_t i = 0; i < kMemoProbes; ++i) {
    MemoSlot& s = memo_[(entry.key + i) & mask];
    if (!s.id || s.key == entry.key) {
      to = &s;
      break;
    }
  }
  memo_taken_ += to->id == 0;
  *to = entry;
}

void ProofExtractor::remember(uint64_t key, uint64_t id, int depth) {
  if (2 * memo_taken_ >= memo_.size() && memo_.size() < memo_max_slots_) {
    std::vector<MemoSlot> old(2 * memo_.size());
    old.swap(memo_);
    memo_taken_ = 0;
    for (const MemoSlot& s : old) {
      if (s.id) put(s);
    }
  }
  put({key, id, depth});
}

Expected<ExtractedProof> ProofExtractor::extract(const Position& pos, int turns) {
  Position root = pos;
  proof_ = {};
  error_.clear();
  const std::optional<Written> written = write(root, turns, 0);
  if (!written) return Expected<ExtractedProof>::failure(error_);
  proof_.root = written->id;
  proof_.depth = written->depth;
  proof_.nodes = writer_.nodes();
  return std::move(proof_);
}

ProofExtractor::Written ProofExtractor::written(const Position& pos, uint64_t id, int depth, int level,
                                                NodeRecord record) {
  remember(pos.key(), id, depth);
  record.depth = depth;
  if (level < kRecordedLevels) proof_.top.emplace(id, std::move(record));
  return {id, depth};
}

std::nullopt_t ProofExtractor::stopped_at(const Position& pos) {
  error_ = "the search was stopped before the proof was read (at " + pos.fen() + ")";
  return std::nullopt;
}

std::optional<ProofExtractor::Written> ProofExtractor::write(Position& pos, int turns, int level) {
  if (reader_.stopped()) return stopped_at(pos);
  if (level >= kRecordedLevels) {
    if (const MemoSlot* known = find(pos.key())) return Written{known->id, known->depth};
  }
  if (king_lost(pos) || !has_legal_move(pos)) {
    if (!reader_.rules().goal_reached(pos)) {
      error_ = "the proof reaches a finished game the winner has not won: " + pos.fen();
      return std::nullopt;
    }
    return written(pos, writer_.end_node(pos), 0, level, {RecordKind::End, {}});
  }
  return pos.side_to_move() == reader_.rules().attacker() ? write_winner(pos, turns, level)
                                                          : write_loser(pos, turns, level);
}

std::optional<ProofExtractor::Written> ProofExtractor::write_winner(Position& pos, int turns, int level) {
  const std::optional<Turn> turn = reader_.attacker_turn(pos, turns);
  if (!turn) return stopped_at(pos);
  const Color mover = pos.side_to_move();
  std::deque<StateInfo> states;  // stable addresses: each state points at the one before
  int left = turns;
  for (const Move m : *turn) {
    states.emplace_back();
    pos.do_move(m, states.back());
    left = reader_.rules().child_turns(mover, pos, left);
  }
  const std::optional<Written> child = write(pos, left, level + 1);
  for (auto it = turn->rbegin(); it != turn->rend(); ++it) pos.undo_move(*it);
  if (!child) return std::nullopt;
  return written(pos, writer_.win_node(pos, *turn, child->id), child->depth + 1, level,
                 {RecordKind::Win, {{*turn, child->id}}});
}

std::optional<ProofExtractor::Written> ProofExtractor::write_loser(Position& pos, int turns, int level) {
  NodeRecord record{RecordKind::All, {}};
  int depth = 0;
  bool failed = false;
  // The loser's moves leave the turns left as they are.
  search::for_each_turn(pos, [&](const Turn& turn, Position& after) {
    const std::optional<Written> child = write(after, turns, level + 1);
    if (!child) {
      failed = true;
      return false;
    }
    depth = std::max(depth, child->depth + 1);
    record.turns.emplace_back(turn, child->id);
    return true;
  });
  if (failed) return std::nullopt;
  const uint64_t id = writer_.all_node(pos, record.turns);
  return written(pos, id, depth, level, std::move(record));
}

}  // namespace dm::proof
