#pragma once
// Reading and writing test files whole.
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace roce::test {

/// The whole file as bytes; empty when it cannot be read (the assertion on its content fails).
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

/// Writes `text` as the file's whole content, byte for byte, making its parent folders.
inline void write_file(const std::string& path, const std::string& text) {
  const auto parent = std::filesystem::path(path).parent_path();
  if (!parent.empty()) std::filesystem::create_directories(parent);
  std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

}  // namespace roce::test
