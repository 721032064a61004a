// The real kernel: this machine's /sys, and a veth pair in a network namespace of our own seen
// through a sysfs mounted for that namespace (root only; skipped with ROCE-TEST-SKIP otherwise).
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "sources/sysfs/netdev_sysfs.hpp"
#include "sources/sysfs/rdma_sysfs.hpp"
#include "sysfs_trees.hpp"

namespace roce::test {

using namespace roce::sources::sysfs;
using roce::model::Availability;

namespace {

template <class T>
void check_not_error(const roce::model::Field<T>& field, const char* what) {
  INFO(what << ": " << field.cause);
  CHECK(field.availability != Availability::error);
}

void check_readable(const roce::model::NetDev& nd) {
  INFO("netdev " << nd.name);
  CHECK(nd.mtu.ok());
  CHECK(nd.operstate.ok());
  CHECK(nd.carrier_changes.ok());
  check_not_error(nd.mac, "mac");
  check_not_error(nd.link, "link");
  check_not_error(nd.pci_address, "pci_address");
  check_not_error(nd.driver, "driver");
  check_not_error(nd.pcie, "pcie");
  check_not_error(nd.trust, "trust");
  check_not_error(nd.ecn, "ecn");
}

// Enters a new network and mount namespace; the destructor returns to the original ones (the new
// network namespace, and the veths in it, go away with the last reference).
class OwnNetns {
 public:
  OwnNetns() {
    old_net_ = ::open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    old_mnt_ = ::open("/proc/self/ns/mnt", O_RDONLY | O_CLOEXEC);
    if (old_net_ < 0 || old_mnt_ < 0) return;
    if (::unshare(CLONE_NEWNET | CLONE_NEWNS) != 0) return;
    entered_ = ::mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
  }
  ~OwnNetns() {
    if (!sysfs_.empty()) ::umount2(sysfs_.c_str(), MNT_DETACH);
    if (old_mnt_ >= 0) ::setns(old_mnt_, CLONE_NEWNS), ::close(old_mnt_);
    if (old_net_ >= 0) ::setns(old_net_, CLONE_NEWNET), ::close(old_net_);
  }
  bool entered() const { return entered_; }
  // A sysfs whose class/net shows this namespace's interfaces.
  bool mount_sysfs(const std::string& dir) {
    if (::mount("sysfs", dir.c_str(), "sysfs", 0, nullptr) != 0) return false;
    sysfs_ = dir;
    return true;
  }

 private:
  int old_net_ = -1, old_mnt_ = -1;
  bool entered_ = false;
  std::string sysfs_;
};

bool run(const std::string& command) { return std::system((command + " >/dev/null 2>&1").c_str()) == 0; }

}  // namespace

TEST_CASE("every netdev of this machine's /sys reads without an error") {
  auto names = scan_netdevs("/sys");
  REQUIRE(names);
  REQUIRE_FALSE(names->empty());
  bool saw_lo = false;
  for (const auto& name : *names) {
    roce::model::NetDev nd;
    nd.name = name;
    read_netdev_sysfs("/sys", nd);
    check_readable(nd);
    if (name == "lo") {
      saw_lo = true;
      CHECK(*nd.mtu == 65536);
      CHECK(nd.pci_address.availability == Availability::absent);
      CHECK(nd.link.availability == Availability::absent);  // lo: EINVAL, no speed
      CHECK(nd.link.cause ==
            "/sys/class/net/lo/speed: Invalid argument (no speed while the interface is "
            "down or without link settings)");
    }
  }
  CHECK(saw_lo);
  // RDMA devices, if this machine has any: read without crashing, every port numbered.
  auto devices = scan_rdma_devices("/sys");
  REQUIRE(devices);
  for (const auto& name : *devices) {
    auto dev = read_rdma_device("/sys", name);
    INFO(name);
    CHECK(dev.fw_ver.ok());
    for (const auto& port : dev.ports) CHECK(port.number >= 1);
  }
}

TEST_CASE("a veth pair in its own network namespace, through a sysfs mounted there") {
  if (::geteuid() != 0) {
    std::cout << "ROCE-TEST-SKIP: needs root to create a network namespace and mount sysfs\n";
    return;
  }
  roce::test::TempDir mountpoint;
  OwnNetns netns;
  if (!netns.entered() || !netns.mount_sysfs(mountpoint.path())) {
    std::cout << "ROCE-TEST-SKIP: cannot enter a network namespace or mount sysfs here\n";
    return;
  }
  const std::string root = mountpoint.path();
  REQUIRE(list_netdevs(root) == std::vector<std::string>{"lo"});
  REQUIRE(run("ip link add rdtest0 type veth peer name rdtest1"));
  REQUIRE(run("ip link set rdtest0 mtu 4200 address 02:00:00:00:00:a0"));
  CHECK(list_netdevs(root) == std::vector<std::string>{"lo", "rdtest0", "rdtest1"});

  // Both down: no speed (EINVAL), which is missing, not zero.
  roce::model::NetDev down;
  down.name = "rdtest0";
  read_netdev_sysfs(root, down);
  check_readable(down);
  CHECK(*down.mtu == 4200);
  CHECK(*down.mac == "02:00:00:00:00:a0");
  CHECK(*down.operstate == "down");
  CHECK(down.link.availability == Availability::absent);
  CHECK(down.link.cause.find(root + "/class/net/rdtest0/speed: Invalid argument") == 0);
  CHECK(down.pci_address.availability == Availability::absent);
  CHECK(down.driver.availability == Availability::absent);

  REQUIRE(run("ip link set rdtest1 up"));
  REQUIRE(run("ip link set rdtest0 up"));
  roce::model::NetDev up;
  up.name = "rdtest0";
  for (int tries = 0; tries < 40; ++tries) {  // operstate follows carrier through linkwatch
    read_netdev_sysfs(root, up);
    if (up.operstate.ok() && *up.operstate == "up") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  check_readable(up);
  CHECK(*up.operstate == "up");
  REQUIRE(up.link.ok());
  CHECK(up.link->speed_mbps == 10000u);  // veth reports SPEED_10000
  CHECK(*up.carrier_changes >= 1);
  CHECK(up.trust.availability == Availability::absent);
  CHECK(up.ecn.availability == Availability::absent);
}

}  // namespace roce::test
