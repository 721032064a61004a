// Which netdev an RDMA port runs over, from the sources the model holds, in their order.
#include <catch2/catch.hpp>

#include "model/port_netdev.hpp"

namespace roce::test {

using namespace roce;
using model::Field;
using model::Provenance;

namespace {

model::Host host_with_port() {
  model::Host h;
  auto& dev = h.rdma_devices.emplace_back();
  dev.name = "mlx5_4";
  dev.ports.emplace_back().number = 1;
  for (const char* name : {"ens3f0np0", "ens3f1np1"}) h.netdevs.emplace_back().name = name;
  return h;
}

model::DriverInfo driver_at(const std::string& bus_info) { return {"mlx5_core", "", "", bus_info}; }

}  // namespace

TEST_CASE("port_netdev: the port's own field first, then its GIDs, then the device's net/ folder") {
  model::Host h = host_with_port();
  auto& dev = h.rdma_devices[0];
  auto& port = dev.ports[0];
  CHECK_FALSE(model::port_netdev(h, dev, port).ok());
  CHECK_THAT(model::port_netdev(h, dev, port).cause, Catch::Contains("no source names the netdev of mlx5_4 port 1"));

  dev.netdevs = Field<std::vector<std::string>>::of({"ens3f1np1"}, {"sysfs", "mlx5_4/device/net"});
  CHECK(*model::port_netdev(h, dev, port) == "ens3f1np1");

  model::Gid gid;
  gid.netdev = Field<std::string>::of("ens3f0np0", {"folder", "show_gids:3"});
  port.gids = Field<std::vector<model::Gid>>::of({gid});
  CHECK(model::port_netdev(h, dev, port).from == Provenance{"folder", "show_gids:3"});

  port.netdev = Field<std::string>::of("ens3f1np1", {"folder", "rdma_link:1"});
  CHECK(model::port_netdev(h, dev, port).from == Provenance{"folder", "rdma_link:1"});
}

TEST_CASE("port_netdev: the one netdev at the device's PCI address, by sysfs or `ethtool -i` bus-info") {
  model::Host h = host_with_port();
  auto& dev = h.rdma_devices[0];
  dev.pci_address = Field<std::string>::of("0000:3b:00.0", {"sos", "sys/class/infiniband/mlx5_4/device"});
  h.netdevs[1].driver = Field<model::DriverInfo>::of(driver_at("0000:3b:00.1"), {"sos", "ethtool_-i_ens3f1np1:5"});
  CHECK_FALSE(model::port_netdev(h, dev, dev.ports[0]).ok());

  h.netdevs[0].driver = Field<model::DriverInfo>::of(driver_at("0000:3b:00.0"), {"sos", "ethtool_-i_ens3f0np0:5"});
  const auto found = model::port_netdev(h, dev, dev.ports[0]);
  REQUIRE(found.ok());
  CHECK(*found == "ens3f0np0");
  CHECK(found.from == Provenance{"sos", "ethtool_-i_ens3f0np0:5"});

  // Two netdevs at one address (switchdev representors share the PF's bus-info): no guess.
  h.netdevs.emplace_back().name = "pf0vf0";
  h.netdevs.back().pci_address = Field<std::string>::of("0000:3b:00.0", {"sysfs", "pf0vf0/device"});
  CHECK_FALSE(model::port_netdev(h, dev, dev.ports[0]).ok());

  model::map_port_netdevs(h);
  CHECK_FALSE(h.rdma_devices[0].ports[0].netdev.ok());
  h.netdevs.pop_back();
  model::map_port_netdevs(h);
  CHECK(*h.rdma_devices[0].ports[0].netdev == "ens3f0np0");
}

}  // namespace roce::test
