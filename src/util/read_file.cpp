// read_file: open without blocking, refuse what is not a regular file or is too large, read to the end.
#include "util/read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <utility>

namespace roce::util {
namespace {

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
    return fail("read " + name + ": " + not_regular_file(st.st_mode), "", S_ISDIR(st.st_mode) ? EISDIR : EINVAL);
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

// "4G" -> 4 << 30; nullopt unless a positive integer with an optional K, M or G suffix.
std::optional<std::size_t> parse_size(std::string_view text) {
  int shift = 0;
  if (!text.empty()) {
    const char unit = static_cast<char>(std::toupper(static_cast<unsigned char>(text.back())));
    shift = unit == 'K' ? 10 : unit == 'M' ? 20 : unit == 'G' ? 30 : 0;
    if (shift != 0) text.remove_suffix(1);
  }
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || n == 0) return std::nullopt;
  if (n > (std::numeric_limits<std::size_t>::max() >> shift)) return std::nullopt;
  return n << shift;
}

Outcome read_limit(const char* variable, std::size_t& into) {
  const char* value = std::getenv(variable);
  if (value == nullptr || *value == '\0') return done();
  const auto n = parse_size(value);
  if (!n) return fail(std::string(variable) + "=" + value + ": not a size", "give a positive number of bytes, e.g. 4G");
  into = *n;
  return done();
}

}  // namespace

Expected<InputLimits> limits_from_environment() {
  InputLimits limits;
  for (const auto& [variable, into] :
       {std::pair{kMaxInputBytesVar, &limits.input_bytes}, std::pair{kMaxArchiveBytesVar, &limits.archive_bytes},
        std::pair{kMaxArchiveEntriesVar, &limits.archive_entries}, std::pair{kMaxLineBytesVar, &limits.line_bytes}})
    if (auto r = read_limit(variable, *into); !r) return fail(std::move(r.error()));
  return limits;
}

const InputLimits& input_limits() {
  static const InputLimits limits = [] {
    auto from_environment = limits_from_environment();
    return from_environment ? *from_environment : InputLimits{};
  }();
  return limits;
}

std::string not_regular_file(unsigned mode) {
  const char* kind = S_ISDIR(mode)                    ? "a directory, "
                     : S_ISFIFO(mode)                 ? "a FIFO, "
                     : S_ISSOCK(mode)                 ? "a socket, "
                     : S_ISCHR(mode) || S_ISBLK(mode) ? "a device, "
                                                      : "";
  return std::string(kind) + "not a regular file";
}

std::string raise_limit_hint(const char* variable, std::size_t now) {
  return "set " + std::string(variable) + " to a larger value (now " + std::to_string(now) +
         ") if the input is genuine";
}

Expected<std::string> read_file(const std::string& path, std::size_t max_bytes, std::string_view shown_as) {
  const std::string name = shown_as.empty() ? path : std::string(shown_as);
  const bool default_limit = max_bytes == 0;
  if (default_limit) max_bytes = input_limits().input_bytes;
  struct stat st {};
  auto fd = open_regular(path, name, st);
  if (!fd) return fail(std::move(fd.error()));
  const Descriptor file{*fd};
  const auto size = static_cast<std::size_t>(st.st_size);
  const auto with_hint = [&](Unexpected e) {
    if (default_limit) e.error.hint = raise_limit_hint(kMaxInputBytesVar, max_bytes);
    return e;
  };
  if (size > max_bytes) return with_hint(too_large(name, size, max_bytes, false));
  std::string out;
  out.reserve(size);
  // A file that grows while read, or one that reports no size (procfs), is held to the same limit.
  auto whole = read_up_to(file.fd, name, max_bytes, out);
  if (!whole) return fail(std::move(whole.error()));
  if (!*whole) return with_hint(too_large(name, max_bytes, max_bytes, true));
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
