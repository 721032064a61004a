// Scenario tests of LINK-STATE (checks/link_state.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("LINK-STATE: an administratively down port is critical; the link checks that need it up skip") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { link_down(h, {3, "Disabled"}); };
  Run run(s);
  const auto f = only_finding(run.result("LINK-STATE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.to_string() == engine::Subject{"ens1f0np0", "mlx5_0", 1, {}, {}}.to_string());
  CHECK(f.title == "link down: RDMA port mlx5_0/1 is 1: DOWN, physical state 3: Disabled, netdev operstate down");
  CHECK(evidence_names(f) == std::vector<std::string>{"state", "link_layer", "phys_state", "operstate"});
  CHECK(evidence(f, "state").from.locator == "/sys/class/infiniband/mlx5_0/ports/1/state");
  CHECK(f.remediation ==
        std::vector<std::string>{"ip link set dev ens1f0np0 up", "ethtool ens1f0np0", "ethtool -m ens1f0np0"});

  const auto& speed = run.result("LINK-SPEED");
  CHECK(speed.status == Status::skipped);
  CHECK_THAT(speed.skipped_reason, Contains("link is down (RDMA port state is 1: DOWN)") && Contains("LINK-STATE"));
}

TEST_CASE("LINK-STATE: a PHY polling for a partner points at the cable and the switch port") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { link_down(h, {2, "Polling"}); };
  const auto f = only_finding(Run(s).result("LINK-STATE"));
  CHECK_THAT(f.title, Contains("physical state 2: Polling"));
  CHECK_THAT(f.explanation, Contains("no partner"));
  CHECK(f.remediation == std::vector<std::string>{"ethtool ens1f0np0", "ethtool -m ens1f0np0"});
}

TEST_CASE("LINK-STATE: only the port that is down is reported") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    add_second_port(h);
    auto& p = h.rdma_devices.at(1).ports.at(0);
    p.state->code = 1, p.state->name = "DOWN";
    p.phys_state->code = 3, p.phys_state->name = "Disabled";
    netdev(h, "ens1f1np1").operstate->assign("down");
  };
  const auto f = only_finding(Run(s).result("LINK-STATE"));
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.subject.rdma_device == "mlx5_1");
  CHECK(f.remediation.at(0) == "ip link set dev ens1f1np1 up");
}

TEST_CASE("LINK-STATE: an RDMA port with a non-Ethernet link layer on an Ethernet netdev") {
  model::Host h = cx6dx_host(baseline_counters(), 1000);
  add_second_port(h);
  auto& dev = h.rdma_devices.at(1);
  dev.pci_address->assign("0000:b1:00.1");
  dev.ports.at(0).link_layer->assign("InfiniBand");
  HostRun run(h, nullptr, 0);
  const auto f = only_finding(run.result("LINK-STATE"));
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f1np1");
  CHECK(f.title == "RDMA port mlx5_1/1 has link layer InfiniBand on Ethernet netdev ens1f1np1");
  CHECK(f.remediation == std::vector<std::string>{"cat /sys/class/infiniband/mlx5_1/ports/1/link_layer",
                                                  "mlxconfig -d 0000:b1:00.1 set LINK_TYPE_P2=2",
                                                  "mlxfwreset -d 0000:b1:00.1 reset"});

  // An InfiniBand HCA port with its IPoIB netdev (20-octet address) is not a RoCE port at all.
  netdev(h, "ens1f1np1").mac->assign("00:00:10:87:fe:80:00:00:00:00:00:00:0c:42:a1:03:00:5d:4d:b9");
  CHECK(HostRun(h, nullptr, 0).result("LINK-STATE").status == Status::ok);
}

TEST_CASE("LINK-STATE: an unreadable port state is skipped with the reason, never ok") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    rdma_port(h).state = Field<model::PortState>::missing(model::Availability::error, "read: Input/output error",
                                                          {"sysfs", "/sys/class/infiniband/mlx5_0/ports/1/state"});
  };
  const auto r = Run(s).result("LINK-STATE");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason == "ens1f0np0: RDMA port state error (read: Input/output error)");
}

}  // namespace roce::test
