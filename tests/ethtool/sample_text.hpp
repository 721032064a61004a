#pragma once
// Reads a file of tests/fixtures/samples/ as the tool printed it: lines starting with "# " are
// provenance comments (samples/README.md) and are dropped.
#include <fstream>
#include <sstream>
#include <string>
#include "support/paths.hpp"

namespace roce::test {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string sample_without_comments(const std::string& name) {
  std::istringstream in(read_file(std::string(ROCE_FIXTURES_DIR) + "/samples/" + name));
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("# ", 0) != 0) out += line + "\n";
  return out;
}

}  // namespace roce::test
