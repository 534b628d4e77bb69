#pragma once
// The ranges of the numeric options the commands share (--threads, --hash, --time, --nodes,
// ...), checked once the options are read, so that a value out of range is a one-line error
// naming the option rather than a hang, a crash or a silent "no limit". Boost reads "-1" into
// an unsigned option as 2^64 - 1, so every count has an upper bound that a negative number
// passes.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <boost/program_options.hpp>

namespace dm::app {

// More threads than this is a typing error, not a machine: each one costs a stack and a share
// of the busy marks.
constexpr int kMaxThreads = 1024;

// --hash when none is given: a quarter of this machine's memory, at most kMostDefaultHash MiB.
// The table takes only what a search fills (search/tt.h), so a short problem costs no more
// with it than with a small one, and a long proof does not collapse when a small default fills.
inline constexpr size_t kMostDefaultHash = 1024;
size_t default_hash_megabytes();

// --threads: 0 (every hardware thread) to kMaxThreads.
std::optional<std::string> threads_error(int threads);
// A memory size in MiB: from `least` to this machine's physical memory.
std::optional<std::string> megabytes_error(std::string_view option, size_t megabytes, size_t least);
// A time in seconds: finite, 0 or more, and at most a year (0 is often "no limit").
std::optional<std::string> seconds_error(std::string_view option, double seconds);
// A count (nodes, jobs): below 2^62, which a negative number read as unsigned exceeds.
std::optional<std::string> count_error(std::string_view option, uint64_t count);

// The value of a --fen option: a FEN given but blank is an error, not the initial array.
boost::program_options::typed_value<std::string>* fen_value(std::string* fen);

}  // namespace dm::app
