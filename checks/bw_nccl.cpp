// BW-NCCL: an nccl-tests result across nodes reaches the bus bandwidth the node's NICs carry
// together; a shortfall is explained by the host's findings on any port.
#include "checks/bw_findings.hpp"

namespace roce::checks {
namespace {

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  bool any = false;
  for (const auto& res : ctx.observations().bandwidth) any = any || res.tool == model::BandwidthTool::nccl_tests;
  if (!any) {
    r.skip("nccl-tests", "no nccl-tests result given (roce-doctor bw FILE, or a capture holding one)");
    return;
  }
  report_bandwidth(ctx, r, model::BandwidthTool::nccl_tests);
}

}  // namespace

engine::CheckInfo info_bw_nccl() {
  return {
      .id = kBwNcclId,
      .title = "nccl-tests bus bandwidth reaches the node's NIC aggregate",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::bandwidth},
      .profile_keys = {},
      .thresholds = bandwidth_thresholds(kNcclMinMessageBytes),
      .explained_by = bandwidth_causes(),
      .doc =
          "Judges each nccl-tests result (any collective, text or -J JSON) that spans two or more nodes: the best "
          "busbw among rows at or above min_message_bytes (256 MiB) against the per-node NIC aggregate per GPU, "
          "expected busbw = min(RoCE ports, GPUs per node) x line rate / 8 GB/s (GPUs per node from the rank "
          "lines). Ring all_reduce reaches 92-96% of it (4 x 200G: 95.3 of 100 GB/s). Below pass_ratio (0.90) it "
          "warns, below critical_ratio (0.70) it is critical, with the host's findings on any port as likely "
          "causes. One-node runs, runs without rank lines and runs with busbw 0 everywhere are not judged.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
