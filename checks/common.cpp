#include "checks/common.hpp"

#include <cstdio>

#include "counters/canonical.hpp"

namespace roce::checks {

std::optional<int> dscp_priority(const std::vector<model::AppEntry>& app, int dscp) {
  for (const auto& e : app)
    if (e.selector == model::kAppSelDscp && e.protocol == dscp) return e.priority;
  return std::nullopt;
}

std::optional<TrustState> trust_of(const model::NetDev& nd) {
  if (nd.trust.ok()) {
    if (*nd.trust == "dscp" || *nd.trust == "pcp")
      return TrustState{*nd.trust == "dscp" ? profile::Trust::dscp : profile::Trust::pcp,
                        config("qos/trust", *nd.trust, nd.trust)};
  }
  if (nd.dcb.apptrust.ok()) {
    std::string order;
    for (auto sel : *nd.dcb.apptrust)
      order += (order.empty() ? "" : " ") + std::string(sel == model::kAppSelDscp  ? "dscp"
                                                        : sel == model::kAppSelPcp ? "pcp"
                                                                                   : std::to_string(sel));
    bool dscp_first = !nd.dcb.apptrust->empty() && nd.dcb.apptrust->front() == model::kAppSelDscp;
    return TrustState{dscp_first ? profile::Trust::dscp : profile::Trust::pcp,
                      config("dcb apptrust order", order.empty() ? "(empty)" : order, nd.dcb.apptrust)};
  }
  if (nd.dcb.app.ok()) {
    bool any_dscp = false;
    for (const auto& e : *nd.dcb.app) any_dscp |= e.selector == model::kAppSelDscp;
    return TrustState{any_dscp ? profile::Trust::dscp : profile::Trust::pcp,
                      config("dcb app dscp-prio", model::dscp_map_text(*nd.dcb.app), nd.dcb.app)};
  }
  return std::nullopt;
}

bool is_mlx5(const engine::PortView& p) { return p.driver() == "mlx5_core"; }

PrioDeltas prio_deltas(const engine::Context& ctx, const engine::PortView& p, std::string_view what) {
  PrioDeltas d;
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    d.rate[prio] = ctx.rate(p, counters::prio_name(prio, what));
    if (d.rate[prio]) d.total += d.rate[prio]->delta;
  }
  return d;
}

int RdmaPlacement::busiest_priority() const {
  int best = 0;
  std::uint64_t most = 0;
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    std::uint64_t b = (rx.rate[prio] ? rx.rate[prio]->delta : 0) + (tx.rate[prio] ? tx.rate[prio]->delta : 0);
    if (b > most) {
      most = b;
      best = prio;
    }
  }
  return best;
}

std::optional<RdmaPlacement> rdma_placement(const engine::Context& ctx, const engine::PortView& p) {
  auto rdma_rx = ctx.rate(p, "port.rx_rdma_bytes");
  auto rdma_tx = ctx.rate(p, "port.tx_rdma_bytes");
  if (!rdma_rx && !rdma_tx) return std::nullopt;
  RdmaPlacement r;
  r.rx = prio_deltas(ctx, p, "rx_bytes");
  r.tx = prio_deltas(ctx, p, "tx_bytes");
  bool any_prio = false;
  for (int prio = 0; prio < model::kPriorities; ++prio) any_prio |= r.rx.rate[prio] || r.tx.rate[prio];
  if (!any_prio) return std::nullopt;
  for (const auto& rate : {rdma_rx, rdma_tx})
    if (rate) {
      r.rdma_bytes += rate->delta;
      r.evidence.push_back(rate->evidence());
    }
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    bool lossless = ctx.profile.is_lossless(prio);
    for (const auto* d : {&r.rx, &r.tx}) {
      const auto& rate = d->rate[prio];
      if (!rate) continue;
      if (lossless) r.lossless_bytes += rate->delta;
      if (lossless || rate->delta > 0) r.evidence.push_back(rate->evidence());
    }
  }
  return r;
}

std::string bytes_text(double bytes) {
  char buf[64];
  if (bytes >= 1024 * 1024 * 1024.0)
    std::snprintf(buf, sizeof buf, "%.0f B (%.1f GiB)", bytes, bytes / (1 << 30));
  else if (bytes >= 1024 * 1024.0)
    std::snprintf(buf, sizeof buf, "%.0f B (%.1f MiB)", bytes, bytes / (1 << 20));
  else if (bytes >= 1024)
    std::snprintf(buf, sizeof buf, "%.0f B (%.1f KiB)", bytes, bytes / 1024);
  else
    std::snprintf(buf, sizeof buf, "%.0f B", bytes);
  return buf;
}

std::string percent_text(double frac) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", frac * 100);
  return buf;
}

}  // namespace roce::checks
