#include "solver/files/whole_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

namespace dm::files {

namespace {

std::string system_error() { return std::strerror(errno); }

}  // namespace

std::optional<std::string> write_all(int fd, const char* data, size_t size) {
  while (size > 0) {
    const ssize_t count = ::write(fd, data, size);
    if (count < 0) {
      if (errno == EINTR) continue;
      return system_error();
    }
    data += count;
    size -= size_t(count);
  }
  return std::nullopt;
}

std::optional<std::string> commit_part(int fd, const std::string& part, const std::string& path) {
  std::optional<std::string> error;
  if (::fsync(fd) != 0) error = part + ": " + system_error();
  if (::close(fd) != 0 && !error) error = part + ": " + system_error();
  if (!error && std::rename(part.c_str(), path.c_str()) != 0) error = path + ": " + system_error();
  if (error) {
    ::unlink(part.c_str());
    return error;
  }
  // The rename reaches the disk with the directory; a failure here loses nothing that is not
  // already in place, so it is not reported.
  std::filesystem::path directory = std::filesystem::path(path).parent_path();
  if (directory.empty()) directory = ".";
  if (const int dir_fd = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
  return std::nullopt;
}

namespace {

std::optional<std::string> write_through(const std::string& path, const std::string& part, std::string_view bytes) {
  const int fd = ::open(part.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return part + ": " + system_error();
  if (const auto error = write_all(fd, bytes.data(), bytes.size())) {
    ::close(fd);
    ::unlink(part.c_str());
    return part + ": " + *error;
  }
  return commit_part(fd, part, path);
}

}  // namespace

std::optional<std::string> write_whole_file(const std::string& path, std::string_view bytes) {
  return write_through(path, path + ".part", bytes);
}

std::optional<std::string> write_shared_file(const std::string& path, std::string_view bytes) {
  return write_through(path, path + "." + std::to_string(::getpid()) + ".part", bytes);
}

}  // namespace dm::files
