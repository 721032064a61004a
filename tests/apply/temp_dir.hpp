#pragma once
#include <cstdlib>
#include <filesystem>
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

}  // namespace roce::apply::test
