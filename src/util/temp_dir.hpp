#pragma once
// A private temporary folder of roce-doctor's, removed with what it holds when it is destroyed or
// when a stop signal ends roce-doctor.
#include <string>

#include "util/expected.hpp"

namespace roce::process {

class TempDir {
 public:
  /// A fresh mkdtemp folder $TMPDIR/STEM.XXXXXX (/tmp without TMPDIR), registered with the stop
  /// thread (stop_signals.hpp).
  static Expected<TempDir> create(const std::string& stem);
  TempDir(TempDir&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
  TempDir& operator=(TempDir&&) = delete;
  TempDir(const TempDir&) = delete;
  ~TempDir();
  const std::string& path() const { return path_; }

 private:
  explicit TempDir(std::string path) : path_(std::move(path)) {}
  std::string path_;
};

}  // namespace roce::process
