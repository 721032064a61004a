// DROP-HOST: the host, not the fabric, cannot keep up with what the NIC receives: receive queues
// without posted buffers (rx_out_of_buffer for the netdev, out_of_buffer for RDMA receive queues)
// or PCIe back-pressure (outbound_pci_stalled_*, outbound_pci_buffer_overflow). A receiver this slow
// makes its NIC pause the peer, so it explains PAUSE-STORM on the same port.
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "DROP-HOST";
constexpr double kMaxOutOfBuffer = 0;
constexpr double kMaxPcieOverflow = 0;
constexpr double kMaxPcieStalledPercent = 30;  // the driver counts a "stalled second" above 30%

std::string per_second_text(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f/s", v);
  return buf;
}

struct Symptoms {
  std::vector<engine::Evidence> evidence;
  std::vector<std::string> what;  // short phrases for the title
  bool receive_queue = false, rdma_queue = false, pcie = false;
};

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max_oob = ctx.profile.threshold(kId, "max_out_of_buffer", kMaxOutOfBuffer);
  const double max_overflow = ctx.profile.threshold(kId, "max_pci_overflow", kMaxPcieOverflow);
  const double max_stalled = ctx.profile.threshold(kId, "max_pci_stalled_percent", kMaxPcieStalledPercent);
  for (const auto& p : ctx.ports()) {
    bool judged = false;
    Symptoms s;
    if (auto rq = ctx.rate(p, "host.rx_out_of_buffer")) {
      judged = true;
      if (static_cast<double>(rq->delta) > max_oob) {
        s.receive_queue = true;
        s.what.push_back(std::to_string(rq->delta) + " receive-queue drops (" + per_second_text(rq->per_second) + ")");
        s.evidence.push_back(rq->evidence());
      }
    }
    if (auto rdma = ctx.rate(p, "roce.out_of_buffer")) {
      judged = true;
      if (static_cast<double>(rdma->delta) > max_oob) {
        s.rdma_queue = true;
        s.what.push_back(std::to_string(rdma->delta) + " RDMA receive-WQE shortages (" +
                         per_second_text(rdma->per_second) + ")");
        s.evidence.push_back(rdma->evidence());
      }
    }
    if (auto overflow = ctx.rate(p, "pcie.buffer_overflow")) {
      judged = true;
      if (static_cast<double>(overflow->delta) > max_overflow) {
        s.pcie = true;
        s.what.push_back(std::to_string(overflow->delta) + " PCIe buffer-overflow drops");
        s.evidence.push_back(overflow->evidence());
      }
    }
    for (const char* dir : {"rd", "wr"}) {
      // The stall values are gauges (% of the last second), not counters: read them as they are now.
      // Their _events companions count the seconds above 30% and cover the whole window.
      const std::string gauge_name = std::string("pcie.stalled_") + dir;
      const auto* gauge = p.metric(gauge_name);
      auto events = ctx.rate(p, gauge_name + "_events");
      judged |= gauge != nullptr || events.has_value();
      const bool gauge_high = gauge && static_cast<double>(gauge->value) >= max_stalled;
      const bool events_moved = events && events->delta > 0;
      if (!gauge_high && !events_moved) continue;
      s.pcie = true;
      const std::string kind = std::string(dir) == "rd" ? "reads" : "writes";
      if (gauge_high)
        s.what.push_back("PCIe " + kind + " stalled " + std::to_string(gauge->value) + "% of the last second");
      else
        s.what.push_back(std::to_string(events->delta) + " seconds of stalled PCIe " + kind);
      if (gauge)
        s.evidence.push_back({gauge->raw_name,
                              std::to_string(gauge->value) + "% (of the last second)",
                              std::nullopt,
                              std::nullopt,
                              false,
                              {gauge->set, gauge_name}});
      if (events) s.evidence.push_back(events->evidence());
    }
    if (!judged) {
      r.skip(p.name(), "no host-side counters (rx_out_of_buffer, out_of_buffer, outbound_pci_*) in both samples");
      continue;
    }
    r.evaluated();
    if (s.what.empty()) continue;

    std::string title = "host cannot keep up: ";
    for (std::size_t i = 0; i < s.what.size(); ++i) title += (i ? ", " : "") + s.what[i];
    const std::string dev = p.name();
    std::vector<std::string> remediation;
    if (s.receive_queue) {
      remediation.push_back("ethtool -g " + dev);
      remediation.push_back("ethtool -G " + dev + " rx 8192");
      remediation.push_back("grep " + dev + " /proc/interrupts");
    }
    if (s.rdma_queue && p.device && p.port)
      remediation.push_back("rdma statistic show link " + p.device->name + "/" + std::to_string(p.port->number));
    if (s.pcie) {
      const auto& pci = p.netdev->pci_address;
      if (pci.ok()) remediation.push_back("lspci -vvv -s " + *pci + " | grep -E 'LnkSta|MaxPayload|MaxReadReq'");
      remediation.push_back("roce-doctor check --only PCIE-LINK");
    }
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = std::move(title),
        .evidence = std::move(s.evidence),
        .explanation = "The NIC had data for the host and nowhere to put it: receive queues without posted buffers "
                       "(the CPU or the application does not replenish them fast enough) or a PCIe link that does not "
                       "take the writes as fast as the port receives. This is not a fabric problem: switch and cable "
                       "changes will not fix it. On a lossless priority the NIC answers a slow host by pausing its "
                       "peer, so sustained starvation shows up as a pause storm on this port and spreads upstream.",
        .remediation = std::move(remediation),
    });
  }
}

}  // namespace

engine::CheckInfo info_drop_host() {
  return {
      .id = kId,
      .title = "The host keeps up with what the NIC receives",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::rates, engine::Need::ethtool_stats},
      .profile_keys = {},
      .thresholds = {{"max_out_of_buffer", kMaxOutOfBuffer,
                      "receive-queue drops (rx_out_of_buffer, RDMA out_of_buffer) allowed in the window"},
                     {"max_pci_overflow", kMaxPcieOverflow, "PCIe buffer-overflow drops allowed in the window"},
                     {"max_pci_stalled_percent", kMaxPcieStalledPercent,
                      "outbound PCIe stall (% of the last second) that warns"}},
      .explained_by = {"PCIE-LINK"},
      .doc =
          "Over two samples, counts receive-queue starvation (ethtool rx_out_of_buffer; RDMA hw_counters "
          "out_of_buffer) and PCIe buffer-overflow drops (outbound_pci_buffer_overflow), and reads the "
          "outbound PCIe stall gauges as they are now (outbound_pci_stalled_rd/wr, % of the last second: "
          "warning from 30%) and their _events counters (seconds above 30%). Any of these is a host-side "
          "bottleneck, not a fabric problem; it explains a PAUSE-STORM on the same port.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
