#pragma once
// The independent checker of proof files (docs/proof-format.md, "What dmsolve check-proof
// checks"): it reads a proof once, line by line, and checks every node with the rules engine
// alone. It shares no code with the search that writes proofs (its CMake library links only the
// rules engine and the stream reader), so a flaw of the search cannot hide in the check.
//
// Memory stays bounded whatever the proof's size: of each node the checker keeps only its
// position's fingerprint and its depth, in a temporary file mapped into memory (NodeTable),
// under the system's temporary directory ($TMPDIR, else /tmp).

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "rules/types.h"

namespace dm::proof {

enum class CheckStatus : uint8_t {
  Accepted,     // every check passed
  Rejected,     // the proof has a flaw: `line` and `why`
  Error,        // no verdict: the file is missing, unreadable, corrupt (zstd) or no proof file (no
                // 'dmsolve-proof 1' line), or the checker has no room for its node file
  Interrupted,  // the interrupt flag stopped the check at `line`
};

struct CheckResult {
  CheckStatus status = CheckStatus::Accepted;
  uint64_t line = 0;  // of the flaw, or where the check stopped; 0 for the file as a whole
  std::string why;    // the flaw or the reason the file cannot be read
  uint64_t nodes = 0;  // nodes checked (all of them when accepted)
  uint32_t depth = 0;  // of the root: the most turns of any line from it (when accepted)
  // From the header, as far as it was read.
  std::string variant;
  std::string rules;     // the options in force, "key=value key=value"
  std::string position;  // the root's FEN, four fields
  std::optional<Color> winner;

  bool accepted() const { return status == CheckStatus::Accepted; }
  // "LINE: why", or why alone when the flaw has no line.
  std::string flaw() const;
};

struct CheckOptions {
  // Called every few thousand lines with the lines and the file's bytes read so far.
  std::function<void(uint64_t lines, uint64_t bytes)> progress;
  // When it becomes true the check stops, with the status Interrupted.
  const std::atomic<bool>* interrupt = nullptr;
};

CheckResult check_proof(const std::string& path, const CheckOptions& options = {});

}  // namespace dm::proof
