#pragma once
// Every outcome is printed and logged: lines go to the caller's stream and are appended, with a
// UTC timestamp and the pid, to STATE_DIR/tune.log.
#include <ostream>
#include <string>
#include <string_view>

namespace roce::apply {

class ApplyLog {
 public:
  /// An empty state_dir logs to the stream only.
  ApplyLog(std::string state_dir, std::ostream& out) : state_dir_(std::move(state_dir)), out_(out) {}
  void line(std::string_view text);

 private:
  std::string state_dir_;
  std::ostream& out_;
};

}  // namespace roce::apply
