// BW-PERFTEST and BW-NCCL: bandwidth results judged against the healthy ConnectX-6 Dx host and its
// broken variants, with the host's findings as likely causes.
#include <catch2/catch.hpp>

#include "checks/bw_judge.hpp"
#include "host_builder.hpp"

namespace roce::test {
namespace {

using engine::CheckResult;
using namespace roce::testing;

model::BandwidthResult perftest(double gbps, std::string device = "mlx5_0", bool bidirectional = false) {
  model::BandwidthResult r;
  r.tool = model::BandwidthTool::perftest;
  r.test = "RDMA_Write BW Test";
  r.unit = "Gb/sec";
  r.device = std::move(device);
  r.bidirectional = bidirectional;
  r.rows.push_back({.bytes = 2, .average = 0.05, .gbps = 0.05, .line = 20});  // below the floor: not judged
  r.rows.push_back({.bytes = 65536, .average = gbps, .gbps = gbps, .line = 21});
  r.from = {"perftest", "write_bw.txt:2"};
  return r;
}

// busbw in GB/s over `hosts` nodes with `gpus` ranks each.
model::BandwidthResult nccl(double busbw, int hosts = 2, int gpus = 1) {
  model::BandwidthResult r;
  r.tool = model::BandwidthTool::nccl_tests;
  r.test = "all_reduce_perf";
  r.unit = "GB/s";
  for (int h = 0; h < hosts; ++h)
    for (int g = 0; g < gpus; ++g) r.ranks.push_back({h * gpus + g, "node" + std::to_string(h), g, "", "H100"});
  model::BandwidthRow row;
  row.bytes = 1ull << 30;
  row.out_of_place = model::NcclSide{1000, busbw, busbw, "0"};
  row.in_place = row.out_of_place;
  row.gbps = busbw * 8;
  row.line = 14;
  r.rows.push_back(row);
  r.from = {"nccl-tests", "all_reduce.txt:2"};
  return r;
}

struct BwRun {
  model::Host before, now;
  profile::Profile profile;
  model::Observations observations;
  std::vector<CheckResult> results;

  BwRun(const Scenario& s, std::vector<model::BandwidthResult> bw, profile::Profile p = profile::default_profile())
      : before(s.build_before()), now(s.build_now()), profile(std::move(p)) {
    observations.bandwidth = std::move(bw);
    const engine::Context ctx(now, &before, s.dt_seconds, profile, &observations);
    results = checks::run_checks(ctx);
  }
  const CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    throw std::logic_error("no result for " + std::string(id));
  }
  int warnings_or_worse() const {
    int n = 0;
    for (const auto& r : results)
      for (const auto& f : r.findings) n += f.severity >= engine::Severity::warning;
    return n;
  }
};

Scenario ecn_off() {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& ecn = *netdev(h).ecn;
    *ecn.np[3] = false, *ecn.rp[3] = false;
  };
  return s;
}

profile::Profile with_threshold(const std::string& id, const std::string& key, double v) {
  profile::Profile p = profile::default_profile();
  p.thresholds[id][key] = v;
  return p;
}

}  // namespace

TEST_CASE("BW: without results both checks are skipped with the reason, never ok") {
  BwRun run(healthy_scenario(), {});
  CHECK(run.result("BW-PERFTEST").status == CheckResult::Status::skipped);
  CHECK(run.result("BW-PERFTEST").skipped_reason.find("no bandwidth result given") != std::string::npos);
  CHECK(run.result("BW-NCCL").status == CheckResult::Status::skipped);
}

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

TEST_CASE("BW-NCCL: 2 nodes x 1 GPU on one 100G NIC: 11.8 GB/s ok, 6 GB/s critical with ECN off as cause") {
  BwRun good(healthy_scenario(), {nccl(11.8)});
  CHECK(good.result("BW-NCCL").status == CheckResult::Status::ok);
  BwRun bad(ecn_off(), {nccl(6)});
  const auto& f = bad.result("BW-NCCL").findings.at(0);
  CHECK(f.severity == engine::Severity::critical);
  CHECK(f.subject.netdev.empty());
  CHECK(f.title == "all_reduce_perf (all_reduce.txt:2): 6 GB/s busbw at 1 GiB, 48% of the expected 12.5 GB/s");
  CHECK(f.evidence.at(1).value == "1 NIC x 100 Gb/s for 1 GPU per node: 12.5 GB/s busbw");
  CHECK(std::find(f.caused_by.begin(), f.caused_by.end(), "ECN-NIC@ens1f0np0") != f.caused_by.end());
}

