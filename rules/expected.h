#pragma once
// A value or the one-line message saying why there is none: how input boundaries (FEN, moves,
// puzzle files, options) report errors without printing or throwing.

#include <string>
#include <utility>
#include <variant>

namespace dm {

template <typename T>
class Expected {
 public:
  Expected(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  static Expected failure(std::string message) { return Expected(Error{std::move(message)}); }

  explicit operator bool() const { return std::holds_alternative<T>(data_); }
  const T& operator*() const { return std::get<T>(data_); }
  T& operator*() { return std::get<T>(data_); }
  const T* operator->() const { return &std::get<T>(data_); }
  const std::string& error() const { return std::get<Error>(data_).message; }

 private:
  struct Error {
    std::string message;
  };
  explicit Expected(Error e) : data_(std::move(e)) {}
  std::variant<T, Error> data_;
};

}  // namespace dm
