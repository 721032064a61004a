#include <catch2/catch.hpp>

#include "sources/verbs/verbs.hpp"

namespace roce::test {

using namespace roce::sources::verbs;
using roce::model::Availability;
using roce::model::Field;
using roce::model::Gid;
using roce::model::Host;
using roce::model::PortState;
using roce::model::Provenance;

namespace {

const Provenance kSysfs{"sysfs", "/sys/class/infiniband/mlx5_0/ports/1"};

// An IPv4-mapped RoCE v2 GID for 172.19.0.60, as the kernel stores it.
constexpr std::array<std::uint8_t, 16> kV4Gid = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 172, 19, 0, 60};
constexpr std::array<std::uint8_t, 16> kLinkLocal = {0xfe, 0x80, 0,    0,    0,    0,    0,    0,
                                                     0x0e, 0x42, 0xa1, 0xff, 0xfe, 0x5d, 0x4d, 0xb8};

Gid sysfs_gid(std::uint32_t index, std::string text, Field<std::string> type) {
  Gid gid;
  gid.index = index;
  gid.gid = std::move(text);
  gid.type = std::move(type);
  gid.netdev = Field<std::string>::of("ens1f0np0", kSysfs);
  return gid;
}

// mlx5_0 port 1 as the sysfs reader leaves it: state read, GID 3's type unreadable.
Host sysfs_host() {
  Host host;
  roce::model::RdmaDevice dev;
  dev.name = "mlx5_0";
  dev.fw_ver = Field<std::string>::of("28.41.1000", kSysfs);
  roce::model::RdmaPort port;
  port.number = 1;
  port.state = Field<PortState>::of({4, "ACTIVE"}, kSysfs);
  port.link_layer = Field<std::string>::of("Ethernet", kSysfs);
  const auto unreadable =
      Field<std::string>::missing(Availability::error, "gid_attrs/types/3: Invalid argument", kSysfs);
  port.gids = Field<std::vector<Gid>>::of(
      {sysfs_gid(1, "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8", Field<std::string>::of("RoCE v2", kSysfs)),
       sysfs_gid(3, "0000:0000:0000:0000:0000:ffff:ac13:003c", unreadable)},
      kSysfs);
  dev.ports.push_back(port);
  host.rdma_devices.push_back(dev);
  return host;
}

PortAttrs verbs_port() {
  PortAttrs attrs;
  attrs.state = 4;
  attrs.phys_state = 5;
  attrs.max_mtu = 5;
  attrs.active_mtu = 3;
  attrs.link_layer = 2;
  attrs.gids = std::vector<GidEntry>{{1, kLinkLocal, 1, "ens1f0np0"}, {3, kV4Gid, 2, "ens1f0np0"}};
  return attrs;
}

}  // namespace

TEST_CASE("IBV_MTU enum to bytes") {
  CHECK(mtu_bytes(1) == 256u);
  CHECK(mtu_bytes(2) == 512u);
  CHECK(mtu_bytes(3) == 1024u);
  CHECK(mtu_bytes(4) == 2048u);
  CHECK(mtu_bytes(5) == 4096u);
  CHECK_FALSE(mtu_bytes(0));
  CHECK_FALSE(mtu_bytes(6));
  CHECK_FALSE(mtu_bytes(-1));
}

TEST_CASE("GIDs are formatted as sysfs prints them") {
  CHECK(format_gid(kV4Gid) == "0000:0000:0000:0000:0000:ffff:ac13:003c");
  CHECK(format_gid(kLinkLocal) == "fe80:0000:0000:0000:0e42:a1ff:fe5d:4db8");
  CHECK(gid_type_name(0) == "IB/RoCE v1");
  CHECK(gid_type_name(1) == "IB/RoCE v1");
  CHECK(gid_type_name(2) == "RoCE v2");
  CHECK_FALSE(gid_type_name(3));
}

