#include "sources/sysfs/sysfs_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace roce::sources::sysfs {
namespace {

Unexpected errno_failure(const std::string& path, int err) { return fail(path + ": " + std::strerror(err), "", err); }

thread_local ConfinedReads* active_confinement = nullptr;

std::string resolved_or_empty(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return {};
  std::string out = resolved;
  std::free(resolved);
  return out;
}

}  // namespace

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

ConfinedReads::ConfinedReads(const std::string& root) : given_root_(root) {
  while (given_root_.size() > 1 && given_root_.back() == '/') given_root_.pop_back();
  root_ = resolved_or_empty(root);
  if (root_.empty()) root_ = given_root_;
  root_fd_ = ::open(root_.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  active_confinement = this;
}

ConfinedReads::~ConfinedReads() {
  if (root_fd_ >= 0) ::close(root_fd_);
  active_confinement = nullptr;
}

// Empty when `path` resolves inside the active root, or does
// not resolve at all (the read itself then reports the errno). Otherwise the refusal.
Expected<std::string> confined(const std::string& path) {
  ConfinedReads* c = active_confinement;
  if (c == nullptr) return std::string();
  const std::string real = resolved_or_empty(path);
  if (real.empty() || real == c->root_ || real.rfind(c->root_ + "/", 0) == 0) return std::string();
  std::string why = path + ": resolves outside " + c->root_ + " (to " + real + "); not read";
  c->refused_.push_back(why);
  return fail(std::move(why), "a symbolic link in the capture leads out of it", EXDEV);
}

namespace {

// `path` relative to the confinement root ("." for the root itself), or nullopt when it does not
// start with the root as given or as resolved.
std::optional<std::string> beneath_root(const std::string& given, const std::string& resolved,
                                        const std::string& path) {
  for (const std::string* root : {&given, &resolved}) {
    if (path == *root) return std::string(".");
    if (path.size() > root->size() && path.compare(0, root->size(), *root) == 0 && path[root->size()] == '/')
      return path.substr(root->size() + 1);
  }
  return std::nullopt;
}

long openat2_beneath(int dirfd, const std::string& relative, int flags) {
  open_how how{};
  how.flags = static_cast<std::uint64_t>(flags) | O_CLOEXEC;
  how.resolve = RESOLVE_BENEATH | RESOLVE_NO_MAGICLINKS;
  return ::syscall(SYS_openat2, dirfd, relative.c_str(), &how, sizeof how);
}

}  // namespace

// Opens `path` for reading: beneath the root under confinement (EXDEV refusals recorded), plainly
// otherwise. Failures carry the path and errno.
Expected<int> open_for_read(const std::string& path, int flags) {
  ConfinedReads* c = active_confinement;
  if (c != nullptr && c->root_fd_ >= 0) {
    if (auto relative = beneath_root(c->given_root_, c->root_, path)) {
      const long fd = openat2_beneath(c->root_fd_, *relative, flags);
      if (fd >= 0) return static_cast<int>(fd);
      if (errno == EXDEV) {
        const std::string real = resolved_or_empty(path);
        std::string why =
            path + ": resolves outside " + c->root_ + (real.empty() ? "" : " (to " + real + ")") + "; not read";
        c->refused_.push_back(why);
        return fail(std::move(why), "a symbolic link in the capture leads out of it", EXDEV);
      }
      if (errno != ENOSYS && errno != EPERM) return errno_failure(path, errno);  // EPERM: seccomp
    }
  }
  if (auto checked = confined(path); !checked) return fail(std::move(checked.error()));
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0) return errno_failure(path, errno);
  return fd;
}

std::string join_path(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (a.back() == '/') return a + b;
  return a + "/" + b;
}

Expected<std::string> read_attribute(const std::string& path) {
  auto opened = open_for_read(path, O_RDONLY);
  if (!opened) return fail(std::move(opened.error()));
  const int fd = *opened;
  // A sysfs attribute is at most one page; the cap only guards against a huge regular file in a
  // copied tree.
  constexpr std::size_t kMaxBytes = 1 << 20;
  std::string text;
  char buf[4096];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0) {
      if (errno == EINTR) continue;
      int err = errno;
      ::close(fd);
      return errno_failure(path, err);
    }
    if (n == 0) break;
    text.append(buf, static_cast<std::size_t>(n));
    if (text.size() > kMaxBytes) {
      ::close(fd);
      return errno_failure(path, EFBIG);
    }
  }
  ::close(fd);
  // A tree copied through Windows may end its lines in CRLF: "up\r\n" reads as "up".
  std::string lf;
  lf.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] != '\r' || (i + 1 < text.size() && text[i + 1] != '\n')) lf += text[i];
  text = std::move(lf);
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

Expected<std::vector<std::string>> list_directory(const std::string& path) {
  auto opened = open_for_read(path, O_RDONLY | O_DIRECTORY);
  if (!opened) return fail(std::move(opened.error()));
  DIR* dir = ::fdopendir(*opened);
  if (dir == nullptr) {
    const int err = errno;
    ::close(*opened);
    return errno_failure(path, err);
  }
  std::vector<std::string> names;
  errno = 0;
  while (dirent* entry = ::readdir(dir)) {
    std::string name = entry->d_name;
    if (name != "." && name != "..") names.push_back(std::move(name));
    errno = 0;
  }
  int err = errno;
  ::closedir(dir);
  if (err != 0) return errno_failure(path, err);
  std::sort(names.begin(), names.end());
  return names;
}

Expected<std::string> link_target_name(const std::string& path) {
  // The link itself is read, not followed: only its directory must be beneath the root.
  auto parent = open_for_read(parent_of(path), O_PATH | O_DIRECTORY);
  if (!parent) return fail(std::move(parent.error()));
  const std::string base = path.substr(path.find_last_of('/') == std::string::npos ? 0 : path.find_last_of('/') + 1);
  char buf[PATH_MAX];
  const ssize_t n = ::readlinkat(*parent, base.c_str(), buf, sizeof buf - 1);
  const int err = errno;
  ::close(*parent);
  if (n < 0) return errno_failure(path, err);
  std::string target(buf, static_cast<std::size_t>(n));
  while (!target.empty() && target.back() == '/') target.pop_back();
  auto slash = target.rfind('/');
  std::string name = slash == std::string::npos ? target : target.substr(slash + 1);
  if (name.empty() || name == "." || name == "..")
    return fail(path + ": link target \"" + target + "\" names no entry", "", EINVAL);
  return name;
}

Expected<std::string> canonical_path(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return errno_failure(path, errno);
  std::string out = resolved;
  std::free(resolved);
  return out;
}

}  // namespace roce::sources::sysfs
