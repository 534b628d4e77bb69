// Line files for proofs (solver/proof/proof_stream.h): lines come back as written, with their
// numbers, from plain and zstd files, across the readers' buffer boundaries; damaged zstd data
// is an error, not a crash; a writer shows its file only once committed.

#include "solver/proof/proof_stream.h"

#include <sys/resource.h>

#include <catch2/catch.hpp>
#include <csignal>
#include <fstream>
#include <iterator>

#include "temp_dir.h"

using namespace dm;
using namespace dm::proof;

namespace {

// Every line of the file, or the reader's error.
std::vector<std::string> read_all(const std::string& path, std::string* error = nullptr) {
  auto reader = LineReader::open(path);
  if (!reader) {
    if (error) *error = reader.error();
    return {};
  }
  std::vector<std::string> lines;
  while (true) {
    const auto line = (*reader)->next();
    if (!line) {
      if (error) *error = line.error();
      return lines;
    }
    if (!*line) return lines;
    CHECK((*line)->number == lines.size() + 1);
    lines.emplace_back((*line)->text);
  }
}

std::string file_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Lines of many lengths, one longer than any buffer of the reader.
std::vector<std::string> sample_lines() {
  std::vector<std::string> lines;
  for (int i = 0; i < 20000; ++i) lines.push_back(std::to_string(i) + " all " + std::string(size_t(i % 97), 'x'));
  lines.emplace_back();
  lines.push_back(std::string(size_t(1) << 19, 'y'));
  lines.push_back("last");
  return lines;
}

std::string write_lines(const test::TempDir& dir, const std::string& name, const std::vector<std::string>& lines) {
  const std::string path = dir.file(name);
  auto writer = AtomicLineWriter::open(path);
  REQUIRE(writer);
  for (const auto& line : lines) (*writer)->write_line(line);
  REQUIRE_FALSE((*writer)->commit());
  return path;
}

}  // namespace

TEST_CASE("proof stream: plain lines come back with their numbers", "[proof]") {
  const test::TempDir dir;
  CHECK(read_all(dir.write("a.txt", "one\n\ntwo\nthree")) == std::vector<std::string>{"one", "", "two", "three"});
  CHECK(read_all(dir.write("b.txt", "one\n")) == std::vector<std::string>{"one"});
  CHECK(read_all(dir.write("empty.txt", "")).empty());

  const auto lines = sample_lines();
  const std::string path = write_lines(dir, "big.txt", lines);
  CHECK(file_bytes(path).substr(0, 6) == "0 all ");
  CHECK(read_all(path) == lines);
}

TEST_CASE("proof stream: a .zst file is compressed and read back in a stream", "[proof]") {
  const test::TempDir dir;
  const auto lines = sample_lines();
  const std::string path = write_lines(dir, "big.txt.zst", lines);
  const std::string bytes = file_bytes(path);
  REQUIRE(bytes.size() > 4);
  CHECK(bytes.substr(0, 4) == "\x28\xB5\x2F\xFD");
  CHECK(bytes.size() < 100000);
  auto reader = LineReader::open(path);
  REQUIRE(reader);
  CHECK((*reader)->compressed());
  CHECK(read_all(path) == lines);
}

TEST_CASE("proof stream: damaged zstd data and missing files are errors", "[proof]") {
  const test::TempDir dir;
  const std::string path = write_lines(dir, "x.zst", sample_lines());
  const std::string bytes = file_bytes(path);

  std::string error;
  read_all(dir.write("cut.zst", bytes.substr(0, bytes.size() / 2)), &error);
  CHECK(error == "the zstd data is cut short");

  std::string damaged = bytes;
  for (size_t i = 100; i < 200; ++i) damaged[i] = char(damaged[i] ^ 0x5A);
  error.clear();
  read_all(dir.write("damaged.zst", damaged), &error);
  CHECK(error.find("corrupt zstd data") == 0);

  error.clear();
  read_all(dir.file("none.txt"), &error);
  CHECK(error == "No such file or directory");
  error.clear();
  read_all(dir.path().string(), &error);
  CHECK(error == "Is a directory");
}

TEST_CASE("proof stream: a writer shows its file only when committed", "[proof]") {
  const test::TempDir dir;
  for (const std::string name : {"p.txt", "p.txt.zst"}) {
    const std::string path = dir.file(name);
    {
      auto writer = AtomicLineWriter::open(path);
      REQUIRE(writer);
      (*writer)->write_line("a line");
      CHECK(std::filesystem::exists(path + ".part"));
      CHECK_FALSE(std::filesystem::exists(path));
    }
    CHECK_FALSE(std::filesystem::exists(path + ".part"));
    CHECK_FALSE(std::filesystem::exists(path));

    auto writer = AtomicLineWriter::open(path);
    REQUIRE(writer);
    (*writer)->write_line("a line");
    CHECK_FALSE((*writer)->commit());
    CHECK_FALSE(std::filesystem::exists(path + ".part"));
    CHECK(read_all(path) == std::vector<std::string>{"a line"});
  }
  const auto unwritable = AtomicLineWriter::open(dir.file("no/such/dir/p.txt"));
  REQUIRE_FALSE(unwritable);
  CHECK(unwritable.error() == dir.file("no/such/dir/p.txt.part") + ": No such file or directory");
}

TEST_CASE("proof stream: a write error is reported by commit, and no file appears", "[proof]") {
  // A file size limit stands in for a full disk: writes beyond it fail with EFBIG.
  const test::TempDir dir;
  const std::string path = dir.file("big.txt");
  rlimit old_limit{};
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &old_limit) == 0);
  rlimit small = old_limit;
  small.rlim_cur = rlim_t(1) << 16;
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::optional<std::string> error;
  {
    auto writer = AtomicLineWriter::open(path);
    if (writer) {
      for (const auto& line : sample_lines()) (*writer)->write_line(line);
      error = (*writer)->commit();
    }
  }
  ::setrlimit(RLIMIT_FSIZE, &old_limit);
  std::signal(SIGXFSZ, old_handler);
  REQUIRE(error);
  CHECK(*error == path + ".part: File too large");
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK_FALSE(std::filesystem::exists(path + ".part"));
}
