// RETRANS: RoCE transport retransmissions and sequence errors. On a lossless fabric go-back-N
// retransmission should be rare; when these counters move, packets are being lost (drops on a
// lossless priority, a bad link, a flap, a host that overflows) or reordered (multipath).
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "RETRANS";
constexpr double kMaxPerSecond = 0;

// Responder side first (it sees the gap), then the requester's reactions (formats.md §7 f).
constexpr const char* kCounters[] = {
    "roce.out_of_sequence",       "roce.duplicate_request", "roce.packet_seq_err",      "roce.implied_nak_seq_err",
    "roce.local_ack_timeout_err", "roce.retransmits",       "roce.retransmit_timeouts",
};

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max = ctx.profile.threshold(kId, "max_per_s", kMaxPerSecond);
  for (const auto& p : ctx.ports()) {
    std::vector<engine::Rate> moved;
    bool judged = false;
    for (const char* name : kCounters) {
      auto rate = ctx.rate(p, name);
      if (!rate) continue;
      judged = true;
      if (rate->delta > 0 && rate->per_second > max) moved.push_back(*rate);
    }
    if (!judged) {
      r.skip(p.name(), "no RoCE transport counters (out_of_sequence, packet_seq_err, ...) in both samples");
      continue;
    }
    r.evaluated();
    if (moved.empty()) continue;
    std::string title = "RoCE retransmissions and sequence errors:";
    std::vector<engine::Evidence> evidence;
    bool timeouts = false, only_reordering = true;
    for (const auto& m : moved) {
      char rate[48];
      std::snprintf(rate, sizeof rate, " %llu (%.1f/s)", static_cast<unsigned long long>(m.delta), m.per_second);
      title += (&m == &moved.front() ? " " : ", ") + m.raw_name + rate;
      evidence.push_back(m.evidence());
      timeouts |= m.canonical == "roce.local_ack_timeout_err" || m.canonical == "roce.retransmit_timeouts";
      only_reordering &= m.canonical == "roce.out_of_sequence";
    }
    std::string explanation =
        "RoCE recovers a lost packet by go-back-N: the responder sees a sequence gap (out_of_sequence) and "
        "NAKs, the requester resends everything from the gap (packet_seq_err, implied_nak_seq_err, "
        "adaptive retransmissions). Each event costs a burst of resent data and a latency spike, and on a "
        "lossless fabric it means the losslessness is broken somewhere: drops on the lossless priority "
        "(headroom, mapping), a link with uncorrected errors or a flap, or a host that overflows.";
    if (timeouts)
      explanation +=
          " ACK timeouts mean whole messages or their ACKs vanished: the requester waited for the "
          "timer (each costing about the QP timeout) before retransmitting.";
    if (only_reordering)
      explanation +=
          " Sequence gaps with no retransmission on this side can also be reordering (multipath/ECMP) "
          "or losses on the way to this host: look at the senders too.";
    std::vector<std::string> remediation = {
        "roce-doctor check --only DROP-LOSSLESS,DROP-HOST,LINK-SIGNAL,LINK-FLAP,BUF-HEADROOM"};
    if (p.device && p.port)
      remediation.push_back("rdma statistic show link " + p.device->name + "/" + std::to_string(p.port->number));
    remediation.push_back("ethtool -S " + p.name() + " | grep -E 'discard|crc|symbol|link_down|out_of_buffer'");
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = std::move(title),
        .evidence = std::move(evidence),
        .explanation = std::move(explanation),
        .remediation = std::move(remediation),
    });
  }
}

}  // namespace

engine::CheckInfo info_retrans() {
  return {
      .id = kId,
      .title = "No RoCE retransmissions or sequence errors",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::rates, engine::Need::rdma_counters},
      .profile_keys = {},
      .thresholds = {{"max_per_s", kMaxPerSecond, "events per second each transport counter may show"}},
      .explained_by = {"QOS-TRUST", "QOS-DSCP-MAP", "PFC-LOSSLESS", "BUF-MAP", "BUF-HEADROOM", "BUF-CABLE",
                       "DROP-LOSSLESS", "DROP-HOST", "LINK-FLAP", "LINK-SIGNAL"},
      .doc =
          "Over two samples, the RDMA transport counters that move when packets are lost or reordered: "
          "out_of_sequence and duplicate_request (responder), packet_seq_err, implied_nak_seq_err, "
          "local_ack_timeout_err, roce_adp_retrans and roce_adp_retrans_to (requester), or the driver's "
          "equivalents, with their rates. Drops, link and configuration findings on the same port are "
          "linked as causes.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
