#pragma once
// roce-doctor --version: the version, the commit it was built from and the library versions.
#include <string>

namespace roce::cli {

/// "roce-doctor 0.1.0\ncommit: ...\nbuilt with: ...\nzstd at run time: ...". The commit is
/// `git describe --always --dirty` of the source checkout at build time, "unknown" outside one.
std::string version_text();

}  // namespace roce::cli
