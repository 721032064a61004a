#pragma once
// One apply at a time: an flock(2) on STATE_DIR/lock, released when the holder exits however it
// exits. The file says who holds it (pid, command line, since) so a refusal can name the holder.
#include <chrono>
#include <optional>
#include <string>

#include "util/expected.hpp"

namespace roce::apply {

class ApplyLock {
 public:
  ApplyLock() = default;
  ApplyLock(ApplyLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  ApplyLock& operator=(ApplyLock&& other) noexcept;
  ApplyLock(const ApplyLock&) = delete;
  ApplyLock& operator=(const ApplyLock&) = delete;
  ~ApplyLock();

  /// Takes the lock or fails at once, naming the holder (sys_errno EWOULDBLOCK). `wait` > 0 retries
  /// that long first. Refuses an untrusted state directory (check_state_dir) and a symlinked lock.
  static Expected<ApplyLock> acquire(const std::string& state_dir,
                                     std::chrono::milliseconds wait = std::chrono::milliseconds(0));
  bool held() const { return fd_ >= 0; }
  void release();

 private:
  explicit ApplyLock(int fd) : fd_(fd) {}
  int fd_ = -1;
};

/// "pid 1234 (roce-doctor tune --apply) since 2026-11-29T22:19:31Z", or why it is unknown.
std::string describe_lock_holder(const std::string& state_dir);

/// Who holds the apply lock now (as describe_lock_holder says), or nullopt when nobody does. Looks
/// without taking the lock or writing anything (a shared flock tried and dropped at once); a
/// missing state directory or lock file is nobody.
Expected<std::optional<std::string>> lock_holder_now(const std::string& state_dir);

/// This process's command line, arguments separated by spaces.
std::string own_command_line();

/// Refuses a state directory that another user could tamper with (it may sit in a shared /tmp):
/// a symlink, not a directory, not owned by the effective uid (or root), or writable by group or
/// others; and the same of every directory above it, naming the one that failed (a world-writable
/// one with the sticky bit, like /tmp, passes). sys_errno is ELOOP, ENOTDIR, EPERM or EACCES
/// respectively, never EWOULDBLOCK.
Outcome check_state_dir(const std::string& state_dir);

/// Creates the state directory (mode 0700) if it does not exist, then check_state_dir().
Outcome ensure_state_dir(const std::string& state_dir);

std::int64_t unix_ms_now();
std::string utc_time(std::int64_t unix_ms);  // "2026-11-29T22:19:31Z"

}  // namespace roce::apply
