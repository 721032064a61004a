#pragma once
// A whole regular file read into a string, with a size limit and errors that name the file.
#include <cstddef>
#include <string>
#include <string_view>

#include "util/expected.hpp"

namespace roce::util {

/// The limit of read_file when the caller has none of its own: 1 GiB, far above any command output,
/// capture or log a reader takes in one piece, and below what would exhaust a small host's memory.
inline constexpr std::size_t kReadFileLimit = std::size_t{1} << 30;

/// The whole content of the regular file at `path`. Fails without blocking on what is not a regular
/// file (a FIFO, a socket, a device, a directory), on a file of more than `max_bytes` bytes, and on
/// any open or read error. Error messages read "read NAME: why" (strerror for a system error, whose
/// errno is kept in Error::sys_errno), NAME being `shown_as` when given (an archive member, a path
/// relative to a capture), else `path`. Files that report no size (procfs) are read to their end.
Expected<std::string> read_file(const std::string& path, std::size_t max_bytes = kReadFileLimit,
                                std::string_view shown_as = {});

/// The first `bytes` bytes of the regular file at `path` (all of a shorter file), enough to tell its
/// kind by its magic bytes. Fails as read_file does, never blocking on what is not a regular file.
Expected<std::string> read_file_head(const std::string& path, std::size_t bytes);

}  // namespace roce::util
