#include "temp_tree.hpp"

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

TempTree::TempTree() {
  std::string pattern = (fs::temp_directory_path() / "roce-sysfs-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  root_ = pattern;
}

TempTree::~TempTree() {
  std::error_code ec;
  // Tests make directories unreadable; give them back before removing.
  for (auto it = fs::recursive_directory_iterator(root_, fs::directory_options::skip_permission_denied, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
    if (it->is_directory(ec) && !it->is_symlink(ec)) ::chmod(it->path().c_str(), 0755);
  fs::remove_all(root_, ec);
}

void TempTree::write(const std::string& relative, const std::string& content) const {
  fs::path p = path(relative);
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << content;
  if (!out) throw std::runtime_error("cannot write " + p.string());
}

void TempTree::mkdir(const std::string& relative) const { fs::create_directories(path(relative)); }

void TempTree::symlink(const std::string& relative, const std::string& target) const {
  fs::path p = path(relative);
  fs::create_directories(p.parent_path());
  fs::create_symlink(target, p);
}

void TempTree::chmod(const std::string& relative, unsigned mode) const {
  if (::chmod(path(relative).c_str(), mode) != 0) throw std::runtime_error("chmod failed: " + relative);
}

void TempTree::copy_from(const std::string& source_dir, const std::string& relative) const {
  fs::path dest = relative.empty() ? fs::path(root_) : fs::path(path(relative));
  fs::create_directories(dest);
  fs::copy(source_dir, dest, fs::copy_options::recursive | fs::copy_options::copy_symlinks);
}

int materialize_flat_sample(const std::string& sample_file, const TempTree& tree, const std::string& under) {
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
