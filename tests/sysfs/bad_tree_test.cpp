// Broken trees: junk values, missing files, unreadable directories, empty GID slots, symlink loops.
// Nothing crashes; every problem names the file it came from.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>

#include "sources/sysfs/netdev_sysfs.hpp"
#include "sources/sysfs/rdma_sysfs.hpp"
#include "sysfs_trees.hpp"

namespace roce::test {

using namespace roce::sources::sysfs;
using roce::model::Availability;

namespace {

const std::string kPci = "devices/pci0000:b0/0000:b0:02.0/0000:b1:00.0";
const std::string kNet = kPci + "/net/ens1f0np0";
const std::string kPort = kPci + "/infiniband/mlx5_0/ports/1";

roce::model::NetDev read_netdev(const TempDir& tree, const std::string& name) {
  roce::model::NetDev nd;
  nd.name = name;
  read_netdev_sysfs(tree.path(), nd);
  return nd;
}

bool mentions(const std::string& cause, const std::string& what) { return cause.find(what) != std::string::npos; }

}  // namespace

TEST_CASE("junk in a netdev file is an error naming the path and the text") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  tree.write(kNet + "/mtu", "abc\n");
  tree.write(kNet + "/carrier_changes", "\n");
  tree.write(kNet + "/speed", "fast\n");
  tree.write(kNet + "/qos/trust", "both\n");
  tree.write(kNet + "/ecn/roce_np/enable/5", "on\n");
  tree.write(kPci + "/current_link_width", "x16\n");
  auto nd = read_netdev(tree, "ens1f0np0");
  CHECK(nd.mtu.availability == Availability::error);
  CHECK(nd.mtu.cause == tree.path("class/net/ens1f0np0/mtu") + ": expected an unsigned integer, got \"abc\"");
  CHECK(nd.mtu.from == roce::model::Provenance{"sysfs", tree.path("class/net/ens1f0np0/mtu")});
  CHECK(nd.carrier_changes.availability == Availability::error);
  CHECK(nd.carrier_changes.cause ==
        tree.path("class/net/ens1f0np0/carrier_changes") + ": expected an unsigned integer, got \"\"");
  CHECK(nd.link.availability == Availability::error);
  CHECK(mentions(nd.link.cause, "speed: expected a speed in Mb/s or -1, got \"fast\""));
  CHECK(nd.trust.availability == Availability::error);
  CHECK(mentions(nd.trust.cause, "qos/trust: expected \"pcp\" or \"dscp\", got \"both\""));
  REQUIRE(nd.ecn.ok());  // one bad priority does not hide the other fifteen values
  CHECK(nd.ecn->np[5].availability == Availability::error);
  CHECK(mentions(nd.ecn->np[5].cause, "ecn/roce_np/enable/5: expected 0 or 1, got \"on\""));
  CHECK(*nd.ecn->np[3] == true);
  CHECK(nd.pcie.availability == Availability::error);
  CHECK(mentions(nd.pcie.cause, "current_link_width: expected an unsigned integer, got \"x16\""));
  CHECK(*nd.operstate == "up");  // the rest is still read
}

TEST_CASE("SPEED_UNKNOWN (-1) is a link with no speed, not zero") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  tree.write(kNet + "/speed", "-1\n");
  auto nd = read_netdev(tree, "ens1f0np0");
  REQUIRE(nd.link.ok());
  CHECK_FALSE(nd.link->speed_mbps.has_value());
}

