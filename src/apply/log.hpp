#pragma once
// Every outcome is printed and logged: lines go to the caller's stream and are appended, with a
// UTC timestamp and the pid, to STATE_DIR/tune.log.
#include <ostream>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::apply {

/// STATE_DIR/tune.log.
std::string log_path(const std::string& state_dir);

/// Whether tune.log can be appended to, checked before anything is written to the host (the state
/// directory made if missing): an apply, rollback or restore whose steps could not be logged is
/// refused. The error names the file and why (a directory, a symlink, no permission, ...).
Outcome check_log_writable(const std::string& state_dir);

class ApplyLog {
 public:
  /// An empty state_dir logs to the stream only.
  ApplyLog(std::string state_dir, std::ostream& out) : state_dir_(std::move(state_dir)), out_(out) {}
  /// The line on the stream, and appended to tune.log; a line that cannot be appended (after
  /// check_log_writable passed: the disk filled up, ...) says so on the stream, once.
  void line(std::string_view text);

 private:
  std::string state_dir_;
  std::ostream& out_;
  bool warned_ = false;
};

}  // namespace roce::apply
