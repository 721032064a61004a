#pragma once
// The job logs and the run that the scenario tests of the NCCL-* checks share, on the healthy ConnectX-6 Dx host
// (gpu-a17, mlx5_0/1 = ens1f0np0, 172.19.0.60 with its RoCE v2 GID at index 3, DSCP 26 -> priority 3).
#include <optional>

#include "nccl_log/summarizer.hpp"
#include "observed_run.hpp"
#include "scenario_prelude.hpp"

namespace roce::test {

// What a healthy job on gpu-a17 prints: the profile's DSCP 26 as TC 106, the v2 GID index 3.
inline const std::string kHealthy =
    "gpu-a17:100:100 [0] NCCL INFO NCCL version 2.21.5+cuda12.4\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_GID_INDEX set by environment to 3.\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_TC set by environment to 106.\n"
    "gpu-a17:100:100 [0] NCCL INFO NCCL_IB_HCA set to mlx5_0\n"
    "gpu-a17:100:100 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [RO]; OOB ens1f0np0:172.19.0.60<0>\n"
    "gpu-a17:100:100 [0] NCCL INFO Using network IB\n"
    "gpu-a17:100:120 [0] NCCL INFO comm 0x55e1 rank 0 nRanks 2 nNodes 2 localRanks 1 localRank 0 MNNVL 0\n"
    "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 1[0] -> 0[0] [receive] via NET/IB/0/GDRDMA\n"
    "gpu-a17:100:120 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[0] [send] via NET/IB/0/GDRDMA\n";

inline const std::string kStatus12 =
    "gpu-a17:100:130 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 172.19.0.61<40000> "
    "with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:172.19.0.60 remoteGids::ffff:172.19.0.61\n";

inline std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

struct LogRun {
  model::Host before, now;
  profile::Profile profile = profile::default_profile();
  model::Observations observations;
  std::vector<engine::CheckResult> results;

  explicit LogRun(const std::string& log, const std::function<void(model::Host&)>& edit = {},
                  Scenario s = healthy_scenario(), std::optional<model::Topology> topology = std::nullopt)
      : before(s.build_before()), now(s.build_now()) {
    if (edit) edit(before), edit(now);
    if (!log.empty()) observations.nccl_logs.push_back(nccl_log::summarize_text(log, "job.log"));
    observations.topology = std::move(topology);
    engine::Context ctx(now, &before, s.dt_seconds, profile, &observations);
    results = checks::run_checks(ctx);
  }
  const engine::CheckResult& result(std::string_view id) const {
    for (const auto& r : results)
      if (r.id == id) return r;
    FAIL("no result for " << id);
    throw std::logic_error("unreachable");
  }
  bool has_result(std::string_view id) const {
    return std::any_of(results.begin(), results.end(), [&](const auto& r) { return r.id == id; });
  }
};

inline const engine::Finding& sole_nccl_finding(const engine::CheckResult& r) {
  INFO(r.id << " " << engine::to_string(r.status) << " " << r.skipped_reason);
  REQUIRE(r.status == Status::finding);
  REQUIRE(r.findings.size() == 1);
  return r.findings[0];
}

inline const std::vector<const char*> kNcclChecks = {"NCCL-SOCKET", "NCCL-WC-ERROR", "NCCL-WC-FAILED",
                                                     "NCCL-GID",    "NCCL-TC",       "NCCL-HCA",
                                                     "NCCL-RAIL",   "NCCL-GDR",      "NCCL-JOB-FAILED"};

// gpu-a17 as `nvidia-smi topo -m` and sysfs would show it: GPU0 far from mlx5_0, GPU3 (0000:18:00.0)
// below the same PCIe switch at `gpu3_mlx5_0`.
inline model::Topology gpu_a17_topology(model::PciDistance gpu3_mlx5_0) {
  model::Topology t;
  t.gpus = {{.name = "GPU0", .pci_address = "0000:07:00.0"}, {.name = "GPU3", .pci_address = "0000:18:00.0"}};
  t.nics = {{.name = "mlx5_0", .pci_address = "0000:1a:00.0"}};
  t.pairs = {{"GPU0", "mlx5_0", model::PciDistance::sys}, {"GPU3", "mlx5_0", gpu3_mlx5_0}};
  t.from = {"sysfs", "/sys"};
  return t;
}

// The process's GPU is CUDA device 0 of its own (CUDA_VISIBLE_DEVICES) but NVML's GPU3 at 18:00.0.
inline const std::string kInitRank =
    "gpu-a17:100:100 [0] NCCL INFO ncclCommInitRank comm 0x55e1 rank 0 nranks 2 cudaDev 0 nvmlDev 3 busId 18000 "
    "commId 0x7d2a - Init COMPLETE\n";

inline std::string without_gdr(std::string log) {
  for (auto at = log.find("/GDRDMA"); at != std::string::npos; at = log.find("/GDRDMA")) log.erase(at, 7);
  return log;
}

// The WARN line of a real NCCL 2.27.5 job that hung (tests/fixtures/nccl/nccl227_warn_status4.log), moved to gpu-a17.
inline const std::string kStatus4 =
    "[2026-03-03 12:11:38] gpu-a17:100:130 [0] transport/net_ib.cc:2453 NCCL WARN NET/IB: Got completion from peer "
    "10.99.91.63<51161> with status=4 opcode=32614 len=32614 vendor err 81 (Send) localGid ::ffff:10.99.92.59 "
    "remoteGids::ffff:10.99.91.63 hca mlx5_0\n";

}  // namespace roce::test
