#pragma once
// The sysfs tests' trees: the captured fixture trees, flat samples written out as files, and file
// modes that apply to root too. Temporary trees are support/temp_dir.hpp's TempDir.
#include <string>

#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

// Captured sysfs trees of real hosts (tests/fixtures/sysfs/).
inline const std::string kCx6dxTree = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx6dx";
inline const std::string kCx7Tree = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx7";

// Writes a flattened sysfs sample (`<path>\t<value>` per line, `#` comment lines, as in
// tests/fixtures/samples/sysfs_class_infiniband_*.txt) as files under `tree.path(under)`. Values are
// written as the sample has them (no trailing newline). Returns the number of files written.
int materialize_flat_sample(const std::string& sample_file, const TempDir& tree, const std::string& under);

// While alive, the calling thread does not have CAP_DAC_OVERRIDE / CAP_DAC_READ_SEARCH, so file
// modes apply even to root.
class WithoutFileCapabilities {
 public:
  WithoutFileCapabilities();
  ~WithoutFileCapabilities();
  WithoutFileCapabilities(const WithoutFileCapabilities&) = delete;
  WithoutFileCapabilities& operator=(const WithoutFileCapabilities&) = delete;

 private:
  unsigned saved_[6] = {};  // two struct __user_cap_data_struct
  bool changed_ = false;
};

}  // namespace roce::test
