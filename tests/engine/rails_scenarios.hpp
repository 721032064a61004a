#pragma once
// A multi-rail host built from real outputs, for the checks that judge a rail against its siblings or
// across a reset (LINK-SPEED, LINK-FLAP):
//   - the RDMA devices are the real `ibstat` of an H100 node (samples/ibstat_h100_cx7_roce_all.active.0.txt,
//     leptonai/gpud testdata): 8 ConnectX-7 (MT4129) RoCE ports at 400 and 4 ConnectX-6 Dx (MT4125) at 100;
//   - every rail's `ethtool -S` is the real mlx5 dump samples/mlx5_ethtool_S_100G_ofed_badlane.txt;
//   - the netdevs (names ens<N>np0, ifindex, carrier_changes 2, link settings at the ibstat rate, 4 lanes)
//     are filled in the way the sysfs/netlink readers fill them: ibstat prints no netdev.
#include "captures/text/ibstat.hpp"
#include "link_scenarios.hpp"

namespace roce::test {

struct Rails {
  model::Host host;
  std::vector<std::string> cx7;  // the netdevs of the ConnectX-7 rails, in ibstat order
};

inline Rails multi_rail_host(std::int64_t monotonic_ns) {
  auto devices =
      captures::text::parse_ibstat(read_sample("ibstat_h100_cx7_roce_all.active.0.txt"), {"capture", "ibstat"});
  REQUIRE(devices.ok());
  auto stats = captures::text::parse_ethtool_s(read_sample("mlx5_ethtool_S_100G_ofed_badlane.txt"));
  REQUIRE(stats.ok());
  Rails r;
  r.host.hostname = "hgx-07";
  r.host.monotonic_ns = monotonic_ns;
  r.host.rdma_devices = devices->value;
  std::uint32_t n = 0;
  for (auto& d : r.host.rdma_devices) {
    REQUIRE(d.ports.size() == 1);
    auto& port = d.ports[0];
    model::NetDev nd;
    nd.name = "ens" + std::to_string(10 + n) + "np0";
    const model::Provenance sysfs{"sysfs", "class/net/" + nd.name};
    nd.ifindex = Field<std::uint32_t>::of(4 + n, {"rtnetlink", nd.name + " RTM_NEWLINK"});
    nd.operstate = Field<std::string>::of("up", sysfs);
    nd.carrier_changes = Field<std::uint64_t>::of(2, {"rtnetlink", nd.name + " RTM_NEWLINK"});
    nd.driver = Field<model::DriverInfo>::of({"mlx5_core", "6.8.0", d.fw_ver.ok() ? *d.fw_ver : "", ""},
                                             {"ethtool-netlink", nd.name + " DRVINFO"});
    const auto mbps = static_cast<std::uint32_t>(*port.rate_gbps * 1000);
    nd.link = Field<model::LinkSettings>::of({mbps, "full", true, 4}, {"ethtool-netlink", nd.name + " LINKMODES_GET"});
    nd.ethtool_stats = Field<model::CounterSet>::of(*stats, {"ethtool", nd.name + " ethtool -S"});
    port.netdev = Field<std::string>::of(nd.name, {"sysfs", "class/infiniband/" + d.name + "/device/net"});
    if (*d.hca_type == "MT4129") r.cx7.push_back(nd.name);
    r.host.netdevs.push_back(std::move(nd));
    ++n;
  }
  REQUIRE(r.cx7.size() == 8);
  return r;
}

inline model::RdmaPort& rdma_port_of(model::Host& h, const std::string& netdev) {
  for (auto& d : h.rdma_devices)
    for (auto& p : d.ports)
      if (p.netdev.ok() && *p.netdev == netdev) return p;
  throw std::logic_error("no RDMA port for " + netdev);
}

/// The rail at `mbps`, its RDMA rate following as mlx5 reports it.
inline void set_speed(model::Host& h, const std::string& netdev_name, std::uint32_t mbps) {
  netdev(h, netdev_name).link->speed_mbps = mbps;
  *rdma_port_of(h, netdev_name).rate_gbps = mbps / 1000.0;
}

inline std::vector<const engine::Finding*> findings_of(const engine::CheckResult& r, Severity s) {
  std::vector<const engine::Finding*> out;
  for (const auto& f : r.findings)
    if (f.severity == s) out.push_back(&f);
  return out;
}

}  // namespace roce::test
