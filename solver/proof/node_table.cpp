#include "solver/proof/node_table.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cassert>
#include <cerrno>
#include <cstring>

namespace dm::proof {

namespace {

constexpr size_t kChunkBytes = NodeTable::kChunkNodes * NodeTable::kRecordBytes;
static_assert(kChunkBytes % 4096 == 0, "a chunk is mapped at a page boundary of the file");
static_assert(sizeof(Fingerprint) == 16, "a fingerprint is two 64-bit hashes");

}  // namespace

Expected<std::unique_ptr<NodeTable>> NodeTable::create(const std::string& directory) {
  using Result = Expected<std::unique_ptr<NodeTable>>;
  std::string name = directory + "/dmsolve-proof-nodes-XXXXXX";
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return Result::failure("cannot create a temporary file in " + directory + ": " + std::strerror(errno));
  ::unlink(name.c_str());
  return std::unique_ptr<NodeTable>(new NodeTable(fd));
}

NodeTable::~NodeTable() {
  for (unsigned char* chunk : chunks_) ::munmap(chunk, kChunkBytes);
  ::close(fd_);
}

unsigned char* NodeTable::slot(uint64_t index) const {
  return chunks_[index / kChunkNodes] + (index % kChunkNodes) * kRecordBytes;
}

std::optional<std::string> NodeTable::push_back(const CheckedNode& record) {
  if (size_ == chunks_.size() * kChunkNodes) {
    const off_t offset = off_t(chunks_.size() * kChunkBytes);
    if (const int error = ::posix_fallocate(fd_, offset, off_t(kChunkBytes))) {
      return std::string("the checker's node file: ") + std::strerror(error);
    }
    void* chunk = ::mmap(nullptr, kChunkBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd_, offset);
    if (chunk == MAP_FAILED) return std::string("the checker's node file: ") + std::strerror(errno);
    chunks_.push_back(static_cast<unsigned char*>(chunk));
  }
  unsigned char* to = slot(size_);
  std::memcpy(to, &record.fingerprint.fnv, 8);
  std::memcpy(to + 8, &record.fingerprint.murmur, 8);
  std::memcpy(to + 16, &record.depth, 4);
  ++size_;
  return std::nullopt;
}

CheckedNode NodeTable::at(uint64_t id) const {
  assert(id >= 1 && id <= size_);
  const unsigned char* from = slot(id - 1);
  CheckedNode record;
  std::memcpy(&record.fingerprint.fnv, from, 8);
  std::memcpy(&record.fingerprint.murmur, from + 8, 8);
  std::memcpy(&record.depth, from + 16, 4);
  return record;
}

}  // namespace dm::proof
