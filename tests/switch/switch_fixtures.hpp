#pragma once
// The switch fixtures (tests/fixtures/switch/) by name, and a sample without its "# " provenance lines.
#include <string>

#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {

inline std::string switch_fixture_path(const std::string& name) {
  return std::string(ROCE_FIXTURES_DIR) + "/switch/" + name;
}

/// The fixture's text without the lines starting with "# " (its provenance).
inline std::string switch_sample(const std::string& name) {
  const std::string text = slurp(switch_fixture_path(name));
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    auto nl = text.find('\n', at);
    if (nl == std::string::npos) nl = text.size();
    if (text.compare(at, 2, "# ") != 0) out += text.substr(at, nl - at) + "\n";
    at = nl + 1;
  }
  return out;
}

}  // namespace roce::test
