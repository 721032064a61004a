#include <catch2/catch.hpp>

#include <cstdlib>

#include "sources/sysfs/sysfs_root.hpp"

using roce::sources::sysfs::resolve_sysfs_root;

TEST_CASE("sysfs root: flag, then environment, then /sys") {
  ::unsetenv("ROCE_DOCTOR_SYSFS_ROOT");
  CHECK(resolve_sysfs_root("") == "/sys");
  CHECK(resolve_sysfs_root("/tmp/capture/sys") == "/tmp/capture/sys");

  ::setenv("ROCE_DOCTOR_SYSFS_ROOT", "/srv/sos/sys", 1);
  CHECK(resolve_sysfs_root("") == "/srv/sos/sys");
  CHECK(resolve_sysfs_root("/tmp/capture/sys") == "/tmp/capture/sys");

  ::setenv("ROCE_DOCTOR_SYSFS_ROOT", "", 1);
  CHECK(resolve_sysfs_root("") == "/sys");
  ::unsetenv("ROCE_DOCTOR_SYSFS_ROOT");
}

#include <unistd.h>

namespace roce::test {

TEST_CASE("sysfs root: the environment is ignored when real and effective uid differ (setuid)") {
  if (::geteuid() != 0 || ::getuid() != 0) {
    WARN("needs root to make the real uid differ from the effective uid; not checked");
    return;
  }
  ::setenv("ROCE_DOCTOR_SYSFS_ROOT", "/srv/sos/sys", 1);
  REQUIRE(::setresuid(65534, 0, 0) == 0);  // real uid nobody, effective root: as a setuid binary runs
  std::string with_env = resolve_sysfs_root("");
  std::string with_flag = resolve_sysfs_root("/tmp/x");
  REQUIRE(::setresuid(0, 0, 0) == 0);
  ::unsetenv("ROCE_DOCTOR_SYSFS_ROOT");
  CHECK(with_env == "/sys");
  CHECK(with_flag == "/tmp/x");
}

}  // namespace roce::test

#include "support/temp_dir.hpp"

namespace roce::test {

TEST_CASE("sysfs root: a copy must be a folder holding class/; /sys is never questioned") {
  using roce::sources::sysfs::check_sysfs_root;
  ::unsetenv("ROCE_DOCTOR_SYSFS_ROOT");
  CHECK(check_sysfs_root(""));
  const TempDir dir("sysfs-root");
  const std::string file = dir.write("file", "x\n");
  const auto message = [](const std::string& flag) {
    auto checked = check_sysfs_root(flag);
    return checked ? std::string("(accepted)") : checked.error().message;
  };
  CHECK(message(dir.path("none")) == "--sysfs-root " + dir.path("none") + ": No such file or directory");
  CHECK(message(file) == "--sysfs-root " + file + ": not a folder");
  CHECK(message(dir.path()) == "--sysfs-root " + dir.path() + ": no class/ folder in it, so not a copy of /sys");
  dir.mkdir("class");
  CHECK(message(dir.path()) == "(accepted)");
  ::setenv("ROCE_DOCTOR_SYSFS_ROOT", file.c_str(), 1);
  CHECK(message("") == "ROCE_DOCTOR_SYSFS_ROOT=" + file + ": not a folder");
  ::unsetenv("ROCE_DOCTOR_SYSFS_ROOT");
}

}  // namespace roce::test
