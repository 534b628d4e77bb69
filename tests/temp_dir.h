#pragma once
// A fresh directory under the system's temporary directory for a test's files, removed with
// everything in it when the test ends.

#include <filesystem>
#include <string>
#include <string_view>

namespace dm::test {

class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // The path of name in the directory.
  std::string file(std::string_view name) const { return (path_ / name).string(); }
  // Writes text to the file name and returns its path.
  std::string write(std::string_view name, std::string_view text) const;

 private:
  std::filesystem::path path_;
};

}  // namespace dm::test
