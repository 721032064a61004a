#pragma once
// Reading test files whole.
#include <fstream>
#include <iterator>
#include <string>

namespace roce::test {

/// The whole file as bytes; empty when it cannot be read (the assertion on its content fails).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

}  // namespace roce::test
