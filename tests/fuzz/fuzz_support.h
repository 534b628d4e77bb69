#pragma once
// What the fuzz targets share: an invariant check that aborts with a message (libFuzzer then
// reports the input; the replay driver dies the same way), and the variant an input byte picks.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
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

}  // namespace dm::fuzz
