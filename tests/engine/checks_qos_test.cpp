// The whole catalog on the healthy baseline (the built profile and the shipped profile file), and the ranking of a
// trust misconfiguration with its symptoms.
#include "qos_scenarios.hpp"

namespace roce::test {

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
