#pragma once
// Writes the proof of a proven position (docs/proof-format.md) out of what the search left in
// its table: the winner's one turn where it moves (search::ProofReader, which searches again
// where the table has lost a node), every turn of the loser where the loser moves, children
// before their parents, and a position met again by the number it was written under.
//
// The proof follows the turns left down from the root (proof_reader.h), so it never comes back
// to a position on its way; a position written earlier is referred to, one on the way is not
// (it has not been written yet), which keeps the file free of cycles. The memo of positions
// written is an open-addressed array (a key looks at a few slots from its own): where a key
// finds them all taken, it takes its own slot, and the position that was there is written again
// if met again. It doubles while more than half its slots are taken, up to a most, so memory
// stays bounded whatever the proof's size. A memo too small for the proof's positions writes
// their shared subtrees again and again, which in an ending read from the tables (every turn of
// the loser, to the game's end) grows without end.
//
// The first levels of the proof (the root, the nodes its turns lead to, and theirs) are also
// kept as records, for the solution tree that shows them; those nodes are written afresh
// rather than referred to, so that their records are complete.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/game.h"
#include "rules/position.h"
#include "solver/proof/proof_writer.h"
#include "solver/search/proof_reader.h"

namespace dm::proof {

enum class RecordKind : uint8_t { End, Win, All };

// A node as written: its kind, its turns with the numbers of the nodes they lead to, and the
// turns of its longest line.
struct NodeRecord {
  RecordKind kind = RecordKind::End;
  std::vector<std::pair<Turn, uint64_t>> turns;
  int depth = 0;
};

struct ExtractedProof {
  uint64_t root = 0;   // the root's number: the last node written
  uint64_t nodes = 0;  // nodes written
  int depth = 0;       // turns of the longest line from the root
  // The nodes of the first three levels by number (the root is level 0).
  std::map<uint64_t, NodeRecord> top;
};

class ProofExtractor {
 public:
  static constexpr int kRecordedLevels = 3;

  // The memo of positions written starts at memo_slots and grows to at most memo_max_bytes
  // (each rounded to a power of two slots).
  ProofExtractor(search::ProofReader& reader, ProofWriter& writer, size_t memo_slots, size_t memo_max_bytes);

  // Writes the nodes of the proof of pos, proven within `turns` turns left, the root last
  // (the caller finishes the file). An error message when a limit stopped a search (the proof
  // is then incomplete) or a node of it was not proven after all.
  Expected<ExtractedProof> extract(const Position& pos, int turns);

 private:
  struct Written {
    uint64_t id;
    int depth;
  };
  // A slot of the memo: the key of a position written and its number and depth.
  struct MemoSlot {
    uint64_t key = 0;
    uint64_t id = 0;  // 0: empty
    int depth = 0;
  };

  // Writes pos's node (and its children first); nullopt when error_ is set.
  std::optional<Written> write(Position& pos, int turns, int level);
  std::optional<Written> write_winner(Position& pos, int turns, int level);
  std::optional<Written> write_loser(Position& pos, int turns, int level);
  // Sets error_ for a limit that stopped the reading at pos.
  std::nullopt_t stopped_at(const Position& pos);
  Written written(const Position& pos, uint64_t id, int depth, int level, NodeRecord record);
  static constexpr size_t kMemoProbes = 16;  // the slots a key looks at, from its own
  // The slot holding key, or nullptr.
  const MemoSlot* find(uint64_t key) const;
  // Remembers a position as written, doubling the memo first where it is more than half taken.
  void remember(uint64_t key, uint64_t id, int depth);
  // Puts a slot in: the first of key's slots that is empty or holds key, else key's own.
  void put(const MemoSlot& entry);

  search::ProofReader& reader_;
  ProofWriter& writer_;
  std::vector<MemoSlot> memo_;
  size_t memo_taken_ = 0;
  size_t memo_max_slots_;
  ExtractedProof proof_;
  std::string error_;
};

}  // namespace dm::proof
