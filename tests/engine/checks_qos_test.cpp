// Scenario tests: the healthy baseline, QOS-TRUST, QOS-DSCP-MAP, PFC-LOSSLESS, and the ranking of a
// trust misconfiguration with its symptoms.
#include <catch2/catch.hpp>

#include "host_builder.hpp"
#include "profile/load.hpp"
#include "support/paths.hpp"

namespace roce::test {

using namespace roce;
using namespace roce::testing;
using engine::Severity;
using Status = engine::CheckResult::Status;

namespace {

// PCP trust on mlx5: no DSCP entries in the APP table, sysfs qos/trust says pcp.
void trust_pcp(model::Host& h) {
  auto& nd = netdev(h);
  nd.trust->assign("pcp");
  nd.dcb.app->clear();
}

// What the counters do when RoCE is classified onto priority 0 (no PFC there): the RoCE bytes
// land on prio 0, nothing on prio 3, no pauses, and the port drops under congestion.
Scenario misclassified() {
  Scenario s = healthy_scenario();
  s.config = trust_pcp;
  const auto before3 = s.before.prio[3];
  const auto d_rx = s.now.prio[3].rx_bytes - before3.rx_bytes, d_rxp = s.now.prio[3].rx_packets - before3.rx_packets;
  const auto d_tx = s.now.prio[3].tx_bytes - before3.tx_bytes, d_txp = s.now.prio[3].tx_packets - before3.tx_packets;
  s.now.prio[3] = before3;
  s.now.prio[0].rx_bytes += d_rx, s.now.prio[0].rx_packets += d_rxp;
  s.now.prio[0].tx_bytes += d_tx, s.now.prio[0].tx_packets += d_txp;
  s.now.prio[0].rx_discards = s.before.prio[0].rx_discards + 2311;
  s.now.rx_discards_phy = s.before.rx_discards_phy + 2311;
  s.now.out_of_sequence += 2290, s.now.packet_seq_err += 2104;
  return s;
}

const engine::Finding& only_finding(const Run& run, std::string_view id) {
  const auto& r = run.result(id);
  INFO(run.describe());
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

}  // namespace

TEST_CASE("the healthy ConnectX-6 Dx baseline yields no warning and every check judges it") {
  Run run(healthy_scenario());
  INFO(run.describe());
  CHECK(run.warnings_or_worse() == 0);
  for (const auto& r : run.results) {
    INFO(r.id << ": " << r.skipped_reason);
    // Switch-side RED and shared buffers do not apply to a host NIC: skipped with that reason
    // (test_checks_qos_config). The cross checks need a switch export: judged in test_checks_switch.
    if (r.id == "ECN-RED" || r.id == "SB-LOSSLESS" || r.id.rfind("XSW-", 0) == 0) {
      CHECK(r.status == Status::skipped);
      continue;
    }
    // The GPU-NIC topology is observed beside a host, not part of it: checks_topology_test judges it.
    if (r.id.rfind("TOPO-", 0) == 0) {
      CHECK(r.skipped_reason == "no GPU-NIC topology given");
      continue;
    }
    // So are bandwidth results and the job's NCCL log (checks_bw_test, checks_nccl_test).
    if (r.id.rfind("BW-", 0) == 0 || r.id.rfind("NCCL-", 0) == 0) {
      CHECK(r.status == Status::skipped);
      continue;
    }
    CHECK(r.status == Status::ok);
    CHECK(r.notes.empty());
  }
}

TEST_CASE("the healthy baseline is also clean under the shipped roce-lossless profile file") {
  auto p = profile::load_profile(std::string(ROCE_PROFILES_DIR) + "/roce-lossless.toml", checks::threshold_catalog());
  REQUIRE(p.ok());
  Run run(healthy_scenario(), *p);
  INFO(run.describe());
  CHECK(run.warnings_or_worse() == 0);
}

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

TEST_CASE("QOS-DSCP-MAP: RoCE DSCP on the wrong priority, CNP DSCP unmapped") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& app = *netdev(h).dcb.app;
    for (auto& e : app)
      if (e.protocol == 26) e.priority = 0;
    std::erase_if(app, [](const model::AppEntry& e) { return e.protocol == 48; });
  };
  Run run(s);
  const auto& r = run.result("QOS-DSCP-MAP");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].title == "RoCE DSCP 26 maps to priority 0, not priority 3");
  CHECK(r.findings[0].subject.priority == 3);
  CHECK(r.findings[0].remediation.front() == "dcb app replace dev ens1f0np0 dscp-prio 26:3");
  CHECK(r.findings[1].title == "CNP DSCP 48 maps to no APP entry (default priority 0), not priority 6");
  CHECK(r.findings[1].subject.priority == 6);
  CHECK(r.findings[1].evidence[0].value.find("26:0") != std::string::npos);
  CHECK(run.result("QOS-TRUST").status == Status::ok);
}

