#include "temp_dir.h"

#include <stdlib.h>

#include <catch2/catch.hpp>
#include <fstream>

namespace dm::test {

TempDir::TempDir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "dmsolve-test-XXXXXX").string();
  REQUIRE(::mkdtemp(pattern.data()) != nullptr);
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

std::string TempDir::write(std::string_view name, std::string_view text) const {
  const std::string path = file(name);
  std::ofstream out(path, std::ios::binary);
  out << text;
  REQUIRE(out.good());
  return path;
}

}  // namespace dm::test