TEST_CASE("junk in RDMA port files") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  tree.write(kPort + "/state", "ACTIVE\n");
  tree.write(kPort + "/rate", "100 Gb/sec\n");
  tree.write(kPort + "/counters/port_xmit_wait", "N/A (no PMA)\n");
  tree.write(kPort + "/hw_counters/out_of_sequence", "-3\n");
  tree.write(kPort + "/gids/5", "not a gid\n");
  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  REQUIRE(dev.ports.size() == 1);
  const auto& port = dev.ports[0];
  const std::string port_dir = tree.path("class/infiniband/mlx5_0/ports/1");
  CHECK(port.state.availability == Availability::error);
  CHECK(port.state.cause == port_dir + "/state: expected \"<number>: <name>\", got \"ACTIVE\"");
  CHECK(port.rate.availability == Availability::error);
  CHECK(port.rate_gbps.availability == Availability::error);
  CHECK(mentions(port.rate_gbps.cause, port_dir + "/rate: expected"));
  CHECK(*port.phys_state == roce::model::PortState{5, "LinkUp"});

  // Good counters are kept; the bad one is named in the cause, not silently dropped.
  REQUIRE(port.counters.ok());
  CHECK(port.counters->entries.size() == 20);
  CHECK_FALSE(port.counters->get("port_xmit_wait"));
  CHECK(port.counters.cause == port_dir +
                                   "/counters: 1 counter(s) not read: port_xmit_wait (expected an "
                                   "unsigned integer, got \"N/A (no PMA)\")");
  REQUIRE(port.hw_counters.ok());
  CHECK(port.hw_counters->get("np_cnp_sent") == 1529u);
  CHECK(mentions(port.hw_counters.cause, "out_of_sequence (expected an unsigned integer, got \"-3\")"));

  REQUIRE(port.gids.ok());
  CHECK(port.gids->size() == 4);
  CHECK(mentions(port.gids.cause, port_dir + "/gids: GID slots not read: 5 (expected a GID"));
}

TEST_CASE("missing files are absent with the path") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  ::unlink(tree.path(kPort + "/link_layer").c_str());
  ::unlink(tree.path(kNet + "/mtu").c_str());
  ::unlink(tree.path(kPci + "/max_link_speed").c_str());
  std::filesystem::remove_all(tree.path(kPort + "/hw_counters"));
  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  const auto& port = dev.ports.at(0);
  CHECK(port.link_layer.availability == Availability::absent);
  CHECK(port.link_layer.cause ==
        tree.path("class/infiniband/mlx5_0/ports/1/link_layer") + ": No such file or directory");
  CHECK(port.hw_counters.availability == Availability::absent);
  CHECK(mentions(port.hw_counters.cause, "ports/1/hw_counters: No such file or directory"));
  CHECK(port.counters.ok());

  auto nd = read_netdev(tree, "ens1f0np0");
  CHECK(nd.mtu.availability == Availability::absent);
  CHECK(nd.mtu.cause == tree.path("class/net/ens1f0np0/mtu") + ": No such file or directory");
  CHECK(nd.pcie.availability == Availability::absent);
  CHECK(mentions(nd.pcie.cause, "0000:b1:00.0/max_link_speed: No such file or directory"));

  auto ghost = read_rdma_device(tree.path(), "mlx5_9");
  CHECK(ghost.fw_ver.availability == Availability::absent);
  CHECK(ghost.port_count.availability == Availability::absent);
  CHECK(mentions(ghost.port_count.cause, "class/infiniband/mlx5_9/ports: No such file or directory"));
  CHECK(ghost.ports.empty());
}

TEST_CASE("empty GID slots: zeros are skipped; a slot whose type cannot be read is kept") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  // Slot 2 emptied (the kernel then fails gid_attrs with EINVAL; here they are gone).
  tree.write(kPort + "/gids/2", "0000:0000:0000:0000:0000:0000:0000:0000\n");
  ::unlink(tree.path(kPort + "/gid_attrs/types/2").c_str());
  ::unlink(tree.path(kPort + "/gid_attrs/ndevs/2").c_str());
  // Slot 3 keeps its GID but its type file is unreadable.
  ::unlink(tree.path(kPort + "/gid_attrs/types/3").c_str());
  tree.mkdir(kPort + "/gid_attrs/types/3");
  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  const auto& gids = *dev.ports.at(0).gids;
  REQUIRE(gids.size() == 3);
  CHECK(gids[0].index == 0);
  CHECK(gids[1].index == 1);
  CHECK(gids[2].index == 3);
  CHECK(gids[2].gid == "0000:0000:0000:0000:0000:ffff:c0a8:0a0b");
  CHECK(gids[2].type.availability == Availability::error);
  CHECK(gids[2].type.cause == tree.path("class/infiniband/mlx5_0/ports/1/gid_attrs/types/3") + ": Is a directory");
  CHECK(*gids[2].netdev == "ens1f0np0");
  CHECK(dev.ports.at(0).gids.cause.empty());
}

