// SimLock: a private runtime folder, a lock file in it opened without following links, flock.
#include "sim/sim_lock.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

namespace roce::sim {
namespace {

std::string lock_errno_text() { return std::strerror(errno); }

// FNV-1a: a stable name for a path (the same in every build, unlike std::hash).
std::uint64_t path_hash(const std::string& path) {
  std::uint64_t h = 14695981039346656037ull;
  for (unsigned char c : path) h = (h ^ c) * 1099511628211ull;
  return h;
}

std::string lock_name(const std::string& model_file) {
  std::string path = model_file;
  if (char* real = ::realpath(model_file.c_str(), nullptr)) {  // two names of one file share its lock
    path = real;
    ::free(real);
  }
  std::string base = path.substr(path.rfind('/') + 1).substr(0, 100);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(path_hash(path)));
  return base + "-" + hex + ".lock";
}

std::vector<std::string> folder_candidates() {
  std::vector<std::string> out;
  if (const char* xdg = std::getenv("XDG_RUNTIME_DIR"); xdg && xdg[0] == '/')
    out.push_back(std::string(xdg) + "/roce-doctor");
  if (::geteuid() == 0) out.push_back("/run/roce-doctor");
  out.push_back("/tmp/roce-doctor-" + std::to_string(::geteuid()));
  return out;
}

// The first candidate this user can make or open; one that exists but is not this user's private
// folder is an error, not skipped (someone else made it: a planted folder or link).
int open_lock_folder(std::string& path, std::string& error) {
  std::string tried;
  for (const auto& candidate : folder_candidates()) {
    if (::mkdir(candidate.c_str(), 0700) != 0 && errno != EEXIST) {
      tried += (tried.empty() ? "" : "; ") + candidate + ": " + lock_errno_text();
      continue;
    }
    const int fd = ::open(candidate.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st {};
    if (fd < 0 || ::fstat(fd, &st) != 0) {
      const std::string why = errno == ELOOP || errno == ENOTDIR ? "a symlink or not a folder" : lock_errno_text();
      if (fd >= 0) ::close(fd);
      error = "the simulator's lock folder " + candidate + " is " + why +
              ": remove it (it must be this user's own folder, mode 0700)";
      return -1;
    }
    // Checked on the open folder, not its name: what was checked is what is used.
    if (st.st_uid != ::geteuid() || (st.st_mode & 077) != 0) {
      ::close(fd);
      char mode[8];
      std::snprintf(mode, sizeof mode, "%04o", static_cast<unsigned>(st.st_mode & 07777));
      error = "the simulator's lock folder " + candidate + " belongs to uid " + std::to_string(st.st_uid) +
              " with mode " + mode + ", not to this user (uid " + std::to_string(::geteuid()) +
              ") alone: remove it, or set XDG_RUNTIME_DIR to a folder of yours";
      return -1;
    }
    path = candidate;
    return fd;
  }
  error = "no folder for the simulator's lock (" + tried + ")";
  return -1;
}

}  // namespace

SimLock::SimLock(const std::string& model_file) {
  std::string folder;
  dir_ = open_lock_folder(folder, error_);
  if (dir_ < 0) return;
  name_ = lock_name(model_file);
  path_ = folder + "/" + name_;
  // The holder removes the file when it releases it; so a file taken after waiting counts only if
  // it is still the one under the name (else it was removed meanwhile: take the new one).
  for (int attempt = 0; attempt < 1000; ++attempt) {
    fd_ = ::openat(dir_, name_.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd_ < 0) {
      error_ = "lock " + path_ + ": " + lock_errno_text();
      return;
    }
    int rc;
    while ((rc = ::flock(fd_, LOCK_EX)) != 0 && errno == EINTR) {
    }
    if (rc != 0) {
      error_ = "lock " + path_ + ": " + lock_errno_text();
      return;
    }
    struct stat held {};
    struct stat named {};
    if (::fstat(fd_, &held) == 0 && ::fstatat(dir_, name_.c_str(), &named, AT_SYMLINK_NOFOLLOW) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino)
      return;
    ::close(fd_);
    fd_ = -1;
  }
  error_ = "lock " + path_ + ": replaced under this process 1000 times";
}

std::string SimLock::path_for(const std::string& model_file) {
  std::string folder, error;
  const int dir = open_lock_folder(folder, error);
  if (dir < 0) return "";
  ::close(dir);
  return folder + "/" + lock_name(model_file);
}

SimLock::~SimLock() {
  if (fd_ >= 0) {
    ::unlinkat(dir_, name_.c_str(), 0);  // while held: a waiter then sees it gone and retries
    ::close(fd_);                        // closing releases the flock
  }
  if (dir_ >= 0) ::close(dir_);
}

}  // namespace roce::sim
