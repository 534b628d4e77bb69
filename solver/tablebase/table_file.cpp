#include "solver/tablebase/table_file.h"

#include <zstd.h>

#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "solver/files/whole_file.h"
#include "solver/tablebase/losing_table.h"

namespace dm::tablebase {

namespace {

// The header's lines from the version to `values`.
std::string header_of(int version, const Variant& variant, const Material& m) {
  std::ostringstream out;
  out << "dmsolve-tablebase " << version << "\nvariant " << variant.name << "\nrules " << variant.describe_options()
      << "\nmaterial " << m.name() << "\nvalues " << LosingTable::index_count(variant, m) << "\n";
  return out.str();
}

std::optional<std::string> read_whole(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  const std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;  // not a file one can read to its end
  std::string data(size_t(size), '\0');
  in.seekg(0);
  if (!in.read(data.data(), std::streamsize(data.size()))) return std::nullopt;
  return data;
}

// Version 1: the values as one zstd frame after a blank line.
std::optional<PackedValues> read_old(const std::string& data, size_t header_size, uint64_t count) {
  if (data.compare(header_size, 1, "\n") != 0) return std::nullopt;
  const char* frame = data.data() + header_size + 1;
  const size_t frame_size = data.size() - header_size - 1;
  if (ZSTD_getFrameContentSize(frame, frame_size) != count) return std::nullopt;
  std::vector<uint8_t> values(count);
  const size_t got = ZSTD_decompress(values.data(), values.size(), frame, frame_size);
  if (ZSTD_isError(got) || got != values.size()) return std::nullopt;
  return PackedValues::pack(values);
}

}  // namespace

std::string table_path(const std::string& directory, const Variant& variant, const Material& m) {
  std::string rules = variant.describe_options();
  for (char& c : rules) c = c == ' ' ? '_' : c;
  const std::string folder = std::string(variant.name) + (rules.empty() ? "" : "_" + rules);
  return (std::filesystem::path(directory) / folder / (m.name() + ".tb.zst")).string();
}

std::optional<TableFile> read_table(const std::string& path, const Variant& variant, const Material& m) {
  std::optional<std::string> data = read_whole(path);
  if (!data) return std::nullopt;
  const uint64_t count = LosingTable::index_count(variant, m);
  const std::string old_header = header_of(1, variant, m);
  if (data->compare(0, old_header.size(), old_header) == 0) {
    std::optional<PackedValues> values = read_old(*data, old_header.size(), count);
    if (!values) return std::nullopt;
    return TableFile{std::move(*values), true};
  }
  const std::string header = header_of(2, variant, m);
  if (data->compare(0, header.size(), header) != 0) return std::nullopt;
  const size_t line_end = data->find("\n\n", header.size());
  if (line_end == std::string::npos) return std::nullopt;
  uint64_t block = 0;
  uint64_t size = 0;
  uint64_t checksum = 0;
  char end = 0;
  const std::string line = data->substr(header.size(), line_end - header.size());
  if (std::sscanf(line.c_str(), "packed %" SCNu64 " %" SCNu64 " %" SCNx64 "%c", &block, &size, &checksum, &end) != 3 ||
      block != PackedValues::kBlockValues || size != data->size() - line_end - 2) {
    return std::nullopt;
  }
  data->erase(0, line_end + 2);
  std::optional<PackedValues> values = PackedValues::from_bytes(std::move(*data), count, checksum);
  if (!values) return std::nullopt;
  return TableFile{std::move(*values), false};
}

std::optional<std::string> write_table(const std::string& path, const Variant& variant, const Material& m,
                                       const PackedValues& values) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return path + ": cannot make its folder: " + ec.message();
  char line[96];
  std::snprintf(line, sizeof line, "packed %" PRIu64 " %zu %016" PRIx64 "\n\n", PackedValues::kBlockValues,
                values.bytes().size(), values.checksum());
  return files::write_shared_file(path, header_of(2, variant, m) + line + values.bytes());
}

}  // namespace dm::tablebase