TEST_CASE("the port netdev falls back to the single netdev of a single-port device") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  std::filesystem::remove_all(tree.path(kPort + "/gid_attrs/ndevs"));
  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  const auto& port = dev.ports.at(0);
  CHECK(port.gids->at(0).netdev.availability == Availability::absent);
  CHECK(*port.netdev == "ens1f0np0");
  CHECK(port.netdev.from.locator == tree.path("class/infiniband/mlx5_0/device/net"));

  tree.mkdir(kPci + "/net/ens1f0np0v0");  // a second netdev on the function: no guess
  auto two = read_rdma_device(tree.path(), "mlx5_0");
  CHECK(two.ports.at(0).netdev.availability == Availability::absent);
  CHECK(mentions(two.ports.at(0).netdev.cause, "no GID names a netdev and the device has 2 netdevs"));
}

TEST_CASE("unreadable directories are denied, with the path") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  tree.chmod(kPort + "/hw_counters", 0);
  tree.chmod(kNet + "/ecn", 0);
  tree.chmod(kPci + "/infiniband/mlx5_0/ports", 0);
  roce::model::RdmaDevice dev;
  roce::model::NetDev nd;
  {
    roce::test::WithoutFileCapabilities as_plain_user;
    dev = read_rdma_device(tree.path(), "mlx5_0");
    nd = read_netdev(tree, "ens1f0np0");
  }
  CHECK(*dev.fw_ver == "22.39.1002");
  CHECK(dev.port_count.availability == Availability::denied);
  CHECK(dev.port_count.cause == tree.path("class/infiniband/mlx5_0/ports") + ": Permission denied");
  CHECK(dev.ports.empty());
  CHECK(nd.ecn.availability == Availability::denied);
  CHECK(nd.ecn.cause == tree.path("class/net/ens1f0np0/ecn") + ": Permission denied");
  CHECK(*nd.mtu == 9000);

  tree.chmod(kPci + "/infiniband/mlx5_0/ports", 0755);
  {
    roce::test::WithoutFileCapabilities as_plain_user;
    dev = read_rdma_device(tree.path(), "mlx5_0");
  }
  REQUIRE(dev.ports.size() == 1);
  CHECK(dev.ports[0].hw_counters.availability == Availability::denied);
  CHECK(mentions(dev.ports[0].hw_counters.cause, "ports/1/hw_counters: Permission denied"));
  CHECK(dev.ports[0].counters.ok());
}

TEST_CASE("symlink loops end in ELOOP with the path") {
  TempDir tree;
  tree.copy_from(roce::test::kCx6dxTree);
  ::unlink(tree.path(kNet + "/device").c_str());
  tree.symlink(kNet + "/device", "device");  // points at itself
  ::unlink(tree.path(kPort + "/counters/symbol_error").c_str());
  tree.symlink(kPort + "/counters/symbol_error", "symbol_error");
  tree.symlink("class/infiniband/loop0", "loop0");

  auto nd = read_netdev(tree, "ens1f0np0");
  CHECK(nd.pci_address.availability == Availability::error);
  CHECK(nd.pci_address.cause == tree.path("class/net/ens1f0np0/device") + ": Too many levels of symbolic links");
  CHECK(nd.driver.availability == Availability::error);
  CHECK(nd.pcie.availability == Availability::error);
  CHECK(*nd.mtu == 9000);

  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  CHECK(mentions(dev.ports.at(0).counters.cause, "symbol_error (Too many levels of symbolic links)"));
  CHECK(dev.ports.at(0).counters->get("port_xmit_wait") == 884213u);

  auto loop = read_rdma_device(tree.path(), "loop0");
  CHECK(loop.fw_ver.availability == Availability::error);
  CHECK(mentions(loop.fw_ver.cause, "class/infiniband/loop0/fw_ver: Too many levels of symbolic links"));
  CHECK(loop.port_count.availability == Availability::error);
}

TEST_CASE("device names that would leave class/infiniband or class/net are refused") {
  for (const char* name : {"", ".", "..", "../net/ens1f0np0"}) {
    INFO(name);
    auto dev = read_rdma_device(roce::test::kCx6dxTree, name);
    CHECK(dev.fw_ver.availability == Availability::error);
    CHECK(mentions(dev.fw_ver.cause, "invalid RDMA device name"));
    CHECK(dev.ports.empty());
    roce::model::NetDev nd;
    nd.name = name;
    read_netdev_sysfs(roce::test::kCx6dxTree, nd);
    CHECK(nd.mtu.availability == Availability::error);
    CHECK(mentions(nd.mtu.cause, "invalid netdev name"));
  }
}

}  // namespace roce::test
