#pragma once
// Line-oriented files, plain or zstd-compressed, read and written in a stream: what proof files
// (docs/proof-format.md) are made of, with nothing about chess in it. A proof may hold hundreds
// of millions of lines, so neither side ever holds the whole file: the reader decompresses into
// fixed buffers and hands out one line at a time, the writer compresses as it goes.
//
// A writer writes to PATH.part and renames it to PATH only when commit() has flushed and synced
// everything, so a killed or failed writer never leaves a half-written PATH behind.
// Errors (an unreadable file, a corrupt zstd frame, a full disk) are values, never exceptions:
// the reader's messages leave the file's name to the caller, the writer's name PATH.part.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/expected.h"

namespace dm::proof {

// One line of a file, without its '\n'; number counts from 1.
struct Line {
  std::string_view text;  // valid until the next call to LineReader::next()
  uint64_t number = 0;
};

class LineReader {
 public:
  // Opens the file; it is decompressed as it is read when it starts with zstd's magic number.
  static Expected<std::unique_ptr<LineReader>> open(const std::string& path);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line; nullopt at the end of the file; an error message when the file cannot be
  // read or its compressed data is corrupt or cut short. A last line without '\n' counts.
  Expected<std::optional<Line>> next();

  bool compressed() const { return decoder_ != nullptr; }
  // Bytes of the file read so far (compressed bytes for a compressed file).
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  struct Decoder;
  explicit LineReader(int fd);
  // Appends more text to the window [begin_, end_); false at the end of the file.
  Expected<bool> refill();
  Expected<bool> read_input();
  int fd_ = -1;
  std::unique_ptr<Decoder> decoder_;  // null for a plain file
  std::vector<char> input_;           // compressed bytes read and not yet decoded
  size_t input_begin_ = 0;
  size_t input_end_ = 0;
  bool input_done_ = false;
  std::vector<char> text_;            // decoded text; the unread part is [begin_, end_)
  size_t begin_ = 0;
  size_t end_ = 0;
  std::string partial_;               // a line that spans two fills of text_
  uint64_t line_number_ = 0;
  uint64_t bytes_read_ = 0;
};

// Writes lines to PATH.part, compressed with zstd when PATH ends in ".zst", and renames it to
// PATH on commit(). The first write error is remembered, later writes do nothing, and commit()
// reports it. Destroyed without a successful commit, it removes PATH.part.
// Made by in_memory(), it writes the same bytes to a string instead, which commit() completes
// and take_bytes() hands over: a file's contents sent elsewhere to be written (an explore job's
// proof, passed from the worker to the process that keeps the store).
class AtomicLineWriter {
 public:
  static Expected<std::unique_ptr<AtomicLineWriter>> open(const std::string& path);
  static Expected<std::unique_ptr<AtomicLineWriter>> in_memory(bool zstd);
  ~AtomicLineWriter();
  AtomicLineWriter(const AtomicLineWriter&) = delete;
  AtomicLineWriter& operator=(const AtomicLineWriter&) = delete;

  // Writes the line and a '\n'.
  void write_line(std::string_view line);
  // Flushes, syncs to disk and renames PATH.part to PATH; the error message on failure (then
  // PATH.part is removed and PATH left as it was).
  std::optional<std::string> commit();
  // In memory, after a successful commit(): the bytes written (the writer is left empty).
  std::string take_bytes() { return std::move(memory_); }

 private:
  struct Encoder;
  AtomicLineWriter(std::string path, int fd);
  // Sets up zstd compression; false when it cannot be.
  bool start_encoder();
  // Compresses (or copies) the buffered text to the file; end closes the zstd frame.
  void drain(bool end);
  void write_out(const char* data, size_t size);
  void fail(const std::string& why);
  void discard();

  std::string path_;
  std::string part_path_;
  int fd_ = -1;
  bool in_memory_ = false;            // writes to memory_, not to a file
  std::string memory_;                // the bytes written, in memory
  std::unique_ptr<Encoder> encoder_;  // null for a plain file
  std::vector<char> text_;            // lines not yet compressed or written
  std::vector<char> output_;          // compressed bytes not yet written
  std::optional<std::string> error_;
  bool committed_ = false;
};

}  // namespace dm::proof
