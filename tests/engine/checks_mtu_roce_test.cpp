// Scenario tests of MTU-ROCE (checks/mtu_roce.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("MTU-ROCE: MTU 1500 gives RoCE 1024; the remedy uses the profile's MTU") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    *netdev(h).mtu = 1500;
    *rdma_port(h).active_mtu = 1024;
  };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "MTU 1500 below 4200: RoCE active MTU 1024");
  CHECK(evidence_names(f) == std::vector<std::string>{"mtu", "active_mtu"});
  CHECK(evidence(f, "mtu").from.locator == "ens1f0np0 IFLA_MTU");
  CHECK(f.remediation == std::vector<std::string>{"ip link set dev ens1f0np0 mtu 4200"});

  profile::Profile jumbo;
  jumbo.min_mtu = 9000;
  const auto j = only_finding(Run(healthy_scenario(), jumbo).result("MTU-ROCE"));
  CHECK(j.title == "MTU 4200 below 9000: RoCE active MTU 4096");
  CHECK(j.remediation == std::vector<std::string>{"ip link set dev ens1f0np0 mtu 9000"});
}

TEST_CASE("MTU-ROCE: without verbs the RoCE MTU is derived the way the kernel does (MTU - 80 bytes)") {
  profile::Profile p;
  p.min_mtu = 4200;
  for (auto [mtu, roce] :
       {std::pair{4176u, 4096u}, std::pair{4175u, 2048u}, std::pair{2128u, 2048u}, std::pair{2127u, 1024u}}) {
    Scenario s = healthy_scenario();
    s.config = [mtu = mtu](model::Host& h) {
      *netdev(h).mtu = mtu;
      rdma_port(h).active_mtu = Field<std::uint32_t>::missing(model::Availability::unsupported, "no verbs");
    };
    const auto f = only_finding(Run(s, p).result("MTU-ROCE"));
    CHECK(f.title ==
          "MTU " + std::to_string(mtu) + " below 4200: RoCE active MTU " + std::to_string(roce) + " (derived)");
  }
}

TEST_CASE("MTU-ROCE: active MTU below 4096 with a large enough netdev MTU") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { *rdma_port(h).active_mtu = 1024; };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.title == "RDMA active MTU 1024 below 4096 with netdev MTU 4200");
  CHECK(f.remediation == std::vector<std::string>{"ibv_devinfo -d mlx5_0 -i 1", "ip link set dev ens1f0np0 mtu 4200"});
  s.config = [](model::Host& h) { *rdma_port(h).active_mtu = 2048, *rdma_port(h).max_mtu = 2048; };
  const auto d = only_finding(Run(s).result("MTU-ROCE"));
  CHECK_THAT(d.explanation, Contains("supports at most 2048"));
  CHECK(d.remediation == std::vector<std::string>{"ibv_devinfo -d mlx5_0 -i 1"});
}

TEST_CASE("MTU-ROCE: oversize frames from the peer in the window") {
  model::Host before = cx6dx_host(baseline_counters(), 1000000000), now = cx6dx_host(baseline_counters(), 61000000000);
  set_counter(ethtool_stats(before), "rx_oversize_pkts_phy", 5);
  set_counter(ethtool_stats(now), "rx_oversize_pkts_phy", 42);
  const auto f = only_finding(HostRun(now, &before, 60).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "37 oversize frames received in 60 s: the peer's MTU is larger than 4200");
  CHECK(f.evidence[0].name == "rx_oversize_pkts_phy");
  CHECK(f.evidence[0].delta == 37u);
  // Cumulative old ones with one sample are not judged as a problem.
  CHECK(HostRun(now, nullptr, 0).result("MTU-ROCE").status == Status::ok);
}

TEST_CASE("MTU-ROCE: without the netdev MTU the active MTU is judged; without both, skipped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
  };
  CHECK(Run(s).result("MTU-ROCE").status == Status::ok);  // active MTU 4096

  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
    *rdma_port(h).active_mtu = 1024;
  };
  const auto f = only_finding(Run(s).result("MTU-ROCE"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.title == "RDMA active MTU 1024 below 4096 (netdev MTU not known)");

  s.config = [](model::Host& h) {
    netdev(h).mtu = Field<std::uint32_t>::missing(model::Availability::error, "IFLA_MTU missing");
    rdma_port(h).active_mtu = Field<std::uint32_t>::missing(model::Availability::unsupported, "no verbs");
  };
  const auto r = Run(s).result("MTU-ROCE");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("mtu error (IFLA_MTU missing)"));
}

}  // namespace roce::test
