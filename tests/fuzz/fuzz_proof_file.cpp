// Fuzz target for the proof file door, proof::check_proof (docs/proof-format.md), which reads a
// file, plain or zstd: the input is written to a temporary file of this process (under $TMPDIR,
// else /tmp), overwritten for every input and removed at exit. Whatever the bytes, the checker
// gives a verdict or says why it has none; it accepts no proof without nodes.

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "fuzz_support.h"
#include "solver/proof/proof_check.h"

namespace {

// The temporary file, removed when the process ends normally.
class InputFile {
 public:
  InputFile() {
    const char* dir = std::getenv("TMPDIR");
    path_ = std::string(dir && *dir ? dir : "/tmp") + "/dmsolve-fuzz-proof-" + std::to_string(getpid());
  }
  ~InputFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  const std::string& write(const uint8_t* data, size_t size) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static InputFile file;
  const auto result = dm::proof::check_proof(file.write(data, size));
  dm::fuzz::require(!result.accepted() || result.nodes > 0, "a proof without nodes is accepted");
  dm::fuzz::require(result.accepted() || !result.why.empty(), "a proof refused without a reason");
  return 0;
}