TEST_CASE("merge into a port sysfs listed") {
  Host host = sysfs_host();
  const Host before = host;
  merge_port_attrs(host, "mlx5_0", 1, verbs_port());

  REQUIRE(host.rdma_devices.size() == 1);
  REQUIRE(host.rdma_devices[0].ports.size() == 1);
  const auto& port = host.rdma_devices[0].ports[0];
  const Provenance query{"verbs", "mlx5_0 port 1 ibv_query_port"};
  CHECK(port.active_mtu == Field<std::uint32_t>::of(1024, query));
  CHECK(port.max_mtu == Field<std::uint32_t>::of(4096, query));
  // What sysfs read stays as sysfs read it.
  CHECK(port.state == before.rdma_devices[0].ports[0].state);
  CHECK(port.link_layer == before.rdma_devices[0].ports[0].link_layer);
  CHECK(host.rdma_devices[0].fw_ver == before.rdma_devices[0].fw_ver);
  // The GID type sysfs could not read comes from verbs; the one it read is untouched.
  REQUIRE(port.gids.ok());
  REQUIRE(port.gids->size() == 2);
  CHECK((*port.gids)[0].type == Field<std::string>::of("RoCE v2", kSysfs));
  CHECK((*port.gids)[1].type == Field<std::string>::of("RoCE v2", {"verbs", "mlx5_0 port 1 ibv_query_gid_table"}));
  CHECK(host.notes.empty());
}

TEST_CASE("a GID that changed between the sysfs and the verbs read keeps its missing type") {
  Host host = sysfs_host();
  PortAttrs attrs = verbs_port();
  (*attrs.gids)[1].gid[15] = 61;  // 172.19.0.61 now sits at index 3
  merge_port_attrs(host, "mlx5_0", 1, attrs);
  const auto& gid = (*host.rdma_devices[0].ports[0].gids)[1];
  CHECK(gid.type.availability == Availability::error);
  CHECK(gid.type.from == kSysfs);
}

TEST_CASE("an unknown MTU enum is an error, not a number") {
  Host host = sysfs_host();
  PortAttrs attrs = verbs_port();
  attrs.active_mtu = 9;
  merge_port_attrs(host, "mlx5_0", 1, attrs);
  const auto& mtu = host.rdma_devices[0].ports[0].active_mtu;
  CHECK_FALSE(mtu.ok());
  CHECK(mtu.availability == Availability::error);
  CHECK(mtu.cause == "active_mtu: unknown value 9");
}

TEST_CASE("a device sysfs did not list is added with what verbs knows") {
  Host host = sysfs_host();
  merge_port_attrs(host, "rocep1s0", 1, verbs_port());
  REQUIRE(host.rdma_devices.size() == 2);
  const auto& dev = host.rdma_devices[1];
  CHECK(dev.name == "rocep1s0");
  CHECK(dev.fw_ver.availability == Availability::absent);
  REQUIRE(dev.ports.size() == 1);
  const auto& port = dev.ports[0];
  const Provenance query{"verbs", "rocep1s0 port 1 ibv_query_port"};
  CHECK(port.number == 1);
  CHECK(port.state == Field<PortState>::of({4, "ACTIVE"}, query));
  CHECK(port.phys_state == Field<PortState>::of({5, "LinkUp"}, query));
  CHECK(port.link_layer == Field<std::string>::of("Ethernet", query));
  CHECK(*port.active_mtu == 1024u);
  CHECK(port.hw_counters.availability == Availability::absent);
  REQUIRE(port.gids.ok());
  REQUIRE(port.gids->size() == 2);
  CHECK((*port.gids)[1].gid == "0000:0000:0000:0000:0000:ffff:ac13:003c");
  CHECK(*(*port.gids)[1].type == "RoCE v2");
  CHECK(*(*port.gids)[1].netdev == "ens1f0np0");
  CHECK(*(*port.gids)[0].type == "IB/RoCE v1");
}

TEST_CASE("a second port of a known device is added; a failed GID read is said so") {
  Host host = sysfs_host();
  PortAttrs attrs = verbs_port();
  attrs.gids.reset();
  attrs.gids_error = "mlx5_0: ibv_query_gid_table: Operation not supported";
  merge_port_attrs(host, "mlx5_0", 2, attrs);
  REQUIRE(host.rdma_devices.size() == 1);
  REQUIRE(host.rdma_devices[0].ports.size() == 2);
  const auto& port = host.rdma_devices[0].ports[1];
  CHECK(port.number == 2);
  CHECK(*port.max_mtu == 4096u);
  CHECK(port.gids.availability == Availability::error);
  CHECK(port.gids.cause == attrs.gids_error);
}

}  // namespace roce::test
