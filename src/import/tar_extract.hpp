#pragma once
// Extracting a user's archive (sos report, sysinfo-snapshot) with tar(1) into a private directory.
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::import {

// A mkdtemp directory under $TMPDIR (or /tmp), removed with everything in it when destroyed.
class TempDir {
 public:
  static Expected<TempDir> create();
  TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempDir& operator=(TempDir&&) = delete;
  TempDir(const TempDir&) = delete;
  ~TempDir();
  const std::string& path() const { return path_; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

// Member names of `tar -tf` output that would land outside the extraction directory: absolute
// paths and paths with a ".." component. Pure.
std::vector<std::string> unsafe_member_names(std::string_view listing);

// Whether a file starting with `head` (its first 512 bytes) is an archive extract_archive reads:
// gzip, xz, bzip2 or a plain tar. Pure.
bool looks_like_archive(std::string_view head);

// Lists the archive, refuses unsafe member names, then extracts it into `into` (no owners, no
// special permissions). tar detects the compression itself.
Outcome extract_archive(const std::string& archive, const std::string& into);

}  // namespace roce::import
