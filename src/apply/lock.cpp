// The apply lock: one tune --apply at a time, and who holds it.
#include "apply/lock.hpp"
#include "util/read_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <thread>

#include "util/time_text.hpp"

namespace roce::apply {
namespace {

std::string lock_path(const std::string& state_dir) { return state_dir + "/lock"; }

const char* const kStateDirHint = "use a directory owned by this user with mode 0700 (--state-dir)";

std::string mode_text(mode_t mode) {
  char text[8];
  std::snprintf(text, sizeof text, "%04o", static_cast<unsigned>(mode & 07777));
  return text;
}

// Every directory above the state directory, from / down, judged as the state directory is: a
// symlink or a directory another user owns or may write could swap the state directory. A
// world-writable directory with the sticky bit (/tmp) is safe: others cannot rename or remove
// what is ours in it.
Outcome check_parent_chain(const std::string& state_dir) {
  std::error_code ec;
  const auto absolute = std::filesystem::absolute(state_dir, ec);
  if (ec) return fail("state directory " + state_dir + ": " + ec.message(), kStateDirHint, ec.value());
  const auto refuse = [&](const std::string& parent, const std::string& why, const std::string& hint, int err) {
    return fail("state directory " + state_dir + ": its parent " + parent + " " + why + "; refused", hint, err);
  };
  std::filesystem::path parent;
  for (auto it = absolute.begin(); it != absolute.end(); ++it) {
    if (std::next(it) == absolute.end() || (std::next(std::next(it)) == absolute.end() && std::next(it)->empty()))
      break;  // the state directory itself (or the empty name after its trailing slash)
    parent /= *it;
    struct stat st {};
    if (::lstat(parent.c_str(), &st) != 0)
      return fail("state directory " + state_dir + ": " + parent.string() + ": " + std::strerror(errno), kStateDirHint,
                  errno);
    if (S_ISLNK(st.st_mode)) {
      const auto real = std::filesystem::canonical(parent, ec);
      return refuse(parent.string(), "is a symlink",
                    ec ? std::string("give a path without symlinks")
                       : "give the path without symlinks: " + (real / absolute.lexically_relative(parent)).string(),
                    ELOOP);
    }
    if (!S_ISDIR(st.st_mode)) return refuse(parent.string(), "is not a directory", kStateDirHint, ENOTDIR);
    if (st.st_uid != ::geteuid() && st.st_uid != 0)
      return refuse(parent.string(), "is owned by uid " + std::to_string(st.st_uid) + ", not by this user or root",
                    kStateDirHint, EPERM);
    if ((st.st_mode & 022) != 0 && (st.st_mode & S_ISVTX) == 0)
      return refuse(parent.string(), "is writable by group or others (mode " + mode_text(st.st_mode) + ")",
                    "chmod go-w " + parent.string() + ", or " + kStateDirHint, EACCES);
  }
  return done();
}

}  // namespace

std::int64_t unix_ms_now() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

std::string utc_time(std::int64_t unix_ms) { return util::utc_text(unix_ms, util::UtcForm::iso8601); }

std::string own_command_line() {
  auto read = util::read_file("/proc/self/cmdline");
  std::string raw = read ? std::move(*read) : std::string();
  while (!raw.empty() && raw.back() == '\0') raw.pop_back();
  for (char& c : raw)
    if (c == '\0') c = ' ';
  return raw.empty() ? "unknown" : raw;
}

Outcome check_state_dir(const std::string& state_dir) {
  if (auto chain = check_parent_chain(state_dir); !chain) return chain;
  const std::string hint = kStateDirHint;
  struct stat st {};
  if (::lstat(state_dir.c_str(), &st) != 0)
    return fail("state directory " + state_dir + ": " + std::strerror(errno), hint, errno);
  if (S_ISLNK(st.st_mode)) return fail("state directory " + state_dir + " is a symlink; refused", hint, ELOOP);
  if (!S_ISDIR(st.st_mode)) return fail("state directory " + state_dir + " is not a directory", hint, ENOTDIR);
  if (st.st_uid != ::geteuid() && st.st_uid != 0)
    return fail("state directory " + state_dir + " is owned by uid " + std::to_string(st.st_uid) +
                    ", not by this user (uid " + std::to_string(::geteuid()) + ") or root; refused",
                hint, EPERM);
  if ((st.st_mode & 022) != 0) {
    return fail("state directory " + state_dir + " is writable by group or others (mode " + mode_text(st.st_mode) +
                    "); refused",
                "chmod go-w " + state_dir + ", or " + hint, EACCES);
  }
  return done();
}

Outcome ensure_state_dir(const std::string& state_dir) {
  if (auto chain = check_parent_chain(state_dir); !chain) return chain;  // nothing is made through a bad parent
  if (::mkdir(state_dir.c_str(), 0700) != 0 && errno != EEXIST)
    return fail("create state directory " + state_dir + ": " + std::strerror(errno), "choose another with --state-dir",
                errno);
  return check_state_dir(state_dir);
}

ApplyLock& ApplyLock::operator=(ApplyLock&& other) noexcept {
  if (this != &other) {
    release();
    fd_ = other.fd_;
    other.fd_ = -1;
  }
  return *this;
}

ApplyLock::~ApplyLock() { release(); }

void ApplyLock::release() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor drops the flock
  fd_ = -1;
}

