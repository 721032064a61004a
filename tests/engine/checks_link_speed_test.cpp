// Scenario tests of LINK-SPEED (checks/link_speed.cpp).
#include "link_scenarios.hpp"
#include "rails_scenarios.hpp"

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

namespace roce::test {

// A real 12-port H100 node (rails_scenarios.hpp): 8 ConnectX-7 rails at 400G, 4 ConnectX-6 Dx at 100G.
TEST_CASE("LINK-SPEED: one ConnectX-7 rail at 100G among its seven 400G siblings, with no expected speed") {
  Rails rails = multi_rail_host(1000000000);
  const std::string slow = rails.cx7[3];
  set_speed(rails.host, slow, 100000);  // the RDMA rate follows: no rate mismatch to find it by
  const auto r = HostRun(rails.host, nullptr, 0).result("LINK-SPEED");
  const auto f = only_finding(r);
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.netdev == slow);
  CHECK(f.title == "link runs at 100 Gb/s, its 7 sibling rails (MT4129, same part) at 400 Gb/s");
  CHECK(evidence(f, "speed").value == "100000 Mb/s, 4 lanes");
  CHECK(evidence(f, "hca_type").value == "MT4129");
  CHECK(evidence(f, "speed of " + rails.cx7[0]).value == "400000 Mb/s, 4 lanes");
  CHECK(f.evidence.size() == 4 + 7);
  CHECK(evidence(f, "link partner advertised modes").value == "not reported");
  CHECK_THAT(f.explanation, Contains("The modes the two ends advertise are not both reported"));
  CHECK(f.remediation.back() == "ethtool -s " + slow + " speed 400000 autoneg on");
  // The ConnectX-6 Dx ports at 100G are another part: not the 400G rails' siblings, and not flagged.
  CHECK(r.notes.empty());
}

TEST_CASE("LINK-SPEED: siblings are the same part, up; the profile's expected speed replaces them") {
  Rails rails = multi_rail_host(1000000000);
  // Half the rails at 200G: each slow one is judged against the four at 400G.
  for (int i = 0; i < 4; ++i) set_speed(rails.host, rails.cx7[static_cast<std::size_t>(i)], 200000);
  const auto r = HostRun(rails.host, nullptr, 0).result("LINK-SPEED");
  REQUIRE(r.findings.size() == 4);
  CHECK(r.findings[0].title == "link runs at 200 Gb/s, 4 of its 7 sibling rails (MT4129, same part) at 400 Gb/s");

  // Every rail at 100G: nothing faster to compare with.
  Rails same = multi_rail_host(1000000000);
  for (const auto& n : same.cx7) set_speed(same.host, n, 100000);
  CHECK(HostRun(same.host, nullptr, 0).result("LINK-SPEED").status == Status::ok);

  // A sibling whose link is down is none: LINK-STATE reports it.
  Rails down = multi_rail_host(1000000000);
  set_speed(down.host, down.cx7[0], 100000);
  for (std::size_t i = 1; i < down.cx7.size(); ++i) netdev(down.host, down.cx7[i]).operstate->assign("down");
  CHECK(HostRun(down.host, nullptr, 0).result("LINK-SPEED").status == Status::ok);

  // With link.expected_speed_gbps the profile is the reference (the 100G ConnectX-6 Dx ports included).
  Rails one = multi_rail_host(1000000000);
  set_speed(one.host, one.cx7[3], 100000);
  profile::Profile p = profile::default_profile();
  p.expected_speed_mbps = 400000;
  const auto r2 = HostRun(one.host, nullptr, 0, p).result("LINK-SPEED");
  REQUIRE(r2.findings.size() == 5);
  for (const auto& f : r2.findings) CHECK_THAT(f.title, Contains("profile expects 400 Gb/s"));
}

}  // namespace roce::test
