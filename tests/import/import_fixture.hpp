#pragma once
// Paths of tests/fixtures/import and a scratch directory per test.
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "import/tar_extract.hpp"
#include "support/paths.hpp"

namespace roce::test {

inline std::string import_fixture(const std::string& name) {
  return std::string(ROCE_FIXTURES_DIR) + "/import/" + name;
}

inline void write_file(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path, std::ios::binary) << text;
}

// A fresh scratch directory (removed at the end of the test).
inline import::TempDir scratch() {
  auto dir = import::TempDir::create();
  if (!dir) std::abort();
  return std::move(*dir);
}

}  // namespace roce::test
