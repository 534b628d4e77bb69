#pragma once
// A file in the temporary directory that goes when its last holder lets go: the proof written
// only for the re-check (ProofSummary::temporary). Held by a shared pointer, it is removed
// whether the re-check ran, the search that wrote it stopped halfway, or the tree was only
// built (tests, library callers), so no run leaves one behind.

#include <string>

namespace dm::tree {

class TemporaryFile {
 public:
  // A fresh name of this process's; nothing is created until someone writes there.
  TemporaryFile();
  ~TemporaryFile();
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

}  // namespace dm::tree
