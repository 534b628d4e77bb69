#include "solver/proof/proof_stream.h"

#include <fcntl.h>
#include <unistd.h>
#include <zstd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "solver/files/whole_file.h"

namespace dm::proof {

namespace {

constexpr unsigned char kZstdMagic[4] = {0x28, 0xB5, 0x2F, 0xFD};
constexpr size_t kPlainBufferBytes = size_t(1) << 17;
// A line longer than this is no proof line: the reader stops rather than fill the memory.
constexpr size_t kMaxLineBytes = size_t(1) << 26;
// Lines are gathered into blocks of this size before they are compressed or written.
constexpr size_t kWriteBlockBytes = size_t(1) << 16;
constexpr int kCompressionLevel = 3;

std::string system_error() { return std::strerror(errno); }

// Reads up to size bytes (0 at the end of the file), again when a signal interrupts the read.
Expected<size_t> read_some(int fd, char* buffer, size_t size) {
  ssize_t count = 0;
  do {
    count = ::read(fd, buffer, size);
  } while (count < 0 && errno == EINTR);
  if (count < 0) return Expected<size_t>::failure(system_error());
  return size_t(count);
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

}  // namespace

// --- LineReader -------------------------------------------------------------------------------

struct LineReader::Decoder {
  Decoder() : context(ZSTD_createDCtx()) {}
  ~Decoder() { ZSTD_freeDCtx(context); }
  Decoder(const Decoder&) = delete;
  Decoder& operator=(const Decoder&) = delete;

  ZSTD_DCtx* context;
  size_t frame_left = 0;       // ZSTD_decompressStream's last answer: 0 when a frame has just ended
  bool output_waiting = false;  // the last call filled the text buffer: more may be waiting
};

LineReader::LineReader(int fd) : fd_(fd) {}

LineReader::~LineReader() { ::close(fd_); }

Expected<std::unique_ptr<LineReader>> LineReader::open(const std::string& path) {
  using Result = Expected<std::unique_ptr<LineReader>>;
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Result::failure(system_error());
  std::unique_ptr<LineReader> reader(new LineReader(fd));
  reader->input_.resize(std::max(ZSTD_DStreamInSize(), kPlainBufferBytes));
  const auto read = reader->read_input();
  if (!read) return Result::failure(read.error());
  const size_t size = reader->input_end_;
  if (size >= sizeof kZstdMagic && std::memcmp(reader->input_.data(), kZstdMagic, sizeof kZstdMagic) == 0) {
    reader->decoder_ = std::make_unique<Decoder>();
    if (!reader->decoder_->context) return Result::failure("cannot set up zstd decompression");
    reader->text_.resize(ZSTD_DStreamOutSize());
  } else {
    // A plain file: what was read is already text, and later reads go straight to text_.
    reader->text_.swap(reader->input_);
    reader->end_ = size;
    reader->input_end_ = 0;
  }
  return reader;
}

Expected<bool> LineReader::read_input() {
  const auto count = read_some(fd_, input_.data(), input_.size());
  if (!count) return Expected<bool>::failure(count.error());
  input_begin_ = 0;
  input_end_ = *count;
  bytes_read_ += *count;
  return *count > 0;
}

Expected<bool> LineReader::refill() {
  begin_ = end_ = 0;
  if (!decoder_) {
    const auto count = read_some(fd_, text_.data(), text_.size());
    if (!count) return Expected<bool>::failure(count.error());
    end_ = *count;
    bytes_read_ += *count;
    return *count > 0;
  }
  while (true) {
    if (input_begin_ == input_end_ && !decoder_->output_waiting) {
      if (input_done_) {
        if (decoder_->frame_left != 0) return Expected<bool>::failure("the zstd data is cut short");
        return false;
      }
      const auto read = read_input();
      if (!read) return read;
      input_done_ = !*read;
      continue;
    }
    ZSTD_inBuffer in{input_.data(), input_end_, input_begin_};
    ZSTD_outBuffer out{text_.data(), text_.size(), 0};
    const size_t result = ZSTD_decompressStream(decoder_->context, &out, &in);
    if (ZSTD_isError(result)) {
      return Expected<bool>::failure(std::string("corrupt zstd data: ") + ZSTD_getErrorName(result));
    }
    decoder_->frame_left = result;
    decoder_->output_waiting = out.pos == out.size;
    input_begin_ = in.pos;
    if (out.pos > 0) {
      end_ = out.pos;
      return true;
    }
  }
}

Expected<std::optional<Line>> LineReader::next() {
  using Result = Expected<std::optional<Line>>;
  partial_.clear();
  while (true) {
    const char* start = text_.data() + begin_;
    const size_t available = end_ - begin_;
    if (const void* newline = std::memchr(start, '\n', available)) {
      const size_t length = size_t(static_cast<const char*>(newline) - start);
      begin_ += length + 1;
      ++line_number_;
      if (partial_.empty()) return std::optional<Line>(Line{std::string_view(start, length), line_number_});
      partial_.append(start, length);
      return std::optional<Line>(Line{partial_, line_number_});
    }
    partial_.append(start, available);
    begin_ = end_;
    if (partial_.size() > kMaxLineBytes) {
      return Result::failure("line " + std::to_string(line_number_ + 1) + " is longer than " +
                             std::to_string(kMaxLineBytes >> 20) + " MiB");
    }
    const auto more = refill();
    if (!more) return Result::failure(more.error());
    if (!*more) {
      if (partial_.empty()) return std::optional<Line>();
      return std::optional<Line>(Line{partial_, ++line_number_});
    }
  }
}

// --- AtomicLineWriter -------------------------------------------------------------------------

struct AtomicLineWriter::Encoder {
  Encoder() : context(ZSTD_createCCtx()) {}
  ~Encoder() { ZSTD_freeCCtx(context); }
  Encoder(const Encoder&) = delete;
  Encoder& operator=(const Encoder&) = delete;

