#pragma once
// The bandwidth results, and the run that judges them on the healthy ConnectX-6 Dx host and its broken variants, that
// the BW-PERFTEST and BW-NCCL scenario tests share.
#include "checks/bw_judge.hpp"
#include "scenario_prelude.hpp"

namespace roce::test {

using engine::CheckResult;

inline model::BandwidthResult perftest(double gbps, std::string device = "mlx5_0", bool bidirectional = false) {
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
inline model::BandwidthResult nccl(double busbw, int hosts = 2, int gpus = 1) {
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

inline Scenario ecn_off() {
  Scenario s = healthy_scenario();
  s.config = [](model::Host& h) {
    auto& ecn = *netdev(h).ecn;
    *ecn.np[3] = false, *ecn.rp[3] = false;
  };
  return s;
}

inline profile::Profile with_threshold(const std::string& id, const std::string& key, double v) {
  profile::Profile p = profile::default_profile();
  p.thresholds[id][key] = v;
  return p;
}

}  // namespace roce::test