TEST_CASE("QOS-DSCP-MAP: the two-class profile needs DSCP 3 and 4 mapped") {
  auto two = profile::load_profile(std::string(ROCE_PROFILES_DIR) + "/roce-lossless-two-class.toml",
                                   checks::threshold_catalog());
  REQUIRE(two.ok());
  Run run(healthy_scenario(), *two);  // default mlx5 map: DSCP 3 and 4 -> priority 0
  const auto& r = run.result("QOS-DSCP-MAP");
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 2);
  CHECK(r.findings[0].subject.priority == 3);
  CHECK(r.findings[1].subject.priority == 4);
  // ... and PFC on 4 as well.
  const auto& pfc = only_finding(run, "PFC-LOSSLESS");
  CHECK(pfc.subject.priority == 4);
}

TEST_CASE("PFC-LOSSLESS: PFC off on priority 3") {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) { netdev(h).dcb.pfc->pfc_en = 0; };
  Run run(s);
  const auto& f = only_finding(run, "PFC-LOSSLESS");
  CHECK(f.severity == Severity::critical);
  CHECK(f.subject.priority == 3);
  CHECK(f.title == "PFC is off on lossless priority 3");
  CHECK(f.evidence[0].value == "0:off 1:off 2:off 3:off 4:off 5:off 6:off 7:off");
  CHECK(f.evidence[0].from.locator == "ens1f0np0 DCB_ATTR_IEEE_PFC");
  CHECK(f.remediation.front().rfind("dcb pfc set dev ens1f0np0 prio-pfc 3:on", 0) == 0);
  // The driver then prints no PFC counters at all: PAUSE-STORM cannot judge, and says why.
  CHECK(run.result("PAUSE-STORM").status == Status::skipped);
  CHECK(run.result("PAUSE-STORM").skipped_reason.find("no pause-duration counters") != std::string::npos);
}

TEST_CASE("ranking: QOS-TRUST outranks TRAFFIC-CLASS and DROP-LOSSLESS, which it causes") {
  Run run(misclassified());
  INFO(run.describe());
  const auto& trust = only_finding(run, "QOS-TRUST");
  const auto& traffic = only_finding(run, "TRAFFIC-CLASS");
  const auto& drop = only_finding(run, "DROP-LOSSLESS");
  CHECK(traffic.subject.priority == 0);
  CHECK(drop.subject.priority == 0);
  CHECK(drop.title == "2311 packets dropped on RDMA-carrying lossy priority 0 (38.5/s)");
  CHECK(traffic.caused_by == std::vector<std::string>{trust.ref()});
  CHECK(drop.caused_by == std::vector<std::string>{trust.ref()});
  CHECK(trust.caused_by.empty());

  auto ranked = run.ranked();
  REQUIRE(ranked.size() == 4);
  CHECK(ranked[0].id == "QOS-TRUST");
  CHECK(ranked[1].id == "DROP-LOSSLESS");
  CHECK(ranked[2].id == "TRAFFIC-CLASS");
  CHECK(ranked[3].id == "RETRANS");  // the out_of_sequence in this scenario: a warning, caused by the trust mode
  CHECK_FALSE(ranked[3].caused_by.empty());
}

}  // namespace roce::test