Expected<ApplyLock> ApplyLock::acquire(const std::string& state_dir, std::chrono::milliseconds wait) {
  if (auto made = ensure_state_dir(state_dir); !made) return fail(made.error());
  const std::string path = lock_path(state_dir);
  int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0 && errno == ELOOP)
    return fail("lock file " + path + " is a symlink; refused", "remove it: roce-doctor recreates it", ELOOP);
  if (fd < 0) return fail("open " + path + ": " + std::strerror(errno), {}, errno);
  const auto give_up = std::chrono::steady_clock::now() + wait;
  while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const int err = errno;
      ::close(fd);
      return fail("lock " + path + ": " + std::strerror(err), {}, err);
    }
    if (std::chrono::steady_clock::now() >= give_up) {
      ::close(fd);
      return fail("another apply is running: " + describe_lock_holder(state_dir),
                  "wait for it to finish; the lock is released when its process exits", EWOULDBLOCK);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::ostringstream who;
  who << "pid " << ::getpid() << "\ncommand " << own_command_line() << "\nsince " << utc_time(unix_ms_now()) << "\n";
  const std::string text = who.str();
  if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, text.data(), text.size(), 0) != static_cast<ssize_t>(text.size())) {
    const int err = errno;
    ::close(fd);
    return fail("write " + path + ": " + std::strerror(err), {}, err);
  }
  return ApplyLock(fd);
}

std::string describe_lock_holder(const std::string& state_dir) {
  std::ifstream in(lock_path(state_dir));
  std::string line, pid = "?", command = "?", since = "?";
  while (std::getline(in, line)) {
    if (line.rfind("pid ", 0) == 0) pid = line.substr(4);
    if (line.rfind("command ", 0) == 0) command = line.substr(8);
    if (line.rfind("since ", 0) == 0) since = line.substr(6);
  }
  return "pid " + pid + " (" + command + ") since " + since;
}

Expected<std::optional<std::string>> lock_holder_now(const std::string& state_dir) {
  const std::string path = lock_path(state_dir);
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0 && (errno == ENOENT || errno == ENOTDIR)) return std::optional<std::string>();
  if (fd < 0) return fail("open " + path + ": " + std::strerror(errno), {}, errno);
  int rc;
  do rc = ::flock(fd, LOCK_SH | LOCK_NB);
  while (rc != 0 && errno == EINTR);
  const int err = errno;
  ::close(fd);  // drops the shared lock at once, if it was taken
  if (rc == 0) return std::optional<std::string>();
  if (err != EWOULDBLOCK) return fail("lock " + path + ": " + std::strerror(err), {}, err);
  return std::optional<std::string>(describe_lock_holder(state_dir));
}

}  // namespace roce::apply