TEST_CASE("BW-NCCL: the per-node aggregate counts min(NICs, GPUs per node)") {
  Scenario two = healthy_scenario();
  two.config = [](model::Host& h) { add_second_port(h); };
  BwRun one_gpu(two, {nccl(11.8, 2, 1)});  // one GPU drives one NIC: 12.5 GB/s
  CHECK(one_gpu.result("BW-NCCL").status == CheckResult::Status::ok);
  BwRun two_gpus(two, {nccl(11.8, 2, 2)});  // two GPUs, two NICs: 25 GB/s
  REQUIRE(two_gpus.result("BW-NCCL").status == CheckResult::Status::finding);
  CHECK(two_gpus.result("BW-NCCL").findings[0].evidence.at(1).value ==
        "2 NICs x 100 Gb/s for 2 GPUs per node: 25 GB/s busbw");
}

TEST_CASE("BW-NCCL: the published figures land where the maintainers put them") {
  // A host with N RoCE ports of `rate` Gb/s, judged with the formula.
  auto judged = [](int nics, double rate, int gpus, double busbw) {
    model::Host h = cx6dx_host(baseline_counters(), 0);
    rdma_port(h).rate_gbps = model::Field<double>::of(rate);
    for (int i = 1; i < nics; ++i) {
      model::NetDev nd = h.netdevs.at(0);
      nd.name = "eth" + std::to_string(i);
      h.netdevs.push_back(nd);
      model::RdmaDevice dev = h.rdma_devices.at(0);
      dev.name = "mlx5_" + std::to_string(i);
      dev.ports.at(0).netdev = model::Field<std::string>::of(nd.name);
      dev.netdevs = model::Field<std::vector<std::string>>::of({nd.name});
      h.rdma_devices.push_back(dev);
    }
    const auto p = profile::default_profile();
    const engine::Context ctx(h, nullptr, 0, p);
    const auto r = nccl(busbw, 2, gpus);
    return checks::judge_bandwidth(ctx, r);
  };
  // nccl-tests#252: 4 x 200G with NCCL_ALGO=Ring -> 95.3 GB/s, "~24GB/s per NIC".
  const auto ring = judged(4, 200, 4, 95.3);
  CHECK(ring.expected_gbps == 800);
  CHECK(ring.ratio == Approx(0.953));
  CHECK(ring.verdict == checks::BwVerdict::ok);
  // nccl#2409: 2 x 8 H100 on 8 x 400G RoCE, faulty: 216-231 GB/s of ~400.
  const auto faulty = judged(8, 400, 8, 216);
  CHECK(faulty.expected_gbps == 3200);
  CHECK(faulty.ratio == Approx(0.54));
  CHECK(faulty.verdict == checks::BwVerdict::critical);
  // nccl#495: 2 x 8 A100 on 8 x 100G RoCE, ~600 Gb/s = 75 GB/s, "a bit low".
  CHECK(judged(8, 100, 8, 75).verdict == checks::BwVerdict::warning);
}

TEST_CASE("BW-NCCL: one node, no rank lines, busbw 0 everywhere are not judged, with the reason") {
  auto reason = [](model::BandwidthResult r) {
    BwRun run(healthy_scenario(), {std::move(r)});
    REQUIRE(run.result("BW-NCCL").status == CheckResult::Status::skipped);
    return run.result("BW-NCCL").skipped_reason;
  };
  CHECK(reason(nccl(200, 1, 8)).find("the run stayed on one node (node0)") != std::string::npos);
  auto no_ranks = nccl(5);
  no_ranks.ranks.clear();
  CHECK(reason(no_ranks).find("no rank lines") != std::string::npos);
  CHECK(reason(nccl(0)).find("busbw 0 on every row: a broken run") != std::string::npos);
}

}  // namespace roce::test
