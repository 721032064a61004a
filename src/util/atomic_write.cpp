// write_file_atomically: temporary file, fsync, rename, fsync of the folder.
#include "util/atomic_write.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace roce::util {
namespace {

Unexpected sys_fail(const std::string& what) {
  const int err = errno;
  return fail(what + ": " + std::strerror(err), err == EACCES ? "is the folder writable by this user?" : "", err);
}

std::string folder_of(const std::string& path) {
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? "." : slash == 0 ? "/" : path.substr(0, slash);
}

Outcome write_all(int fd, std::string_view bytes, const std::string& name) {
  while (!bytes.empty()) {
    const ssize_t n = ::write(fd, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return sys_fail("write " + name);
    bytes.remove_prefix(static_cast<std::size_t>(n));
  }
  return done();
}

}  // namespace

Outcome write_file_atomically(const std::string& path, std::string_view bytes, mode_t mode) {
  std::string tmp = path + ".tmp.XXXXXX";
  // mkostemp opens with O_CREAT | O_EXCL: it never opens an existing file, nor follows a link.
  const int fd = ::mkostemp(tmp.data(), O_CLOEXEC);
  if (fd < 0) return sys_fail("create a temporary file beside " + path);
  Outcome written = ::fchmod(fd, mode) == 0 ? write_all(fd, bytes, tmp) : Outcome(sys_fail("chmod " + tmp));
  if (written && ::fsync(fd) != 0) written = sys_fail("fsync " + tmp);
  if (::close(fd) != 0 && written) written = sys_fail("close " + tmp);
  if (written && ::rename(tmp.c_str(), path.c_str()) != 0) written = sys_fail("rename " + tmp + " to " + path);
  if (!written) {
    ::unlink(tmp.c_str());
    return written;
  }
  const std::string folder = folder_of(path);
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return sys_fail("open folder " + folder);
  const int rc = ::fsync(dir);
  ::close(dir);
  if (rc != 0) return sys_fail("fsync folder " + folder);
  return done();
}

}  // namespace roce::util
