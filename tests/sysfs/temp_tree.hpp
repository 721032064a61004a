#pragma once
// A temporary directory tree for sysfs tests, removed on destruction.
#include <string>
#include "support/paths.hpp"

namespace roce::test {

// Captured sysfs trees of real hosts (tests/fixtures/sysfs/).
inline const std::string kCx6dxTree = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx6dx";
inline const std::string kCx7Tree = std::string(ROCE_FIXTURES_DIR) + "/sysfs/cx7";

class TempTree {
 public:
  TempTree();
  ~TempTree();
  TempTree(const TempTree&) = delete;
  TempTree& operator=(const TempTree&) = delete;

  const std::string& root() const { return root_; }
  std::string path(const std::string& relative) const { return root_ + "/" + relative; }

  // Creates parent directories as needed; writes `content` exactly (no newline added).
  void write(const std::string& relative, const std::string& content) const;
  void mkdir(const std::string& relative) const;
  void symlink(const std::string& relative, const std::string& target) const;
  void chmod(const std::string& relative, unsigned mode) const;
  // Copies a fixture tree (symlinks kept as symlinks) into relative ("" = the root).
  void copy_from(const std::string& source_dir, const std::string& relative = "") const;

 private:
  std::string root_;
};

// Writes a flattened sysfs sample (`<path>\t<value>` per line, `#` comment lines, as in
// tests/fixtures/samples/sysfs_class_infiniband_*.txt) as files under `tree.path(under)`. Values are
// written as the sample has them (no trailing newline). Returns the number of files written.
int materialize_flat_sample(const std::string& sample_file, const TempTree& tree, const std::string& under);

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
