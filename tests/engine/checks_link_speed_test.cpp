// Scenario tests of LINK-SPEED (checks/link_speed.cpp).
#include "link_scenarios.hpp"

namespace roce::test {

TEST_CASE("LINK-SPEED: a 25G link where the profile expects 100G, and the RDMA rate that disagrees") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    netdev(h).link->speed_mbps = 25000;
    netdev(h).link->lanes = 1;
  };
  profile::Profile p;
  p.expected_speed_mbps = 100000;
  Run run(s, p);
  const auto& r = run.result("LINK-SPEED");
  INFO(describe(r));
  REQUIRE(r.findings.size() == 2);
  const auto& slow = r.findings[0];
  CHECK(slow.severity == Severity::warning);
  CHECK(slow.title == "link runs at 25 Gb/s, profile expects 100 Gb/s");
  CHECK(evidence(slow, "speed").value == "25000 Mb/s, 1 lane");
  CHECK(evidence(slow, "speed").from.locator == "ens1f0np0 LINKMODES_GET");
  CHECK(evidence(slow, "link.expected_speed_gbps").value == "100");
  CHECK(slow.remediation.back() == "ethtool -s ens1f0np0 autoneg on speed 100000 duplex full");
  const auto& rate = r.findings[1];
  CHECK(rate.title == "RDMA port mlx5_0/1 rate 100 Gb/s disagrees with netdev speed 25 Gb/s");
  CHECK(evidence(rate, "rate").value == "100 Gb/sec (4X EDR)");
  CHECK(rate.remediation.front() == "cat /sys/class/infiniband/mlx5_0/ports/1/rate");

  // The same host at 100G is clean under that profile.
  CHECK(Run(healthy_scenario(), p).result("LINK-SPEED").status == Status::ok);
}

TEST_CASE("LINK-SPEED: rate and speed are compared from 10G up only, within the tolerance") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {  // 1G shows as 2.5 Gb/sec (1X SDR): not comparable
    netdev(h).link->speed_mbps = 1000;
    *rdma_port(h).rate_gbps = 2.5;
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::ok);
  s.config = [](model::Host& h) {  // 56 Gb/s FDR against a 50G link: within 12%, above the 10% default
    netdev(h).link->speed_mbps = 50000;
    *rdma_port(h).rate_gbps = 56;
  };
  CHECK(Run(s).result("LINK-SPEED").status == Status::finding);
  profile::Profile p;
  p.thresholds["LINK-SPEED"]["max_rate_mismatch"] = 0.15;
  CHECK(Run(s, p).result("LINK-SPEED").status == Status::ok);
}

TEST_CASE("LINK-SPEED: nothing to compare against is skipped, not ok") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    rdma_port(h).rate_gbps = Field<double>::missing(model::Availability::error, "rate: unparsable");
  };
  const auto r = Run(s).result("LINK-SPEED");
  CHECK(r.status == Status::skipped);
  CHECK_THAT(r.skipped_reason, Contains("no link.expected_speed_gbps in the profile and no RDMA port rate"));
  s.config = [](model::Host& h) {
    netdev(h).link = Field<model::LinkSettings>::missing(model::Availability::unsupported, "Operation not supported");
  };
  const auto r2 = Run(s).result("LINK-SPEED");
  CHECK(r2.status == Status::skipped);
  CHECK(r2.skipped_reason == "ens1f0np0: link-settings unsupported (Operation not supported)");
}

}  // namespace roce::test
