#pragma once
// Where dmsolve keeps what it makes once per machine rather than once per run: the endgame
// tables of the losing variants, which take seconds to make and are the same in every run.
// The folder follows the XDG base directory specification, as a user's other programs do:
// $XDG_CACHE_HOME/dmsolve, else ~/.cache/dmsolve. Anything kept there may be deleted at any
// time; a file that is missing, damaged or of another version is made again (table_file.h).

#include <string>

namespace dm::app {

// What --tablebase-dir says no folder with.
inline constexpr const char* kNoFolder = "none";

// The folder where the endgame tables are kept: `given` (--tablebase-dir) where one was
// given, "" for "none", else the cache's "tablebases" folder; "" when there is no home to
// keep them in.
std::string tablebase_folder(const std::string& given);

}  // namespace dm::app
