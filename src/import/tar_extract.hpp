#pragma once
// Extracting a user's archive (sos report, sysinfo-snapshot) with tar(1) into a private directory.
#include <string>
#include <string_view>
#include <vector>

#include "util/expected.hpp"

namespace roce::import {

// Member names of `tar -tf` output that would land outside the extraction directory: absolute
// paths and paths with a ".." component. Pure.
std::vector<std::string> unsafe_member_names(std::string_view listing);

// Whether a file starting with `head` (its first 512 bytes) is an archive extract_archive reads:
// gzip, xz, bzip2 or a plain tar. Pure.
bool looks_like_archive(std::string_view head);

// Lists the archive, refuses unsafe member names, then extracts it into `into` (no owners, no
// special permissions). tar detects the compression itself.
Outcome extract_archive(const std::string& archive, const std::string& into);

}  // namespace roce::import
