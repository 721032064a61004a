// LINK-SIGNAL: the physical signal is clean. FEC hides a marginal link until it does not: a high
// pre-FEC bit error rate is the warning, post-FEC errors are lost packets (for RoCE: retransmission,
// go-back-N, collapsed throughput), and one lane taking most corrected errors names the bad lane.
#include <array>

#include "checks/link_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "LINK-SIGNAL";
constexpr double kMaxPreFecBer = 1e-8;
constexpr double kLaneShare = 0.8;
constexpr double kMinLaneErrors = 10000;
constexpr int kMaxLanes = 8;

// A counter as this check uses it: the delta over the window with two samples, otherwise the
// cumulative value (since the counters were last cleared).
struct Count {
  std::uint64_t value = 0;
  engine::Evidence evidence;
};

struct Reader {
  const engine::Context& ctx;
  const engine::PortView& p;
  bool windowed;  // two samples: deltas

  std::optional<Count> get(std::string_view canonical) const {
    if (windowed) {
      auto r = ctx.rate(p, canonical);
      if (!r) return std::nullopt;
      return Count{r->delta, r->evidence()};
    }
    const auto* m = p.metric(canonical);
    if (!m) return std::nullopt;
    return Count{
        m->value,
        {m->raw_name, std::to_string(m->value), std::nullopt, std::nullopt, false, {m->set, std::string(canonical)}}};
  }
  // " in 60 s" or " since the counters were cleared (one sample)"
  std::string span() const {
    return windowed ? " in " + link::num(ctx.dt_seconds, 0) + " s" : " since the counters were cleared (one sample)";
  }
};

std::vector<std::string> remedy(const engine::PortView& p) {
  const std::string dev = p.name();
  std::vector<std::string> cmds = {"ethtool -m " + dev, "ethtool -I --show-fec " + dev};
  if (is_mlx5(p) && p.netdev->pci_address.ok()) cmds.push_back("mlxlink -d " + *p.netdev->pci_address + " -m -c -e");
  return cmds;
}

void post_fec(const Reader& in, engine::Reporter& r) {
  const auto symbols = in.get("phy.symbol_errors");
  const auto crc = in.get("phy.crc_errors");
  std::vector<std::string> parts;
  std::vector<engine::Evidence> evidence;
  for (const auto& [c, what] : {std::pair{&symbols, "uncorrected symbol errors"}, std::pair{&crc, "CRC errors"}}) {
    if (!*c || (*c)->value == 0) continue;
    parts.push_back(std::to_string((*c)->value) + " " + what);
    evidence.push_back((*c)->evidence);
  }
  if (parts.empty()) return;
  r.finding({
      .severity = engine::Severity::critical,
      .subject = in.p.subject(),
      .title = "post-FEC errors: " + parts[0] + (parts.size() > 1 ? ", " + parts[1] : "") + in.span(),
      .evidence = std::move(evidence),
      .explanation =
          std::string("These errors got past FEC: the frames were dropped. For RoCE a lost packet means go-back-N "
                      "retransmission or a timeout, so a link with a small loss rate loses a large share of RDMA "
                      "throughput. The cable, transceiver or switch port is failing, or the FEC mode does not match "
                      "the peer's.") +
          (in.windowed ? "" : " With one sample these may be old: take two samples to see whether they still grow."),
      .remediation = remedy(in.p),
  });
}

void pre_fec_ber(const Reader& in, double max_ber, engine::Reporter& r) {
  const auto corrected = in.get("phy.corrected_bits");
  if (!corrected) return;
  const std::string dev = in.p.name();
  double bits = 0;
  std::optional<engine::Evidence> bits_evidence;
  std::string basis;
  if (auto rx_bits = in.get("phy.rx_bits"); rx_bits && rx_bits->value > 0) {
    bits = static_cast<double>(rx_bits->value);
    bits_evidence = rx_bits->evidence;
  } else if (const auto& l = in.p.netdev->link;
             in.windowed && l.ok() && l->speed_mbps && link::down_reason(in.p).empty()) {
    // The PHY receives at line rate whether or not frames flow, so line rate × window is its bit count.
    bits = *l->speed_mbps * 1e6 * in.ctx.dt_seconds;
    bits_evidence = config(
        "rx bits (estimated)",
        link::sci(bits) + " = " + std::to_string(*l->speed_mbps) + " Mb/s × " + link::num(in.ctx.dt_seconds) + " s", l);
    basis = " (rx_bits_phy absent: bits estimated from the link speed)";
  } else {
    r.skip(dev, "pre-FEC BER not computed: no rx_bits_phy counter" +
                    std::string(in.windowed ? " and no link speed" : " and one sample (the link's uptime is unknown)"));
    return;
  }
  const double ber = static_cast<double>(corrected->value) / bits;
  if (ber <= max_ber) return;
  r.finding({
      .severity = engine::Severity::warning,
      .subject = in.p.subject(),
      .title = "pre-FEC BER " + link::sci(ber) + " above " + link::sci(max_ber, 1) + in.span() + basis,
      .evidence = {corrected->evidence, *bits_evidence},
      .explanation =
          "FEC is correcting more bit errors than a healthy link produces. Nothing is lost yet, but the margin is "
          "thin: temperature, a bent cable or an aging optic turn this into post-FEC errors and flaps. Per-lane "
          "counters and the module's receive power show where the signal degrades.",
      .remediation = remedy(in.p),
  });
}

