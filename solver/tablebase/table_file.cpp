#include "solver/tablebase/table_file.h"

#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "solver/files/whole_file.h"
#include "solver/tablebase/losing_table.h"

namespace dm::tablebase {

namespace {

std::string header_of(const Variant& variant, const Material& m) {
  std::ostringstream out;
  out << "dmsolve-tablebase 1\nvariant " << variant.name << "\nrules " << variant.describe_options() << "\nmaterial "
      << m.name() << "\nvalues " << LosingTable::index_count(variant, m) << "\n\n";
  return out.str();
}

}  // namespace

std::string table_path(const std::string& directory, const Variant& variant, const Material& m) {
  std::string rules = variant.describe_options();
  for (char& c : rules) c = c == ' ' ? '_' : c;
  const std::string folder = std::string(variant.name) + (rules.empty() ? "" : "_" + rules);
  return (std::filesystem::path(directory) / folder / (m.name() + ".tb.zst")).string();
}

std::optional<std::vector<uint8_t>> read_table(const std::string& path, const Variant& variant, const Material& m,
                                               std::vector<uint8_t> reuse) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  const std::streamoff size = in.tellg();
  if (size < 0) return std::nullopt;  // not a file one can read to its end
  std::string data(size_t(size), '\0');
  in.seekg(0);
  if (!in.read(data.data(), std::streamsize(data.size()))) return std::nullopt;
  const std::string header = header_of(variant, m);
  if (data.compare(0, header.size(), header) != 0) return std::nullopt;
  const char* frame = data.data() + header.size();
  const size_t frame_size = data.size() - header.size();
  const uint64_t count = LosingTable::index_count(variant, m);
  if (ZSTD_getFrameContentSize(frame, frame_size) != count) return std::nullopt;
  std::vector<uint8_t> values = std::move(reuse);
  if (values.size() != count) values = std::vector<uint8_t>(count);
  const size_t got = ZSTD_decompress(values.data(), values.size(), frame, frame_size);
  if (ZSTD_isError(got) || got != values.size()) return std::nullopt;
  return values;
}

std::optional<std::string> write_table(const std::string& path, const Variant& variant, const Material& m,
                                       const std::vector<uint8_t>& values) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  if (ec) return path + ": cannot make its folder: " + ec.message();
  std::string frame(ZSTD_compressBound(values.size()), '\0');
  ZSTD_CCtx* context = ZSTD_createCCtx();
  if (!context) return path + ": cannot set up zstd compression";
  ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1);
  ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, 3);
  const size_t size = ZSTD_compress2(context, frame.data(), frame.size(), values.data(), values.size());
  ZSTD_freeCCtx(context);
  if (ZSTD_isError(size)) return path + ": cannot compress: " + ZSTD_getErrorName(size);
  frame.resize(size);
  return files::write_shared_file(path, header_of(variant, m) + frame);
}

}  // namespace dm::tablebase
