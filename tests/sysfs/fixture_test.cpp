// Reads the fixture trees in tests/fixtures/sysfs (written to research/formats.md §2; see README.md
// there) and checks every field against what the tree holds.
#include <catch2/catch.hpp>

#include "sources/sysfs/netdev_sysfs.hpp"
#include "sources/sysfs/rdma_sysfs.hpp"
#include "support/paths.hpp"
#include "sysfs_trees.hpp"

namespace roce::test {

using namespace roce::sources::sysfs;
using roce::model::Availability;

namespace {

const roce::model::Gid* gid_at(const roce::model::RdmaPort& port, std::uint32_t index) {
  for (const auto& g : *port.gids)
    if (g.index == index) return &g;
  return nullptr;
}

}  // namespace

TEST_CASE("cx6dx: the RDMA device") {
  CHECK(list_rdma_devices(roce::test::kCx6dxTree) == std::vector<std::string>{"mlx5_0"});
  auto dev = read_rdma_device(roce::test::kCx6dxTree, "mlx5_0");
  CHECK(dev.name == "mlx5_0");
  CHECK(*dev.node_type == "CA");
  CHECK(*dev.node_guid == "e8eb:d303:0033:07da");
  CHECK(*dev.fw_ver == "22.39.1002");
  CHECK(*dev.hca_type == "MT4125");
  CHECK(*dev.board_id == "MT_0000000359");
  CHECK(dev.fw_ver.from.source == "sysfs");
  CHECK(dev.fw_ver.from.locator == roce::test::kCx6dxTree + "/class/infiniband/mlx5_0/fw_ver");
  CHECK(*dev.pci_address == "0000:b1:00.0");
  CHECK(*dev.netdevs == std::vector<std::string>{"ens1f0np0"});
  CHECK(*dev.port_count == 1);
  REQUIRE(dev.ports.size() == 1);

  const auto& port = dev.ports[0];
  CHECK(port.number == 1);
  CHECK(*port.state == roce::model::PortState{4, "ACTIVE"});
  CHECK(*port.phys_state == roce::model::PortState{5, "LinkUp"});
  CHECK(*port.rate == "100 Gb/sec (4X EDR)");
  CHECK(*port.rate_gbps == 100.0);
  CHECK(*port.link_layer == "Ethernet");
  CHECK(*port.netdev == "ens1f0np0");
  CHECK(port.netdev.from.locator == roce::test::kCx6dxTree + "/class/infiniband/mlx5_0/ports/1/gid_attrs/ndevs/0");
  CHECK(port.active_mtu.availability == Availability::absent);  // verbs' business

  REQUIRE(port.gids.ok());
  CHECK(port.gids.cause.empty());
  REQUIRE(port.gids->size() == 4);  // slots 4..15 are empty and skipped
  const auto* v2 = gid_at(port, 3);
  REQUIRE(v2 != nullptr);
  CHECK(v2->gid == "0000:0000:0000:0000:0000:ffff:c0a8:0a0b");
  CHECK(*v2->type == "RoCE v2");
  CHECK(*v2->netdev == "ens1f0np0");
  CHECK(*gid_at(port, 2)->type == "IB/RoCE v1");
  CHECK(gid_at(port, 0)->gid == "fe80:0000:0000:0000:eaeb:d3ff:fe33:07da");
  CHECK(*gid_at(port, 1)->type == "RoCE v2");
  CHECK(gid_at(port, 4) == nullptr);

  REQUIRE(port.counters.ok());
  CHECK(port.counters.cause.empty());
  CHECK(port.counters->entries.size() == 21);
  CHECK(port.counters->get("port_xmit_data") == 52034812116ull);
  CHECK(port.counters->get("port_xmit_wait") == 884213u);
  CHECK(port.counters->get("link_downed") == 1u);
  CHECK(port.counters->get("symbol_error") == 0u);                // zero is a value
  CHECK(port.counters->entries.front().first == "VL15_dropped");  // names in byte order

  REQUIRE(port.hw_counters.ok());
  CHECK(port.hw_counters.cause.empty());
  CHECK(port.hw_counters->entries.size() == 31);
  CHECK_FALSE(port.hw_counters->get("lifespan"));
  CHECK(port.hw_counters->get("np_ecn_marked_roce_packets") == 1532u);
  CHECK(port.hw_counters->get("np_cnp_sent") == 1529u);
  CHECK(port.hw_counters->get("rp_cnp_handled") == 20311u);
  CHECK(port.hw_counters->get("rp_cnp_ignored") == 0u);
  CHECK(port.hw_counters->get("out_of_sequence") == 12u);
  CHECK(port.hw_counters.from.locator == roce::test::kCx6dxTree + "/class/infiniband/mlx5_0/ports/1/hw_counters");
}

TEST_CASE("cx6dx: the netdev with the vendor qos and ecn sysfs") {
  CHECK(list_netdevs(roce::test::kCx6dxTree) == std::vector<std::string>{"ens1f0np0", "lo"});
  roce::model::NetDev nd;
  nd.name = "ens1f0np0";
  read_netdev_sysfs(roce::test::kCx6dxTree, nd);
  CHECK(*nd.mtu == 9000);
  CHECK(nd.mtu.from.locator == roce::test::kCx6dxTree + "/class/net/ens1f0np0/mtu");
  CHECK(*nd.operstate == "up");
  CHECK(*nd.mac == "e8:eb:d3:33:07:da");
  CHECK(*nd.carrier_changes == 4);
  REQUIRE(nd.link.ok());
  CHECK(nd.link->speed_mbps == 100000u);
  CHECK(*nd.pci_address == "0000:b1:00.0");
  REQUIRE(nd.driver.ok());
  CHECK(nd.driver->driver == "mlx5_core");
  CHECK(nd.driver->bus_info == "0000:b1:00.0");
  CHECK(nd.driver->version.empty());
  REQUIRE(nd.pcie.ok());
  CHECK(nd.pcie->current_speed == "16.0 GT/s PCIe");
  CHECK(nd.pcie->max_speed == "16.0 GT/s PCIe");
  CHECK(nd.pcie->current_width == 16);
  CHECK(nd.pcie->max_width == 16);
  CHECK(*nd.trust == "dscp");
  REQUIRE(nd.ecn.ok());
  for (int prio = 0; prio < 8; ++prio) {
    INFO("priority " << prio);
    CHECK(*nd.ecn->np[prio] == (prio == 3));
    CHECK(*nd.ecn->rp[prio] == (prio == 3));
  }
  CHECK(nd.ecn->rp[3].from.locator == roce::test::kCx6dxTree + "/class/net/ens1f0np0/ecn/roce_rp/enable/3");
  // Not this reader's fields.
  CHECK(nd.stats.availability == Availability::absent);
  CHECK(nd.stats.cause.empty());
}

TEST_CASE("cx6dx: a virtual netdev has no PCI function, which is not an error") {
  roce::model::NetDev lo;
  lo.name = "lo";
  read_netdev_sysfs(roce::test::kCx6dxTree, lo);
  CHECK(*lo.mtu == 65536);
  CHECK(*lo.operstate == "unknown");
  CHECK(*lo.mac == "00:00:00:00:00:00");
  CHECK(lo.pci_address.availability == Availability::absent);
  CHECK(lo.pci_address.cause.find("/class/net/lo/device") != std::string::npos);
  CHECK(lo.pci_address.cause ==
        roce::test::kCx6dxTree +
            "/class/net/lo/device: No such file or directory (no parent device: a virtual device)");
  CHECK(lo.pcie.availability == Availability::absent);
  CHECK(lo.driver.availability == Availability::absent);
  CHECK(lo.link.availability == Availability::absent);
  CHECK(lo.trust.availability == Availability::absent);
  CHECK(lo.ecn.availability == Availability::absent);
}

TEST_CASE("cx7: an active 400G port and a down port on a second device, upstream kernel") {
  CHECK(list_rdma_devices(roce::test::kCx7Tree) == std::vector<std::string>{"mlx5_0", "mlx5_1"});
  auto up = read_rdma_device(roce::test::kCx7Tree, "mlx5_0");
  CHECK(*up.hca_type == "MT4129");
  CHECK(*up.fw_ver == "28.39.1002");
  CHECK(*up.pci_address == "0000:c1:00.0");
  REQUIRE(up.ports.size() == 1);
  CHECK(*up.ports[0].rate == "400 Gb/sec (4X NDR)");
  CHECK(*up.ports[0].rate_gbps == 400.0);
  CHECK(*up.ports[0].netdev == "ens41np0");
  CHECK(*gid_at(up.ports[0], 3)->type == "RoCE v2");
  CHECK(gid_at(up.ports[0], 3)->gid == "0000:0000:0000:0000:0000:ffff:0a00:0115");
  CHECK(up.ports[0].hw_counters->get("rx_write_requests") == 98122013u);

  auto down = read_rdma_device(roce::test::kCx7Tree, "mlx5_1");
  REQUIRE(down.ports.size() == 1);
  const auto& port = down.ports[0];
  CHECK(*port.state == roce::model::PortState{1, "DOWN"});
  CHECK(*port.phys_state == roce::model::PortState{3, "Disabled"});
  CHECK(*port.rate_gbps == 40.0);
  CHECK(port.gids->size() == 2);  // only the default link-local pair
  CHECK(*port.netdev == "ens42np0");
  CHECK(port.hw_counters->get("out_of_sequence") == 0u);

  roce::model::NetDev nd;
  nd.name = "ens42np0";
  read_netdev_sysfs(roce::test::kCx7Tree, nd);
  CHECK(*nd.operstate == "down");
  CHECK(*nd.mtu == 1500);
  CHECK_FALSE(nd.link.ok());  // no speed while down: missing, never 0
  CHECK(nd.link.cause.find(roce::test::kCx7Tree + "/class/net/ens42np0/speed") != std::string::npos);
  CHECK(nd.pcie->current_speed == "32.0 GT/s PCIe");
  CHECK(*nd.pci_address == "0000:c2:00.0");
  // Upstream kernel: no vendor sysfs, and the cause says so.
  CHECK(nd.trust.availability == Availability::absent);
  CHECK(nd.trust.cause.find("qos/trust") != std::string::npos);
  CHECK(nd.ecn.availability == Availability::absent);
  CHECK(nd.ecn.cause.find("vendor ecn sysfs") != std::string::npos);
  CHECK(nd.ecn.cause.find(roce::test::kCx7Tree + "/class/net/ens42np0/ecn") == 0);
}

TEST_CASE("a root with no RDMA devices lists none") {
  CHECK(list_rdma_devices(std::string(ROCE_FIXTURES_DIR) + "/sysfs/no-such-root").empty());
  auto scanned = scan_rdma_devices(std::string(ROCE_FIXTURES_DIR) + "/sysfs/no-such-root");
  REQUIRE(scanned);
  CHECK(scanned->empty());
  auto netdevs = scan_netdevs(std::string(ROCE_FIXTURES_DIR) + "/sysfs/no-such-root");
  REQUIRE_FALSE(netdevs);
  CHECK(netdevs.error().message.find("no-such-root/class/net") != std::string::npos);
}

}  // namespace roce::test
