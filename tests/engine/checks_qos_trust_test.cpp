// Scenario tests of QOS-TRUST (checks/qos_trust.cpp).
#include "qos_scenarios.hpp"

namespace roce::test {

TEST_CASE("QOS-TRUST: PCP trust where the profile wants DSCP") {
  Scenario s = healthy_scenario();
  s.config = trust_pcp;
  Run run(s);
  const auto& f = only_finding(run, "QOS-TRUST");
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.subject.rdma_device == "mlx5_0");
  CHECK(f.title == "trust mode is pcp, profile expects dscp");
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].name == "qos/trust");
  CHECK(f.evidence[0].value == "pcp");
  CHECK(f.evidence[0].from.locator == "/sys/class/net/ens1f0np0/qos/trust");
  CHECK(f.remediation.front() == "dcb app add dev ens1f0np0 dscp-prio 26:3 48:6");
  // The DSCP map is moot under PCP trust: skipped with the reason, not "ok".
  CHECK(run.result("QOS-DSCP-MAP").status == Status::skipped);
  CHECK(run.result("QOS-DSCP-MAP").skipped_reason.find("see QOS-TRUST") != std::string::npos);
}

TEST_CASE("QOS-TRUST: upstream mlx5 without qos/trust sysfs reads trust from the APP table") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& nd = netdev(h);
    nd.trust = model::Field<std::string>::missing(model::Availability::absent, "no qos/ directory (upstream driver)");
    nd.dcb.app->clear();
  };
  Run run(s);
  const auto& f = only_finding(run, "QOS-TRUST");
  CHECK(f.evidence[0].name == "dcb app dscp-prio");
  CHECK(f.evidence[0].value == "(none)");
  CHECK(f.evidence[0].from.source == "dcbnl");

  Scenario healthy = healthy_scenario();
  healthy.config = [](model::Host& h) {
    netdev(h).trust = model::Field<std::string>::missing(model::Availability::absent, "no qos/ directory");
  };
  CHECK(Run(healthy).result("QOS-TRUST").status == Status::ok);
}

TEST_CASE("QOS-TRUST: the PCP profile accepts PCP trust and flags DSCP trust") {
  auto pcp =
      profile::load_profile(std::string(ROCE_PROFILES_DIR) + "/roce-lossless-pcp.toml", checks::threshold_catalog());
  REQUIRE(pcp.ok());
  Scenario s = healthy_scenario();
  s.config = trust_pcp;
  CHECK(Run(s, *pcp).result("QOS-TRUST").status == Status::ok);
  Run dscp_host(healthy_scenario(), *pcp);
  const auto& f = only_finding(dscp_host, "QOS-TRUST");
  CHECK(f.title == "trust mode is dscp, profile expects pcp");
  CHECK(f.remediation.front() == "dcb app flush dev ens1f0np0 dscp-prio");
}

}  // namespace roce::test
