// The fuzz targets' driver in the ordinary builds (gcc, no libFuzzer): runs the target's
// LLVMFuzzerTestOneInput once on every file of the folders and files named on the command line
// (the committed seeds and crash reproducers), so that every CI build replays them. A folder
// that does not exist counts as empty (a target may have no reproducer yet); replaying nothing
// at all is a failure.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const fs::path& path) {
  if (!fs::is_directory(path)) return fs::is_regular_file(path) ? std::vector<fs::path>{path} : std::vector<fs::path>{};
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(path)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  size_t total = 0;
  for (int i = 1; i < argc; ++i) {
    const auto files = inputs_of(argv[i]);
    for (const auto& file : files) {
      std::cout << file.string() << std::endl;  // the input that crashes is the last one printed
      std::ifstream in(file, std::ios::binary);
      const std::vector<char> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    }
    std::cout << "replayed " << files.size() << " inputs from " << argv[i] << "\n";
    total += files.size();
  }
  if (total == 0) {
    std::cerr << "no input replayed\n";
    return 1;
  }
  return 0;
}
