#pragma once
// Files written whole or not at all, for everything dmsolve writes under a name the user gave
// (reports, proofs, endgame tables, explore pages): the bytes go to PATH.part, which is synced
// to disk and renamed to PATH, so that a reader, a run killed at any moment (SIGKILL included)
// or a machine that loses power finds either the old PATH or the complete new one, never half
// a file. A full disk or any other failure is an error message naming the file and the
// system's reason ("No space left on device"); PATH.part is then removed and PATH left as it
// was.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dm::files {

// Writes bytes whole as path; the error message ("PATH.part: No space left on device") or nullopt.
std::optional<std::string> write_whole_file(const std::string& path, std::string_view bytes);
// The same for a file that other processes may write at the same moment (an endgame table in
// a shared cache): the part file is PATH.PID.part, so that writers never mix their bytes, and
// the last rename wins with a whole file.
std::optional<std::string> write_shared_file(const std::string& path, std::string_view bytes);

// The two halves, for writers that stream a file too large to hold (proof files):
// every byte of data to the descriptor, again where a signal interrupts the write...
std::optional<std::string> write_all(int fd, const char* data, size_t size);
// ...then fd synced and closed, and part renamed to path, with the directory synced so that
// the new name survives a crash. fd is closed whatever happens; part is removed on failure.
std::optional<std::string> commit_part(int fd, const std::string& part, const std::string& path);

}  // namespace dm::files
