#pragma once
// What the proof checker remembers of each node: its position's fingerprint and its depth, in
// an array that lives in a temporary file mapped into memory, so that checking a proof of 10^8
// nodes needs 2 GB of disk, not of memory: the kernel writes pages out and reads them back as
// needed. The file is unlinked as soon as it is created, so nothing is left behind however the
// program ends.
//
// Layout: 20 bytes a node, the two halves of the fingerprint and the depth, packed; the file
// grows in chunks of kChunkNodes nodes, each mapped on its own (a chunk is a whole number of
// pages), and disk space for a chunk is reserved when it is added, so a full disk is an error
// value here rather than a SIGBUS on a later write.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rules/expected.h"
#include "solver/proof/fingerprint.h"

namespace dm::proof {

// What the checker keeps of a node once the node is checked.
struct CheckedNode {
  Fingerprint fingerprint;
  uint32_t depth = 0;  // turns of the longest line from the node to a leaf
};

class NodeTable {
 public:
  static constexpr uint64_t kChunkNodes = uint64_t(1) << 16;  // 1.25 MiB
  static constexpr size_t kRecordBytes = 20;

  // A table in a new temporary file under directory.
  static Expected<std::unique_ptr<NodeTable>> create(const std::string& directory);
  ~NodeTable();
  NodeTable(const NodeTable&) = delete;
  NodeTable& operator=(const NodeTable&) = delete;

  // Adds the record of node size() + 1; the error message when the disk is full.
  std::optional<std::string> push_back(const CheckedNode& record);
  // The record of node id, 1 <= id <= size().
  CheckedNode at(uint64_t id) const;
  uint64_t size() const { return size_; }

 private:
  explicit NodeTable(int fd) : fd_(fd) {}
  unsigned char* slot(uint64_t index) const;

  int fd_;
  std::vector<unsigned char*> chunks_;
  uint64_t size_ = 0;
};

}  // namespace dm::proof
