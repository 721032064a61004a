#pragma once
// A step that may end a command: its value, or the error and the exit code (util/exit_codes.hpp)
// to end with. Expected<T> says that something failed; Result<T> also says how the command ends.
#include <optional>
#include <utility>

#include "util/error.hpp"
#include "util/expected.hpp"

namespace roce {

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error, int exit_code) : error_(std::move(error)), exit_code_(exit_code) {}
  /// The value, or the error ending the command with exit_code.
  Result(Expected<T> expected, int exit_code) : exit_code_(exit_code) {
    if (expected)
      value_ = std::move(*expected);
    else
      error_ = std::move(expected.error());
  }

  explicit operator bool() const { return value_.has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  const Error& error() const { return error_; }
  Error& error() { return error_; }
  int exit_code() const { return exit_code_; }

 private:
  std::optional<T> value_;
  Error error_;
  int exit_code_ = 0;
};

}  // namespace roce
