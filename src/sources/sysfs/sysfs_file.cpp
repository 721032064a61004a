#include "sources/sysfs/sysfs_file.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace roce::sources::sysfs {
namespace {

Unexpected errno_failure(const std::string& path, int err) {
  return fail(path + ": " + std::strerror(err), "", err);
}

thread_local ConfinedReads* active_confinement = nullptr;

std::string resolved_or_empty(const std::string& path) {
  char* resolved = ::realpath(path.c_str(), nullptr);
  if (resolved == nullptr) return {};
  std::string out = resolved;
  std::free(resolved);
  return out;
}

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

ConfinedReads::ConfinedReads(const std::string& root) {
  root_ = resolved_or_empty(root);
  if (root_.empty()) root_ = root;
  active_confinement = this;
}

ConfinedReads::~ConfinedReads() { active_confinement = nullptr; }

// Empty when `path` (or, for a link read, its directory) resolves inside the active root, or does
// not resolve at all (the read itself then reports the errno). Otherwise the refusal.
Expected<std::string> confined(const std::string& path, bool parent_only) {
  ConfinedReads* c = active_confinement;
  if (c == nullptr) return std::string();
  const std::string real = resolved_or_empty(parent_only ? parent_of(path) : path);
  if (real.empty() || real == c->root_ || real.rfind(c->root_ + "/", 0) == 0) return std::string();
  std::string why = path + ": resolves outside " + c->root_ + " (to " + real + "); not read";
  c->refused_.push_back(why);
  return fail(std::move(why), "a symbolic link in the capture leads out of it", EXDEV);
}

std::string join_path(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (a.back() == '/') return a + b;
  return a + "/" + b;
}

Expected<std::string> read_attribute(const std::string& path) {
  if (auto c = confined(path, false); !c) return fail(std::move(c.error()));
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno_failure(path, errno);
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
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

Expected<std::vector<std::string>> list_directory(const std::string& path) {
  if (auto c = confined(path, false); !c) return fail(std::move(c.error()));
  DIR* dir = ::opendir(path.c_str());
  if (dir == nullptr) return errno_failure(path, errno);
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
  if (auto c = confined(path, true); !c) return fail(std::move(c.error()));
  char buf[PATH_MAX];
  ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
  if (n < 0) return errno_failure(path, errno);
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
