#pragma once
// A whole regular file read into a string, with a size limit and errors that name the file.
#include <cstddef>
#include <new>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::util {

/// The limit of read_file when the caller has none of its own: 1 GiB, far above any command output,
/// capture or log a reader takes in one piece, and below what would exhaust a small host's memory.
inline constexpr std::size_t kReadFileLimit = std::size_t{1} << 30;

/// The caps on every input (README "Limits"), each overridable by an environment variable.
struct InputLimits {
  std::size_t input_bytes = kReadFileLimit;          // a file read whole, a decompressed stream, a log
  std::size_t archive_bytes = std::size_t{4} << 30;  // all members of an archive, extracted
  std::size_t archive_entries = 100000;              // members of an archive
  std::size_t line_bytes = std::size_t{1} << 20;     // one line of a streamed log (longer ones are cut)
};

/// The environment variables of the caps, in InputLimits' order.
inline constexpr const char* kMaxInputBytesVar = "ROCE_DOCTOR_MAX_INPUT_BYTES";
inline constexpr const char* kMaxArchiveBytesVar = "ROCE_DOCTOR_MAX_ARCHIVE_BYTES";
inline constexpr const char* kMaxArchiveEntriesVar = "ROCE_DOCTOR_MAX_ARCHIVE_ENTRIES";
inline constexpr const char* kMaxLineBytesVar = "ROCE_DOCTOR_MAX_LINE_BYTES";

/// The caps from the environment: a positive integer, optionally with a K, M or G suffix (powers
/// of 1024). Fails naming the variable whose value is not one.
Expected<InputLimits> limits_from_environment();

/// The caps in force: the environment's, read once; the defaults when a variable has a bad value
/// (main refuses such a value before any command runs).
const InputLimits& input_limits();

/// "set ROCE_DOCTOR_MAX_INPUT_BYTES to a larger value (now N) if the input is genuine".
std::string raise_limit_hint(const char* variable, std::size_t now);

/// The whole content of the regular file at `path`. Fails without blocking on what is not a regular
/// file (a FIFO, a socket, a device, a directory), on a file of more than `max_bytes` bytes, and on
/// any open or read error. Error messages read "read NAME: why" (strerror for a system error, whose
/// errno is kept in Error::sys_errno), NAME being `shown_as` when given (an archive member, a path
/// relative to a capture), else `path`. Files that report no size (procfs) are read to their end.
/// Without `max_bytes`, the limit is input_limits().input_bytes and its error says how to raise it.
Expected<std::string> read_file(const std::string& path, std::size_t max_bytes = 0, std::string_view shown_as = {});

/// Why a file of this st_mode is not read as a regular file: "a FIFO, not a regular file".
std::string not_regular_file(unsigned mode);

/// The first `bytes` bytes of the regular file at `path` (all of a shorter file), enough to tell its
/// kind by its magic bytes. Fails as read_file does, never blocking on what is not a regular file.
Expected<std::string> read_file_head(const std::string& path, std::size_t bytes);

/// Thrown by a reader that ran out of memory while reading `what` (a file, an archive member):
/// main ends the command with exit 4 and names it. Catch it as the std::bad_alloc it is.
class OutOfMemoryReading : public std::bad_alloc {
 public:
  explicit OutOfMemoryReading(std::string what) : what_("out of memory while reading " + std::move(what)) {}
  const char* what() const noexcept override { return what_.c_str(); }

 private:
  std::string what_;
};

}  // namespace roce::util