  ZSTD_CCtx* context;
};

AtomicLineWriter::AtomicLineWriter(std::string path, int fd)
    : path_(std::move(path)), part_path_(path_ + ".part"), fd_(fd) {
  text_.reserve(kWriteBlockBytes + 4096);
}

AtomicLineWriter::~AtomicLineWriter() {
  if (!committed_) discard();
}

Expected<std::unique_ptr<AtomicLineWriter>> AtomicLineWriter::open(const std::string& path) {
  using Result = Expected<std::unique_ptr<AtomicLineWriter>>;
  const std::string part = path + ".part";
  const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Result::failure(part + ": " + system_error());
  std::unique_ptr<AtomicLineWriter> writer(new AtomicLineWriter(path, fd));
  if (ends_with(path, ".zst") && !writer->start_encoder()) {
    return Result::failure(part + ": cannot set up zstd compression");
  }
  return writer;
}

Expected<std::unique_ptr<AtomicLineWriter>> AtomicLineWriter::in_memory(bool zstd) {
  using Result = Expected<std::unique_ptr<AtomicLineWriter>>;
  std::unique_ptr<AtomicLineWriter> writer(new AtomicLineWriter("memory", -1));
  writer->in_memory_ = true;
  if (zstd && !writer->start_encoder()) return Result::failure("memory: cannot set up zstd compression");
  return writer;
}

bool AtomicLineWriter::start_encoder() {
  encoder_ = std::make_unique<Encoder>();
  ZSTD_CCtx* context = encoder_->context;
  output_.resize(ZSTD_CStreamOutSize());
  // The checksum lets a reader tell a damaged file from a proof with a flaw.
  return context && !ZSTD_isError(ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, kCompressionLevel)) &&
         !ZSTD_isError(ZSTD_CCtx_setParameter(context, ZSTD_c_checksumFlag, 1));
}

void AtomicLineWriter::write_line(std::string_view line) {
  assert(!committed_);
  if (error_) return;
  text_.insert(text_.end(), line.begin(), line.end());
  text_.push_back('\n');
  if (text_.size() >= kWriteBlockBytes) drain(false);
}

void AtomicLineWriter::drain(bool end) {
  if (!encoder_) {
    write_out(text_.data(), text_.size());
    text_.clear();
    return;
  }
  ZSTD_inBuffer in{text_.data(), text_.size(), 0};
  const ZSTD_EndDirective mode = end ? ZSTD_e_end : ZSTD_e_continue;
  while (!error_) {
    ZSTD_outBuffer out{output_.data(), output_.size(), 0};
    const size_t left = ZSTD_compressStream2(encoder_->context, &out, &in, mode);
    if (ZSTD_isError(left)) {
      fail(std::string("zstd: ") + ZSTD_getErrorName(left));
      break;
    }
    write_out(output_.data(), out.pos);
    if (end ? left == 0 : in.pos == in.size) break;
  }
  text_.clear();
}

void AtomicLineWriter::write_out(const char* data, size_t size) {
  if (error_) return;
  if (in_memory_) {
    memory_.append(data, size);
    return;
  }
  if (const auto error = files::write_all(fd_, data, size)) fail(*error);
}

void AtomicLineWriter::fail(const std::string& why) {
  if (!error_) error_ = part_path_ + ": " + why;
}

std::optional<std::string> AtomicLineWriter::commit() {
  assert(!committed_);
  if (!error_) drain(true);
  if (error_) {
    discard();
    return error_;
  }
  if (in_memory_) {
    committed_ = true;
    return std::nullopt;
  }
  const int fd = fd_;
  fd_ = -1;
  error_ = files::commit_part(fd, part_path_, path_);
  committed_ = !error_;
  return error_;
}

void AtomicLineWriter::discard() {
  memory_.clear();
  if (in_memory_) return;
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
  ::unlink(part_path_.c_str());
}

}  // namespace dm::proof
