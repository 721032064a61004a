#pragma once
// An archive unpacked into a private temporary directory, and its errors named after the archive.
#include <string>

#include "import/tar_extract.hpp"
#include "util/expected.hpp"
#include "util/temp_dir.hpp"

namespace roce::import {

/// `archive` extracted with extract_archive's safety rules into a fresh TempDir (removed with
/// everything in it when the TempDir is destroyed, or when a stop signal ends roce-doctor).
Expected<process::TempDir> unpack_archive(const std::string& archive);

/// `error` with the first mention of the temporary directory `temp` replaced by `archive`: the
/// directory is gone by the time the message is shown.
Error named_after_archive(Error error, const std::string& temp, const std::string& archive);

}  // namespace roce::import
