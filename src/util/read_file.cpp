// read_file: open without blocking, refuse what is not a regular file or is too large, read to the end.
#include "util/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace roce::util {
namespace {

// Why a file that is not regular is refused: "a FIFO, not a regular file".
std::string not_regular(mode_t mode) {
  const char* kind = S_ISDIR(mode)                    ? "a directory, "
                     : S_ISFIFO(mode)                 ? "a FIFO, "
                     : S_ISSOCK(mode)                 ? "a socket, "
                     : S_ISCHR(mode) || S_ISBLK(mode) ? "a device, "
                                                      : "";
  return std::string(kind) + "not a regular file";
}

Unexpected too_large(const std::string& name, std::size_t bytes, std::size_t max_bytes, bool at_least) {
  return fail("read " + name + ": " + (at_least ? "more than " : "") + std::to_string(bytes) +
                  " bytes, over the limit of " + std::to_string(max_bytes),
              "", EFBIG);
}

// Closes the descriptor on every return.
struct Descriptor {
  int fd = -1;
  ~Descriptor() {
    if (fd >= 0) ::close(fd);
  }
};

}  // namespace

Expected<std::string> read_file(const std::string& path, std::size_t max_bytes, std::string_view shown_as) {
  const std::string name = shown_as.empty() ? path : std::string(shown_as);
  const auto system_error = [&name](int err) { return fail("read " + name + ": " + std::strerror(err), "", err); };
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return system_error(errno);
  struct stat st {};
  if (::fstat(file.fd, &st) != 0) return system_error(errno);
  if (!S_ISREG(st.st_mode))
    return fail("read " + name + ": " + not_regular(st.st_mode), "", S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size > max_bytes) return too_large(name, size, max_bytes, false);
  std::string out;
  out.reserve(size);
  char buf[1 << 16];
  while (true) {
    const ssize_t n = ::read(file.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return system_error(errno);
    if (n == 0) return out;
    // A file that grows while read, or one that reports no size, is held to the same limit.
    if (out.size() + static_cast<std::size_t>(n) > max_bytes) return too_large(name, max_bytes, max_bytes, true);
    out.append(buf, static_cast<std::size_t>(n));
  }
}

}  // namespace roce::util
