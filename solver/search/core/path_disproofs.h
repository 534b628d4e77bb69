#pragma once
// The disproofs of a search without a length that hold only on the path that found them: a
// node disproven because its lines come back to a position above it (a repetition is no win,
// docs/rules.md section 8). Such a disproof never enters the shared table (dfpn.h: the
// graph-history interaction), but it does hold whenever the same path leads to the node again,
// and df-pn comes back to a node along the same path over and over (each time its parent's
// threshold grows). Without this memory the whole subtree is searched again on each return,
// which never ends on a small graph of king walks.
//
// One per worker, keyed by the node's path: a hash of every position from the root to the node
// (KomoringHeights keeps path-dependent results apart from the regular table in the same way).
// An entry holds the ply of the shallowest position the disproof repeats. Entries of paths the
// search has left are harmless (no other path has their key); when the table is full it is
// emptied, which only costs a search again. Full, it takes about 4 MiB a worker, besides
// --hash (2^20 entries solved no more of Watkins' leaves than 2^16: proof_bench.py).

#include <cstdint>
#include <optional>
#include <unordered_map>

namespace dm::search {

class PathDisproofs {
 public:
  static constexpr size_t kMaxEntries = size_t(1) << 16;

  // The key of the path that extends `path` (the parent's path key; 0 at the root) with a
  // position's key.
  static uint64_t extend(uint64_t path, uint64_t key) {
    return (path ^ key) * 0x9E3779B97F4A7C15ULL + 0x632BE59BD9B4E019ULL;
  }

  // The repetition ply of the disproof found for the node with this path key, if any.
  std::optional<int> find(uint64_t path) const {
    const auto it = entries_.find(path);
    if (it == entries_.end()) return std::nullopt;
    return it->second;
  }
  void add(uint64_t path, int repetition) {
    if (entries_.size() >= kMaxEntries) entries_.clear();
    entries_[path] = repetition;
  }

 private:
  std::unordered_map<uint64_t, int> entries_;
};

}  // namespace dm::search
