// Scenario tests of BW-PERFTEST (checks/bw_perftest.cpp).
#include "bw_scenarios.hpp"

namespace roce::test {

TEST_CASE("BW-PERFTEST: 95 Gb/s on the healthy 100G port is ok and the host stays clean") {
  BwRun run(healthy_scenario(), {perftest(95)});
  CHECK(run.result("BW-PERFTEST").status == CheckResult::Status::ok);
  CHECK(run.warnings_or_worse() == 0);
}

TEST_CASE("BW-PERFTEST: 80 Gb/s warns on the port it ran over, with the row and the line rate") {
  BwRun run(healthy_scenario(), {perftest(80)});
  const auto& r = run.result("BW-PERFTEST");
  REQUIRE(r.status == CheckResult::Status::finding);
  const auto& f = r.findings.at(0);
  CHECK(f.severity == engine::Severity::warning);
  CHECK(f.subject.netdev == "ens1f0np0");
  CHECK(f.title == "RDMA_Write BW Test (write_bw.txt:2): 80 Gb/s at 64 KiB, 80% of the expected 100 Gb/s");
  CHECK(f.evidence.at(0).value == "80 Gb/sec average at 64 KiB");
  CHECK(f.evidence.at(0).from.locator == "write_bw.txt:21");
  CHECK(f.evidence.at(1).value == "line rate of ens1f0np0 (mlx5_0/1): 100 Gb/s");
  CHECK(f.caused_by.empty());
}

TEST_CASE("BW-PERFTEST: ECN off and 55 Gb/s is critical and names the ECN checks as likely causes") {
  BwRun run(ecn_off(), {perftest(55)});
  const auto& f = run.result("BW-PERFTEST").findings.at(0);
  CHECK(f.severity == engine::Severity::critical);
  CHECK(std::find(f.caused_by.begin(), f.caused_by.end(), "ECN-NIC@ens1f0np0") != f.caused_by.end());
}

TEST_CASE("BW-PERFTEST: -b doubles the expectation; the profile moves the pass mark") {
  BwRun bidir(healthy_scenario(), {perftest(185, "mlx5_0", true)});
  CHECK(bidir.result("BW-PERFTEST").status == CheckResult::Status::ok);
  BwRun strict(healthy_scenario(), {perftest(92)}, with_threshold("BW-PERFTEST", "pass_ratio", 0.95));
  CHECK(strict.result("BW-PERFTEST").status == CheckResult::Status::finding);
  BwRun floor(healthy_scenario(), {perftest(92)}, with_threshold("BW-PERFTEST", "min_message_bytes", 1 << 20));
  CHECK(floor.result("BW-PERFTEST").status == CheckResult::Status::skipped);
  CHECK(floor.result("BW-PERFTEST").skipped_reason.find("no row at or above the large-message floor of 1048576") !=
        std::string::npos);
  BwRun inverted(healthy_scenario(), {perftest(50)}, with_threshold("BW-PERFTEST", "critical_ratio", 0.95));
  CHECK(inverted.result("BW-PERFTEST").skipped_reason.find("critical_ratio 0.95 is above pass_ratio 0.9") !=
        std::string::npos);
}

TEST_CASE("BW-PERFTEST: a device not on the host, or none named on a two-port host, is not judged") {
  BwRun other(healthy_scenario(), {perftest(50, "mlx5_7")});
  CHECK(other.result("BW-PERFTEST").status == CheckResult::Status::skipped);
  CHECK(other.result("BW-PERFTEST").skipped_reason.find("device mlx5_7 of the result is not a RoCE port") !=
        std::string::npos);
  Scenario two = healthy_scenario();
  two.config = [](model::Host& h) { add_second_port(h); };
  BwRun unnamed(two, {perftest(50, "")});
  CHECK(unnamed.result("BW-PERFTEST").skipped_reason.find("has 2 RoCE ports: give --dev") != std::string::npos);
  BwRun named(two, {perftest(50, "mlx5_1")});
  CHECK(named.result("BW-PERFTEST").findings.at(0).subject.netdev == "ens1f1np1");
}

}  // namespace roce::test
