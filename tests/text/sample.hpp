#pragma once
// Samples of tests/fixtures/samples/ as the tool printed them: "# " provenance lines are dropped
// (samples/README.md). Files holding several captures are cut with between().
#include <fstream>
#include <sstream>
#include <string>

#include "captures/text/parse_result.hpp"
#include "support/paths.hpp"

namespace roce::test {

inline std::string sample(const std::string& name) {
  std::ifstream in(std::string(ROCE_FIXTURES_DIR) + "/samples/" + name, std::ios::binary);
  std::string line, out;
  while (std::getline(in, line))
    if (line.rfind("# ", 0) != 0 && line != "#") out += line + "\n";
  return out;
}

// Part `n` (from 0) of a sample holding several captures, each under its own "# SOURCE ..." header.
inline std::string sample_part(const std::string& name, int n) {
  std::ifstream in(std::string(ROCE_FIXTURES_DIR) + "/samples/" + name, std::ios::binary);
  std::string line, out;
  int part = -1;
  while (std::getline(in, line)) {
    if (line.rfind("# SOURCE", 0) == 0) ++part;
    if (part == n && line.rfind("# ", 0) != 0 && line != "#") out += line + "\n";
  }
  return out;
}

// The text after the line `first` (exclusive) up to the line starting with `stop` (exclusive; end if empty).
inline std::string between(const std::string& text, const std::string& first, const std::string& stop = "") {
  std::size_t begin = text.find(first);
  if (begin == std::string::npos) return {};
  begin = text.find('\n', begin) + 1;
  std::size_t end = stop.empty() ? std::string::npos : text.find("\n" + stop, begin);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end + 1 - begin);
}

inline const captures::text::TextOrigin kOrigin{"sos", "sos_commands/test/file"};

}  // namespace roce::test
