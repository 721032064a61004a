// Scenario tests of BW-NCCL (checks/bw_nccl.cpp).
#include "bw_scenarios.hpp"

namespace roce::test {

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
