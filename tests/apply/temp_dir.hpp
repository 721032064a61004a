#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "support/files.hpp"

namespace roce::test {

struct TempDir {
  std::string path;
  TempDir() {
    char templ[] = "/tmp/roce-apply-XXXXXX";
    path = ::mkdtemp(templ);
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

}  // namespace roce::test
