#pragma once
// Helpers shared by the test files: where the data files are, reading them line by line,
// setting up positions with a failing assertion (not a crash) when a FEN is rejected, and how
// many random cases a cross-check runs in this build.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/game.h"
#include "rules/position.h"
#include "rules/variant.h"

namespace dm::test {

// Whether this test program is built with sanitizers (CMake's DMSOLVE_SANITIZE or DMSOLVE_TSAN).
#ifdef DMSOLVE_TESTS_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

// How many of a cross-check's `cases` random cases to run: all in an optimised build, which
// judges the answers; the first quarter under the sanitizers, which run the same code many times
// slower and look for memory and undefined-behaviour errors, for which a sample suffices. The
// cases come from a fixed seed, so the sanitizers' cases are the first of the optimised build's.
constexpr int sample_size(int cases) { return kSanitized ? (cases + 3) / 4 : cases; }

// A path below the published reference data (../shared/testdata) or below tests/.
std::string testdata_path(std::string_view relative);
std::string tests_path(std::string_view relative);

// Every line of a text file (without line ends); nullopt when the file cannot be opened.
std::optional<std::vector<std::string>> read_lines(const std::string& path);

std::vector<std::string> split(std::string_view text, char separator);
std::vector<std::string> split_words(std::string_view text);  // on runs of white space
std::string trim(std::string_view text);
bool starts_with(std::string_view text, std::string_view prefix);

// The variant called name; fails the running test case when there is none.
Variant variant_named(std::string_view name);
// The same with KEY=VALUE rule options applied; fails the test case on a rejected option.
Variant variant_with(std::string_view name, const std::vector<std::string_view>& options = {});

// The board field of a FEN from one letter a square ('.' empty), rank 1 first, a1 first.
std::string board_field(std::string_view squares, int files, int ranks);

// The position of fen in variant; fails the running test case when the FEN is rejected.
Position position_of(const Variant& variant, std::string_view fen);
Position position_of(std::string_view variant, std::string_view fen);

// The game after movetext (rules/movetext.h) from pos; fails the running test case on a move
// it rejects.
Game play(const Position& pos, std::string_view movetext);

}  // namespace dm::test
