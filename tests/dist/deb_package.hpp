#pragma once
// The .deb that `cpack -G DEB` makes from this build tree (its binary, not a rebuild), made once
// per run of a test program and shared by its test cases.
#include <catch2/catch.hpp>

#include <string>

#include "dist/shell.hpp"

namespace roce::test {

inline const std::string& built_deb() {
  static TempDir dir;
  static const std::string path = [] {
    const auto r = shell("cd " + shell_word(kBuild) + " && cpack -G DEB -B " + shell_word(dir.path()));
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    std::string arch = shell("dpkg --print-architecture").out;
    arch = arch.substr(0, arch.find('\n'));
    return dir.path() + "/roce-doctor_" ROCE_VERSION "_" + arch + ".deb";
  }();
  return path;
}

}  // namespace roce::test
