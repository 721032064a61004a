#pragma once
// Child processes: every one roce-doctor runs starts through spawn() (its own process group, a
// clean signal state, known to the stop thread); Child is one with its stdout and stderr in files,
// waited for with a deadline, and on timeout or a stop request killed as a group and always reaped.
#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

#include "util/expected.hpp"

namespace roce::process {

using Clock = std::chrono::steady_clock;

/// A spawned child's standard streams: descriptors of ours, dup'ed onto 0, 1 and 2 (-1: /dev/null).
struct Stdio {
  int in = -1;
  int out = -1;
  int err = -1;
};

/// Starts argv[0] (looked up in PATH) in a process group of its own, with no signal blocked and
/// every signal at its default disposition whatever roce-doctor blocks or ignores, and registered
/// with the stop thread (stop_signals.hpp), which kills the group before roce-doctor exits on a
/// signal. Fails with the exec errno when it cannot run. Reap it with reap().
Expected<pid_t> spawn(const std::vector<std::string>& argv, const Stdio& stdio);

/// Reaps a child of spawn() once it has ended (waiting for that when `block`); true with its wait
/// status in `status` (-1 when it was not ours to wait for) when reaped, false while it runs.
bool reap(pid_t pid, int& status, bool block);

/// In a child of fork() that will exec, before exec: no signal blocked, every signal at its default
/// disposition. Async-signal-safe.
void reset_signals_after_fork();

/// How a child ended.
struct ChildEnd {
  bool exited = false;  // exit_code is valid
  int exit_code = -1;
  int signal = 0;            // the signal that ended it, 0 when it exited
  bool timed_out = false;    // the deadline passed: the group was killed
  bool interrupted = false;  // a stop was requested (FinishOnStop): the group was killed
  bool ok() const { return exited && exit_code == 0; }
  /// "exited with code 1", "killed by signal 9 after the timeout", "interrupted".
  std::string describe() const;
};

class Child {
 public:
  /// Starts argv[0] through spawn() with stdout and stderr written to the two files. Fails naming
  /// the file it cannot open, or with the exec errno when it cannot run.
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
  bool reap(bool block);
  pid_t pid_ = -1;
  bool reaped_ = false;
  ChildEnd end_;
};

/// The full path of an executable found in PATH, or "" when there is none.
std::string find_in_path(const std::string& name);

/// The last `max_lines` lines of a file (for errors): "" when it is empty or unreadable.
std::string tail_of_file(const std::string& path, std::size_t max_lines = 10);

}  // namespace roce::process
