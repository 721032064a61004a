// tune.log: checked before the first write, then appended to line by line.
#include "apply/log.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <sstream>

#include "apply/lock.hpp"

namespace roce::apply {
namespace {

// O_NOFOLLOW: a symlink planted as tune.log must not make us append to another file.
int open_log(const std::string& path) {
  return ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0600);
}

// Why tune.log could not be opened.
std::string why_not(int err) {
  if (err == ELOOP) return "is a symlink; refused";
  if (err == EISDIR) return "is a directory";
  return std::string("cannot be opened for appending: ") + std::strerror(err);
}

}  // namespace

std::string log_path(const std::string& state_dir) { return state_dir + "/tune.log"; }

Outcome check_log_writable(const std::string& state_dir) {
  if (auto made = ensure_state_dir(state_dir); !made) return made;
  const std::string path = log_path(state_dir);
  const int fd = open_log(path);
  if (fd < 0) {
    const int err = errno;
    return fail("the tune log " + path + " " + why_not(err) + ", so the steps of a change could not be logged",
                "nothing was written: make " + path + " a file this user can append to, or give another --state-dir",
                err);
  }
  ::close(fd);
  return done();
}

void ApplyLog::line(std::string_view text) {
  out_ << text << "\n";
  out_.flush();
  // Never into a directory check_state_dir() refuses: its refusal is itself logged through here.
  if (state_dir_.empty() || !check_state_dir(state_dir_)) return;
  const std::string path = log_path(state_dir_);
  const int fd = open_log(path);
  int err = errno;
  std::ostringstream entry;
  entry << utc_time(unix_ms_now()) << " [" << ::getpid() << "] " << text << "\n";
  const std::string bytes = entry.str();
  bool appended = false;
  if (fd >= 0) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());  // one append per line
    appended = n == static_cast<ssize_t>(bytes.size());
    err = n < 0 ? errno : ENOSPC;
    ::close(fd);
  }
  if (appended || warned_) return;
  warned_ = true;  // the line reached the caller's stream; say once that the file misses it
  out_ << "warning: the tune log " << path << " "
       << (fd < 0 ? why_not(err) : std::string("could not be appended to: ") + std::strerror(err))
       << ": this line and later ones may be missing from it\n";
  out_.flush();
}

}  // namespace roce::apply
