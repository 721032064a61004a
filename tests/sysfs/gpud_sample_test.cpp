// The real /sys/class/infiniband snapshot of an H100 node (leptonai/gpud), flattened in
// tests/fixtures/samples/, written out as a tree. Its files lack the trailing newline.
#include <catch2/catch.hpp>

#include "sources/sysfs/rdma_sysfs.hpp"
#include "support/paths.hpp"
#include "sysfs_trees.hpp"

namespace roce::test {

using namespace roce::sources::sysfs;
using roce::model::Availability;

TEST_CASE("gpud H100 snapshot: 8 InfiniBand NDR devices and a RoCE bond") {
  roce::test::TempDir tree;
  int files = roce::test::materialize_flat_sample(
      std::string(ROCE_FIXTURES_DIR) + "/samples/sysfs_class_infiniband_h100_gpud.txt", tree, "class/infiniband");
  REQUIRE(files == 486);

  auto names = list_rdma_devices(tree.path());
  CHECK(names == std::vector<std::string>{"mlx5_0", "mlx5_1", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7", "mlx5_8",
                                          "mlx5_9", "mlx5_bond_0"});
  for (const auto& name : names) {
    INFO(name);
    auto dev = read_rdma_device(tree.path(), name);
    REQUIRE(dev.ports.size() == 1);
    const auto& port = dev.ports[0];
    CHECK(*port.state == roce::model::PortState{4, "ACTIVE"});
    CHECK(*port.phys_state == roce::model::PortState{5, "LinkUp"});
    REQUIRE(port.counters.ok());
    CHECK(port.counters.cause.empty());
    CHECK(port.counters->entries.size() == 21);
    REQUIRE(port.hw_counters.ok());
    CHECK(port.hw_counters.cause.empty());
    CHECK(port.hw_counters->entries.size() == 25);      // 26 files minus lifespan
    CHECK_FALSE(port.hw_counters->get("np_cnp_sent"));  // no congestion group on these devices
    // The snapshot holds no node_type, device link, gids: missing with the path, not empty values.
    CHECK(dev.node_type.availability == Availability::absent);
    CHECK(dev.node_type.cause == tree.path() + "/class/infiniband/" + name + "/node_type: No such file or directory");
    CHECK(dev.pci_address.availability == Availability::absent);
    CHECK(port.gids.availability == Availability::absent);
    CHECK(port.netdev.availability == Availability::absent);
    if (name == "mlx5_bond_0") {
      CHECK(*dev.hca_type == "MT41692");
      CHECK(*dev.fw_ver == "32.38.3056");
      CHECK(*port.link_layer == "Ethernet");
      CHECK(*port.rate == "200 Gb/sec (2X NDR)");
      CHECK(*port.rate_gbps == 200.0);
    } else {
      CHECK(*dev.hca_type == "MT4129");
      CHECK(*dev.fw_ver == "28.41.1000");
      CHECK(*dev.board_id == "MT_0000000838");
      CHECK(*port.link_layer == "InfiniBand");
      CHECK(*port.rate_gbps == 400.0);
    }
  }
  auto mlx5_0 = read_rdma_device(tree.path(), "mlx5_0");
  CHECK(mlx5_0.ports[0].counters->get("port_rcv_data") == 230539874932483ull);
  CHECK(mlx5_0.ports[0].counters->get("excessive_buffer_overrun_errors") == 15u);
  CHECK(mlx5_0.ports[0].hw_counters->get("rx_write_requests") == 3809045607ull);
  auto mlx5_1 = read_rdma_device(tree.path(), "mlx5_1");
  CHECK(mlx5_1.ports[0].counters->get("link_downed") == 255u);
}

TEST_CASE("prometheus/procfs fixture: MT4118 at 25 Gb/sec (1X EDR)") {
  roce::test::TempDir tree;
  roce::test::materialize_flat_sample(
      std::string(ROCE_FIXTURES_DIR) + "/samples/sysfs_class_infiniband_mlx5_0_procfs_fixture.txt", tree,
      "class/infiniband");
  auto dev = read_rdma_device(tree.path(), "mlx5_0");
  CHECK(*dev.node_guid == "0a7f:bc12:45ef:d23b");
  CHECK(*dev.hca_type == "MT4118");
  REQUIRE(dev.ports.size() == 1);
  CHECK(*dev.ports[0].rate_gbps == 25.0);
  CHECK(dev.ports[0].hw_counters->get("req_cqe_error") == 3481u);
  CHECK(dev.ports[0].hw_counters->get("local_ack_timeout_err") == 131u);
}

}  // namespace roce::test
