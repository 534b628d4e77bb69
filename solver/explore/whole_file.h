#pragma once
// Files written whole or not at all: the bytes go to PATH.part, which is renamed to PATH once
// flushed, so that a reader (or a run killed midway) never sees half a file under its name.

#include <optional>
#include <string>

namespace dm::explore {

// The error message ("PATH: cannot write ...") when the file could not be written.
std::optional<std::string> write_whole_file(const std::string& path, const std::string& bytes);

}  // namespace dm::explore
