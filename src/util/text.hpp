#pragma once
// Small text helpers every reader and view shares.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roce {

/// The parts with `separator` between them: join({"a", "b"}, ", ") is "a, b".
inline std::string join(const std::vector<std::string>& parts, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i > 0) out += separator;
    out += parts[i];
  }
  return out;
}

}  // namespace roce
