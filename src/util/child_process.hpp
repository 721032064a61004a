#pragma once
// A child process in its own process group, its stdout and stderr in files: started, waited for
// with a deadline, and on timeout or interruption killed as a group and always reaped.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::process {

using Clock = std::chrono::steady_clock;

/// How a child ended.
struct ChildEnd {
  bool exited = false;  // exit_code is valid
  int exit_code = -1;
  int signal = 0;            // the signal that ended it, 0 when it exited
  bool timed_out = false;    // the deadline passed: the group was killed
  bool interrupted = false;  // SIGINT/SIGTERM reached roce-doctor: the group was killed
  bool ok() const { return exited && exit_code == 0; }
  /// "exited with code 1", "killed by signal 9 after the timeout", "interrupted".
  std::string describe() const;
};

class Child {
 public:
  /// Starts argv[0] (looked up in PATH) with stdout and stderr written to the two files. Fails with
  /// the exec errno when it cannot run.
  static Expected<Child> start(const std::vector<std::string>& argv, const std::string& stdout_path,
                               const std::string& stderr_path);
  Child(Child&& other) noexcept;
  Child& operator=(Child&&) = delete;
  Child(const Child&) = delete;
  ~Child();  // a child still running is killed as a group and reaped

  /// Has it ended (reaped now if so)?
  bool ended();
  /// Waits until it ends or `deadline` passes (then kills the group: SIGTERM, SIGKILL after 2 s).
  ChildEnd wait_until(Clock::time_point deadline);
  /// Kills the group now (SIGTERM, SIGKILL after 2 s) and reaps.
  ChildEnd kill_group();
  const ChildEnd& end() const { return end_; }
  pid_t pid() const { return pid_; }

 private:
  explicit Child(pid_t pid) : pid_(pid) {}
  bool reap(int options);
  pid_t pid_ = -1;
  bool reaped_ = false;
  ChildEnd end_;
};

/// While one lives, SIGINT and SIGTERM set a flag instead of ending roce-doctor, so that the waits
/// above kill and reap their children before it exits (the previous handlers come back after).
class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;
  static bool interrupted();
};

/// The full path of an executable found in PATH, or "" when there is none.
std::string find_in_path(const std::string& name);

/// The last `max_lines` lines of a file (for errors): "" when it is empty or unreadable.
std::string tail_of_file(const std::string& path, std::size_t max_lines = 10);

}  // namespace roce::process
