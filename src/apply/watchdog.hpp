#pragma once
// The dead-man: a separate process (own session) that holds the journal and a deadline. The
// applier spawns it before its first write and waits until it says "ready"; when the applier
// finishes it writes the final journal state and then a byte down the notify pipe (the
// watchdog's stdin). If the pipe closes with the journal unfinished, the applier died: the
// watchdog restores at once. If the deadline passes first, the applier hung: the watchdog kills
// it (SIGKILL) and restores. Restores happen under the apply lock, which it waits for as long as
// the applier holds it (a killed applier releases it when it exits). The deadline is given in
// wall-clock time but waited for on the monotonic clock.
#include <poll.h>
#include <sys/types.h>
#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "system/system.hpp"
#include "util/expected.hpp"

namespace roce::apply {

/// Reopens a System by its name() (e.g. "live", "sim:FILE"). The CLI provides it.
using SystemFactory = std::function<Expected<std::unique_ptr<system::System>>(const std::string& spec)>;

class WatchdogHandle {
 public:
  WatchdogHandle() = default;
  WatchdogHandle(pid_t pid, int notify_fd) : pid_(pid), notify_fd_(notify_fd) {}
  WatchdogHandle(WatchdogHandle&& o) noexcept : pid_(o.pid_), notify_fd_(o.notify_fd_) {
    o.pid_ = -1, o.notify_fd_ = -1;
  }
  WatchdogHandle& operator=(WatchdogHandle&& o) noexcept;
  ~WatchdogHandle();
  bool running() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }
  /// Tells the watchdog the journal is final (call after writing it) and reaps it.
  void finish(std::chrono::milliseconds wait = std::chrono::milliseconds(5000));

 private:
  pid_t pid_ = -1;
  int notify_fd_ = -1;
};

/// fork + setsid + exec of `command` + {"--journal", journal, "--deadline", UNIX_MS}; returns once
/// the watchdog has read the journal and said "ready" (or fails, and the watchdog is gone).
Expected<WatchdogHandle> spawn_watchdog(const std::vector<std::string>& command, const std::string& journal_path,
                                        std::int64_t deadline_unix_ms,
                                        std::chrono::milliseconds ready_timeout = std::chrono::milliseconds(10000));

/// Milliseconds on CLOCK_MONOTONIC (std::chrono::steady_clock), which no clock step moves.
std::int64_t mono_ms_now();

/// The monotonic time at which the wall-clock `deadline_unix_ms` falls, from one reading of both
/// clocks. The watchdog waits on it, so a wall-clock step (NTP) neither kills a healthy apply nor
/// delays a restore. A deadline already past gives now_mono_ms.
std::int64_t monotonic_deadline(std::int64_t deadline_unix_ms, std::int64_t now_unix_ms, std::int64_t now_mono_ms);

enum class Wake { input, deadline };
using PollFunction = std::function<int(pollfd*, nfds_t, int)>;
using ReportLine = std::function<void(const std::string&)>;

/// Waits for input or EOF on `fd` until `deadline_mono_ms` (mono_ms_now() time). A poll() error is
/// never taken for the deadline: EINTR is retried at once; any other error is reported (the first,
/// then one a minute) and retried after a short sleep.
Wake wait_input(int fd, std::int64_t deadline_mono_ms, const ReportLine& report, const PollFunction& poll_fn = ::poll);

/// The watchdog's body (`roce-doctor __watchdog`). stdin is the notify pipe, stdout the ready
/// pipe. Returns the process exit status: 0 nothing to do or restored, 1 restore failed, 2 bad input.
int run_watchdog(const std::string& journal_path, std::int64_t deadline_unix_ms, const SystemFactory& open_system);

}  // namespace roce::apply
