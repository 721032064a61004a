#pragma once
// Paths of tests/fixtures/import; the files and temporary folders the import tests write.
#include <string>

#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

inline std::string import_fixture(const std::string& name) {
  return std::string(ROCE_FIXTURES_DIR) + "/import/" + name;
}

}  // namespace roce::test
