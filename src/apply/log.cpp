#include "apply/log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <sstream>

#include "apply/lock.hpp"

namespace roce::apply {

void ApplyLog::line(std::string_view text) {
  out_ << text << "\n";
  out_.flush();
  // Never into a directory check_state_dir() refuses: its refusal is itself logged through here.
  if (state_dir_.empty() || !check_state_dir(state_dir_)) return;
  // O_NOFOLLOW: a symlink planted as tune.log must not make us append to another file.
  const std::string path = state_dir_ + "/tune.log";
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return;  // the line reached the caller's stream; the log file is best effort
  std::ostringstream entry;
  entry << utc_time(unix_ms_now()) << " [" << ::getpid() << "] " << text << "\n";
  const std::string bytes = entry.str();
  [[maybe_unused]] const ssize_t n = ::write(fd, bytes.data(), bytes.size());  // one append per line
  ::close(fd);
}

}  // namespace roce::apply