void dominant_lane(const Reader& in, double share, double min_errors, engine::Reporter& r) {
  std::array<std::optional<Count>, kMaxLanes> lanes;
  int present = 0, worst = -1;
  std::uint64_t total = 0;
  for (int l = 0; l < kMaxLanes; ++l) {
    lanes[l] = in.get(counters::lane_name(l));
    if (!lanes[l]) continue;
    ++present;
    total += lanes[l]->value;
    if (worst < 0 || lanes[l]->value > lanes[worst]->value) worst = l;
  }
  if (present < 2 || static_cast<double>(total) < min_errors) return;
  const double frac = static_cast<double>(lanes[worst]->value) / static_cast<double>(total);
  if (frac < share) return;
  std::vector<engine::Evidence> evidence = {lanes[worst]->evidence};  // the worst lane first
  for (int l = 0; l < kMaxLanes; ++l)
    if (lanes[l] && l != worst) evidence.push_back(lanes[l]->evidence);
  r.finding({
      .severity = engine::Severity::warning,
      .subject = in.p.subject(),
      .title = "lane " + std::to_string(worst) + " carries " + percent_text(frac) + " of corrected errors (" +
               std::to_string(lanes[worst]->value) + " of " + std::to_string(total) + ")" + in.span(),
      .evidence = std::move(evidence),
      .explanation =
          "The other lanes of the link are clean, so the fault sits in one lane of the path: a dirty or damaged "
          "fiber or connector, one failing channel of the transceiver, or a bad lane on the switch side. Clean and "
          "reseat, then swap the cable or optic and see whether the errors follow it.",
      .remediation = remedy(in.p),
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max_ber = ctx.profile.threshold(kId, "max_pre_fec_ber", kMaxPreFecBer);
  const double share = ctx.profile.threshold(kId, "lane_share", kLaneShare);
  const double min_lane = ctx.profile.threshold(kId, "min_lane_errors", kMinLaneErrors);
  for (const auto& p : ctx.ports()) {
    const Reader in{ctx, p, ctx.has_rates() && p.before.has_value()};
    bool any = false;
    for (const char* name : {"phy.corrected_bits", "phy.symbol_errors", "phy.crc_errors"})
      any |= in.get(name).has_value();
    for (int l = 0; l < kMaxLanes; ++l) any |= in.get(counters::lane_name(l)).has_value();
    if (!any) {
      r.skip(p.name(), "no PHY error counters (corrected bits, post-FEC symbol or CRC errors, per-lane errors)");
      continue;
    }
    r.evaluated();
    post_fec(in, r);
    pre_fec_ber(in, max_ber, r);
    dominant_lane(in, share, min_lane, r);
  }
}

}  // namespace

engine::CheckInfo info_link_signal() {
  return {
      .id = kId,
      .title = "Clean physical signal (BER, post-FEC errors, lanes)",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::ethtool_stats},
      .profile_keys = {},
      .thresholds = {{"max_pre_fec_ber", kMaxPreFecBer, "pre-FEC bit error rate that warns"},
                     {"lane_share", kLaneShare, "share of corrected errors on one lane that names it as bad"},
                     {"min_lane_errors", kMinLaneErrors, "corrected errors (all lanes) needed to judge lanes"}},
      .explained_by = {},
      .doc =
          "Over the window with two samples, else on the cumulative values (and says so): post-FEC errors "
          "(rx_pcs_symbol_err_phy, rx_crc_errors_phy) are critical; pre-FEC BER = rx_corrected_bits_phy / "
          "rx_bits_phy above 1e-8 warns (without rx_bits_phy, bits = link speed × window; with one sample and "
          "no rx_bits_phy the BER is not computed, noted); one lane with at least 80% of the per-lane errors "
          "(rx_err_lane_N_phy, at least 10000 in total) warns and names the lane.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
