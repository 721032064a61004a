// BW-PERFTEST: a perftest result (ib_write_bw, ib_read_bw, ib_send_bw) reaches the line rate of the
// port it ran over; a shortfall is explained by the host's own findings on that port.
#include "checks/bw_findings.hpp"

namespace roce::checks {
namespace {

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  bool any = false;
  for (const auto& res : ctx.observations().bandwidth) any = any || res.tool == model::BandwidthTool::perftest;
  if (!any) {
    r.skip("perftest", "no perftest result given (roce-doctor bw FILE, or a capture holding one)");
    return;
  }
  report_bandwidth(ctx, r, model::BandwidthTool::perftest);
}

}  // namespace

engine::CheckInfo info_bw_perftest() {
  return {
      .id = kBwPerftestId,
      .title = "perftest bandwidth reaches the port's line rate",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::bandwidth},
      .profile_keys = {},
      .thresholds = bandwidth_thresholds(kPerftestMinMessageBytes),
      .explained_by = bandwidth_causes(),
      .doc =
          "Judges each perftest result given with the host (`roce-doctor bw FILE`, or perftest output found in a "
          "capture): the best BW average among rows at or above min_message_bytes against the line rate of the "
          "port it ran over (the header's device, port 1; the host's only RoCE port when no device is printed; "
          "twice the rate for -b). Below pass_ratio (0.90) it warns, below critical_ratio (0.70) it is critical; "
          "the host's ECN, PFC, buffer, drop, link, PCIe, MTU, traffic-class and retransmission findings on that "
          "port are listed as its likely causes.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
