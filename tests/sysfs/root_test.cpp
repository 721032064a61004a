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
