#pragma once
// What the fuzz targets share: an invariant check that aborts with a message (libFuzzer then
// reports the input; the replay driver dies the same way), the variant an input byte picks, and
// the temporary file through which the targets of file doors pass their input.

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "rules/variant.h"

namespace dm::fuzz {

inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
  std::abort();
}

// Every variant once for every combination of its rule options (51 in all), so that one byte
// reaches all of them: e.p. rules, the pass, the losing stalemate rules, both board sizes.
inline const Variant& variant_of(uint8_t byte) {
  static const std::vector<Variant> variants = [] {
    std::vector<Variant> out;
    for (const auto name : variant_names()) {
      std::vector<std::vector<std::string>> option_sets{{}};
      const auto widen = [&option_sets](const std::vector<std::string>& rules) {
        std::vector<std::vector<std::string>> wider;
        for (const auto& set : option_sets) {
          for (const auto& rule : rules) {
            wider.push_back(set);
            wider.back().push_back(rule);
          }
        }
        option_sets = std::move(wider);
      };
      const Variant base = *find_variant(name);
      if (base.multi_move_options) {
        widen({"ep=any", "ep=second", "ep=none"});
        widen({"no-second-move=stalemate", "no-second-move=pass"});
      }
      if (base.losing_options) widen({"stalemate=win", "stalemate=fewer-pieces", "stalemate=draw"});
      for (const auto& rules : option_sets) out.push_back(*make_variant(name, rules));
    }
    return out;
  }();
  return variants[byte % variants.size()];
}

// A temporary file of this process (under $TMPDIR, else /tmp), overwritten by every input and
// removed when the process ends normally.
class InputFile {
 public:
  explicit InputFile(std::string_view name) {
    const char* dir = std::getenv("TMPDIR");
    path_ =
        std::string(dir && *dir ? dir : "/tmp") + "/dmsolve-fuzz-" + std::string(name) + "-" + std::to_string(getpid());
  }
  ~InputFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  const std::string& write(const uint8_t* data, size_t size) {
    std::ofstream out(path_, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), std::streamsize(size));
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace dm::fuzz
