#pragma once
// Writing a whole file so that no reader ever sees half of it and nothing is written through a
// link that someone else planted in the output folder.
#include <string>
#include <string_view>

#include <sys/types.h>

#include "util/expected.hpp"

namespace roce::util {

/// Writes `bytes` to `path` with permission bits `mode`: into a new temporary file beside it (a
/// random name created with O_EXCL and O_NOFOLLOW, so never an existing file or a symlink), fsynced,
/// renamed over `path`, and the folder fsynced. On failure the temporary file is removed and `path`
/// is left as it was; the error names the step and the file.
Outcome write_file_atomically(const std::string& path, std::string_view bytes, mode_t mode = 0644);

}  // namespace roce::util
