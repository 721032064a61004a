#pragma once
// C++20 has no std::expected; this is the small subset the core uses. Exceptions stay at the edges
// (CLI11, toml++, nlohmann::json); the core returns Expected<T>.
#include <cassert>
#include <utility>
#include <variant>

#include "util/error.hpp"

namespace roce {

struct Unexpected {
  Error error;
};
inline Unexpected fail(std::string message, std::string hint = {}, int sys_errno = 0) {
  return Unexpected{Error{std::move(message), std::move(hint), sys_errno}};
}
inline Unexpected fail(Error e) { return Unexpected{std::move(e)}; }

template <class T>
class [[nodiscard]] Expected {
 public:
  Expected(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  Expected(Unexpected u) : v_(std::in_place_index<1>, std::move(u.error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }
  Error& error() {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

// For operations that produce nothing but may fail.
struct Done {};
using Outcome = Expected<Done>;
inline Outcome done() { return Done{}; }

}  // namespace roce
