// ConfinedReads: reads of an imported capture's tree stay beneath its root, whatever its links say.
#include <catch2/catch.hpp>

#include <cerrno>

#include "sources/sysfs/sysfs_file.hpp"
#include "sysfs_trees.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::sources::sysfs;

TEST_CASE("confined reads follow links inside the capture and refuse every way out, naming it") {
  test::TempDir tree;
  tree.write("outside/secret", "4242\n");
  tree.write("cap/sys/devices/virtual/net/eth1/mtu", "9000\n");
  tree.symlink("cap/sys/class/net/eth1", "../../devices/virtual/net/eth1");
  tree.symlink("cap/sys/class/net/eth0", "../../../../outside");                         // a directory out
  tree.symlink("cap/sys/class/net/abs", tree.path("cap/sys/devices/virtual/net/eth1"));  // absolute
  tree.symlink("cap/sys/class/net/eth1/link", "../../../../../../outside/secret");
  const std::string cap = tree.path("cap");
  ConfinedReads confinement(cap);

  auto mtu = read_attribute(cap + "/sys/class/net/eth1/mtu");
  REQUIRE(mtu.ok());
  CHECK(*mtu == "9000");
  auto names = list_directory(cap + "/sys/class/net");
  REQUIRE(names.ok());
  CHECK(*names == std::vector<std::string>{"abs", "eth0", "eth1"});
  // The link is read, not followed: its target's name is fine even though it points out.
  auto target = link_target_name(cap + "/sys/class/net/eth1/link");
  REQUIRE(target.ok());
  CHECK(*target == "secret");

  auto leak = read_attribute(cap + "/sys/class/net/eth1/link");
  REQUIRE_FALSE(leak.ok());
  CHECK(leak.error().sys_errno == EXDEV);
  CHECK(leak.error().message.find("resolves outside") != std::string::npos);
  auto through_dir = read_attribute(cap + "/sys/class/net/eth0/secret");
  REQUIRE_FALSE(through_dir.ok());
  CHECK(through_dir.error().sys_errno == EXDEV);
  auto listing = list_directory(cap + "/sys/class/net/eth0");
  REQUIRE_FALSE(listing.ok());
  CHECK(listing.error().sys_errno == EXDEV);
  auto link_in_dir_out = link_target_name(cap + "/sys/class/net/eth0/anything");
  REQUIRE_FALSE(link_in_dir_out.ok());
  CHECK(link_in_dir_out.error().sys_errno == EXDEV);
  // An absolute link is refused even when it points back inside: the copy's absolute paths are
  // the capturing machine's, not ours.
  auto absolute = read_attribute(cap + "/sys/class/net/abs/mtu");
  REQUIRE_FALSE(absolute.ok());
  CHECK(absolute.error().sys_errno == EXDEV);
  CHECK(confinement.refused().size() == 5);

  // A missing file is still its own errno, not a refusal.
  auto missing = read_attribute(cap + "/sys/class/net/eth1/speed");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().sys_errno == ENOENT);
}

}  // namespace roce::test
