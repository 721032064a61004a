// read_file: open without blocking, refuse what is not a regular file or is too large, read to the end.
#include "util/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

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

Unexpected system_error(const std::string& name, int err) {
  return fail("read " + name + ": " + std::strerror(err), "", err);
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

// Opens `path` for reading without blocking and checks that it is a regular file; `st` its status.
Expected<int> open_regular(const std::string& path, const std::string& name, struct stat& st) {
  // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer.
  Descriptor file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)};
  if (file.fd < 0) return system_error(name, errno);
  if (::fstat(file.fd, &st) != 0) return system_error(name, errno);
  if (!S_ISREG(st.st_mode))
    return fail("read " + name + ": " + not_regular(st.st_mode), "", S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
  return std::exchange(file.fd, -1);
}

// Up to `limit` bytes read into `out`; false when the file holds more (then `out` holds `limit` + 1).
Expected<bool> read_up_to(int fd, const std::string& name, std::size_t limit, std::string& out) {
  char buf[1 << 16];
  while (true) {
    const std::size_t room = limit - out.size();                         // out.size() <= limit here
    const std::size_t want = room < sizeof buf ? room + 1 : sizeof buf;  // one byte past the limit tells it
    const ssize_t n = ::read(fd, buf, want);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return system_error(name, errno);
    if (n == 0) return true;
    out.append(buf, static_cast<std::size_t>(n));
    if (out.size() > limit) return false;
  }
}

}  // namespace

Expected<std::string> read_file(const std::string& path, std::size_t max_bytes, std::string_view shown_as) {
  const std::string name = shown_as.empty() ? path : std::string(shown_as);
  struct stat st {};
  auto fd = open_regular(path, name, st);
  if (!fd) return fail(std::move(fd.error()));
  const Descriptor file{*fd};
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size > max_bytes) return too_large(name, size, max_bytes, false);
  std::string out;
  out.reserve(size);
  // A file that grows while read, or one that reports no size (procfs), is held to the same limit.
  auto whole = read_up_to(file.fd, name, max_bytes, out);
  if (!whole) return fail(std::move(whole.error()));
  if (!*whole) return too_large(name, max_bytes, max_bytes, true);
  return out;
}

Expected<std::string> read_file_head(const std::string& path, std::size_t bytes) {
  struct stat st {};
  auto fd = open_regular(path, path, st);
  if (!fd) return fail(std::move(fd.error()));
  const Descriptor file{*fd};
  std::string out;
  auto read = read_up_to(file.fd, path, bytes, out);
  if (!read) return fail(std::move(read.error()));
  if (out.size() > bytes) out.resize(bytes);
  return out;
}

}  // namespace roce::util
