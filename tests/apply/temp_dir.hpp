#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace roce::apply::test {

struct TempDir {
  std::string path;
  TempDir() {
    char templ[] = "/tmp/roce-apply-XXXXXX";
    path = ::mkdtemp(templ);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), {});
}

}  // namespace roce::apply::test
