// Scenario tests of DROP-HOST (checks/drop_host.cpp).
#include "observed_scenarios.hpp"

namespace roce::test {

TEST_CASE("DROP-HOST: receive queues starve (rx_out_of_buffer)") {
  Scenario s = healthy_scenario();
  s.now.rx_out_of_buffer = s.before.rx_out_of_buffer + 52000;
  Run run(s);
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.severity == Severity::warning);
  CHECK(f.subject.to_string() == "ens1f0np0 (mlx5_0/1)");
  CHECK_FALSE(f.subject.priority.has_value());
  CHECK(f.title == "host cannot keep up: 52000 receive-queue drops (866.7/s)");
  REQUIRE(f.evidence.size() == 1);
  CHECK(f.evidence[0].name == "rx_out_of_buffer");
  CHECK(f.evidence[0].value == "53841");
  CHECK(f.evidence[0].delta == 52000u);
  CHECK(f.evidence[0].from.source == "ethtool");
  CHECK(f.remediation == std::vector<std::string>{"ethtool -g ens1f0np0", "ethtool -G ens1f0np0 rx 8192",
                                                  "grep ens1f0np0 /proc/interrupts"});
  CHECK(f.explanation.find("not a fabric problem") != std::string::npos);
  // The old burst in the baseline (1841 before either sample) is not counted.
  CHECK(Run(healthy_scenario()).result("DROP-HOST").status == Status::ok);
}

TEST_CASE("DROP-HOST: RDMA receive queues without WQEs (hw_counters out_of_buffer)") {
  Scenario s = healthy_scenario();
  s.now.out_of_buffer = s.before.out_of_buffer + 3000;
  Run run(s);
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 3000 RDMA receive-WQE shortages (50.0/s)");
  CHECK(f.evidence[0].name == "out_of_buffer");
  CHECK(f.evidence[0].from.source == "hw_counters");
  CHECK(f.remediation == std::vector<std::string>{"rdma statistic show link mlx5_0/1"});
}

TEST_CASE("DROP-HOST: PCIe back-pressure; the stall values are gauges read as they are now") {
  Scenario s = healthy_scenario();
  EditedRun run(s, {}, [](model::Host& h) {
    set_counter(ethtool(h), "outbound_pci_stalled_wr", 64);  // % of the last second
    set_counter(ethtool(h), "outbound_pci_stalled_wr_events", 41);
    set_counter(ethtool(h), "outbound_pci_buffer_overflow", 1200);
  });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 1200 PCIe buffer-overflow drops, PCIe writes stalled 64% of the last second");
  CHECK(evidence_names(f) == std::vector<std::string>{"outbound_pci_buffer_overflow", "outbound_pci_stalled_wr",
                                                      "outbound_pci_stalled_wr_events"});
  CHECK(f.evidence[1].value == "64% (of the last second)");
  CHECK_FALSE(f.evidence[1].delta.has_value());  // a gauge has no delta
  CHECK(f.evidence[2].delta == 41u);
  CHECK(f.remediation == std::vector<std::string>{"lspci -vvv -s 0000:b1:00.0 | grep -E 'LnkSta|MaxPayload|MaxReadReq'",
                                                  "roce-doctor check --only PCIE-LINK"});
}

TEST_CASE("DROP-HOST: a stall gauge the same in both samples is still judged by its current value") {
  Scenario s = healthy_scenario();
  // Were it read as a counter, an unchanged 70 would be a zero delta and pass.
  EditedRun run(s, [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_rd", 70); });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: PCIe reads stalled 70% of the last second");
}

TEST_CASE("DROP-HOST: stall gauge below the threshold is ok; the threshold comes from the profile") {
  Scenario s = healthy_scenario();
  auto edit = [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_wr", 12); };
  CHECK(EditedRun(s, {}, edit).result("DROP-HOST").status == Status::ok);
  profile::Profile p;
  p.thresholds["DROP-HOST"]["max_pci_stalled_percent"] = 10;
  CHECK(EditedRun(s, {}, edit, p).result("DROP-HOST").status == Status::finding);
}

TEST_CASE("DROP-HOST: seconds of stalls in the window count even when the last second was calm") {
  Scenario s = healthy_scenario();
  EditedRun run(s, {}, [](model::Host& h) { set_counter(ethtool(h), "outbound_pci_stalled_wr_events", 5); });
  const auto& f = only_finding(run.result("DROP-HOST"));
  CHECK(f.title == "host cannot keep up: 5 seconds of stalled PCIe writes");
  CHECK(evidence_names(f) == std::vector<std::string>{"outbound_pci_stalled_wr", "outbound_pci_stalled_wr_events"});
  CHECK(f.evidence[0].value == "0% (of the last second)");
}

TEST_CASE("DROP-HOST: skipped when the NIC shows no host-side counter") {
  Scenario s = healthy_scenario();
  EditedRun run(s, [](model::Host& h) {
    for (const char* n :
         {"rx_out_of_buffer", "outbound_pci_buffer_overflow", "outbound_pci_stalled_rd", "outbound_pci_stalled_wr",
          "outbound_pci_stalled_rd_events", "outbound_pci_stalled_wr_events"})
      remove_counter(ethtool(h), n);
    remove_counter(hw(h), "out_of_buffer");
  });
  const auto& r = run.result("DROP-HOST");
  CHECK(r.status == Status::skipped);
  CHECK(r.skipped_reason ==
        "ens1f0np0: no host-side counters (rx_out_of_buffer, out_of_buffer, outbound_pci_*) in both samples");
}

TEST_CASE("DROP-HOST: a counter missing in the earlier sample is not a delta from zero") {
  Scenario s = healthy_scenario();
  // Only the later sample has rx_out_of_buffer (e.g. a driver upgrade in between): no rate, no finding.
  model::Host before = s.build_before(), now = s.build_now();
  remove_counter(ethtool(before), "rx_out_of_buffer");
  set_counter(ethtool(now), "rx_out_of_buffer", 900000);
  profile::Profile p;
  engine::Context ctx(now, &before, 60, p);
  auto results = checks::run_checks(ctx, {{"DROP-HOST"}, {}});
  REQUIRE(results.size() == 1);
  CHECK(results[0].status == Status::ok);  // judged on out_of_buffer and the PCIe counters, all flat
}

}  // namespace roce::test
