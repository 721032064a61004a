#pragma once
// A temporary folder for a test: made fresh under $TMPDIR, removed with all it holds.
#include <stdlib.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace roce::test {

/// A fresh folder `roce-<tag>-XXXXXX` under std::filesystem::temp_directory_path() (mkdtemp), removed
/// with everything in it when the object ends, folders a test made unreadable included.
class TempDir {
 public:
  explicit TempDir(const std::string& tag = "test") {
    std::string pattern = (std::filesystem::temp_directory_path() / ("roce-" + tag + "-XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp " + pattern + " failed");
    path_ = pattern;
  }
  ~TempDir() {
    namespace fs = std::filesystem;
    std::error_code ec;
    // Tests make folders unreadable; give them back before removing.
    for (auto it = fs::recursive_directory_iterator(path_, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->is_directory(ec) && !it->is_symlink(ec)) ::chmod(it->path().c_str(), 0755);
    fs::remove_all(path_, ec);
  }
  /// A fresh folder holding these files (path below the folder, content).
  TempDir(const std::string& tag, const std::vector<std::pair<std::string, std::string>>& files) : TempDir(tag) {
    for (const auto& [relative, content] : files) write(relative, content);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  /// The folder itself.
  const std::string& path() const { return path_; }
  /// A path inside the folder ("a/b" for a/b below it); nothing is made.
  std::string path(const std::string& relative) const { return path_ + "/" + relative; }

  /// Writes `content` exactly (no newline added) to `relative`, making its parent folders; returns
  /// its path.
  std::string write(const std::string& relative, const std::string& content) const {
    const std::filesystem::path p = path(relative);
    std::filesystem::create_directories(p.parent_path());
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << content;
    if (!out) throw std::runtime_error("cannot write " + p.string());
    return p.string();
  }
  /// Makes the folder `relative` and its parents; returns its path.
  std::string mkdir(const std::string& relative) const {
    std::filesystem::create_directories(path(relative));
    return path(relative);
  }
  /// Makes `relative` a symbolic link to `target`, making its parent folders.
  void symlink(const std::string& relative, const std::string& target) const {
    const std::filesystem::path p = path(relative);
    std::filesystem::create_directories(p.parent_path());
    std::filesystem::create_symlink(target, p);
  }
  void chmod(const std::string& relative, unsigned mode) const {
    if (::chmod(path(relative).c_str(), mode) != 0) throw std::runtime_error("chmod failed: " + relative);
  }
  /// Copies the folder `source_dir` (symbolic links kept as links) into `relative` ("" = the folder).
  void copy_from(const std::string& source_dir, const std::string& relative = "") const {
    const std::string dest = relative.empty() ? path_ : path(relative);
    std::filesystem::create_directories(dest);
    std::filesystem::copy(source_dir, dest,
                          std::filesystem::copy_options::recursive | std::filesystem::copy_options::copy_symlinks);
  }

 private:
  std::string path_;
};

/// A path `name` in a temporary folder of this test process, removed when the process exits: for
/// the files of end-to-end runs that outlive one scope.
inline std::string temp_path(const std::string& name) {
  static const TempDir dir("test-process");
  return dir.path(name);
}

/// A fresh folder `<tag>-XXXXXX` inside the folder of temp_path, removed when the process exits.
inline std::string fresh_temp_dir(const std::string& tag) {
  std::string pattern = temp_path(tag + "-XXXXXX");
  if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp " + pattern + " failed");
  return pattern;
}

}  // namespace roce::test
