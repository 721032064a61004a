// The sysfs tests' flat samples and file capabilities (sysfs_trees.hpp).
#include "sysfs_trees.hpp"

#include <linux/capability.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace fs = std::filesystem;

namespace roce::test {

int materialize_flat_sample(const std::string& sample_file, const TempDir& tree, const std::string& under) {
  std::ifstream in(sample_file);
  if (!in) throw std::runtime_error("cannot open " + sample_file);
  int files = 0;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    auto tab = line.find('\t');
    if (tab == std::string::npos || tab == 0) throw std::runtime_error("bad sample line: " + line);
    tree.write(under + "/" + line.substr(0, tab), line.substr(tab + 1));
    ++files;
  }
  return files;
}

namespace {

__user_cap_header_struct cap_header() { return {_LINUX_CAPABILITY_VERSION_3, 0}; }

}  // namespace

WithoutFileCapabilities::WithoutFileCapabilities() {
  auto header = cap_header();
  __user_cap_data_struct data[2];
  if (::syscall(SYS_capget, &header, data) != 0) return;
  std::memcpy(saved_, data, sizeof data);
  constexpr unsigned kDrop = (1u << CAP_DAC_OVERRIDE) | (1u << CAP_DAC_READ_SEARCH);
  data[0].effective &= ~kDrop;
  changed_ = ::syscall(SYS_capset, &header, data) == 0;
}

WithoutFileCapabilities::~WithoutFileCapabilities() {
  if (!changed_) return;
  auto header = cap_header();
  __user_cap_data_struct data[2];
  std::memcpy(data, saved_, sizeof data);
  ::syscall(SYS_capset, &header, data);
}

}  // namespace roce::test
