#include <fmt/format.h>

#include "model/dcb_text.hpp"
#include "report/field_text.hpp"
#include "report/show_parts.hpp"
#include "report/show_text.hpp"

namespace roce::report {
namespace detail {

std::string qdisc_text(const model::Qdisc& q) {
  std::string out = q.kind + " " + model::tc_handle_text(q.handle) + " " + model::tc_parent_text(q.parent);
  if (q.offloaded) out += " offloaded";
  if (q.red) {
    out += fmt::format(" limit {}b min {}b max {}b", q.red->limit, q.red->qth_min, q.red->qth_max);
    if (q.red->max_p)
      out += fmt::format(" probability {:g}", *q.red->max_p / 4294967296.0);
    else
      out += fmt::format(" plog {}", q.red->plog);
    if (q.red->ecn()) out += " ecn";
    if (q.red->flags & 2) out += " harddrop";
    if (q.red->flags & 8) out += " nodrop";
  }
  if (q.red_xstats)
    out += fmt::format(" marked {} early {} pdrop {}", q.red_xstats->marked, q.red_xstats->early, q.red_xstats->pdrop);
  if (q.bands) out += fmt::format(" bands {}", *q.bands);
  if (q.strict_bands) out += fmt::format(" strict {}", *q.strict_bands);
  if (!q.priomap.empty()) {
    out += " priomap";
    for (auto b : q.priomap) out += fmt::format(" {}", b);
  }
  if (q.stats) out += fmt::format(" sent {} bytes {} pkt dropped {}", q.stats->bytes, q.stats->packets, q.stats->drops);
  return out;
}

}  // namespace detail

namespace {

using detail::kIndent;

std::string onoff(bool b) { return b ? "on" : "off"; }
std::string or_none(const std::string& s) { return s.empty() ? "none" : s; }

std::string link_text(const model::LinkSettings& l) {
  std::string out = l.speed_mbps ? fmt::format("speed {}Mb/s", *l.speed_mbps) : "speed unknown";
  if (l.lanes) out += fmt::format(" lanes {}", *l.lanes);
  return out + fmt::format(" duplex {} autoneg {}", l.duplex.empty() ? "unknown" : l.duplex, onoff(l.autoneg));
}

// "10M", "2.5G", "400G": the speeds of link modes, as short as ethtool's mode names.
std::string mode_speeds_text(const std::optional<std::vector<std::uint32_t>>& speeds) {
  if (!speeds) return "not-reported";
  if (speeds->empty()) return "none";
  std::string out;
  for (auto mbps : *speeds)
    out += (out.empty() ? "" : " ") +
           (mbps < 1000 ? fmt::format("{}M", mbps) : fmt::format("{}G", static_cast<double>(mbps) / 1000));
  return out;
}

std::string pcie_text(const model::PcieLink& p) {
  const bool degraded = p.current_speed != p.max_speed || p.current_width != p.max_width;
  return fmt::format("{} x{} (max {} x{}){}", p.current_speed, p.current_width, p.max_speed, p.max_width,
                     degraded ? " degraded" : "");
}

std::string pause_text(const model::PauseParams& p) {
  std::string out = fmt::format("autoneg {} rx {} tx {}", onoff(p.autoneg), onoff(p.rx), onoff(p.tx));
  if (p.tx_frames && p.rx_frames)
    out += fmt::format(" tx-pause-frames {} rx-pause-frames {}", *p.tx_frames, *p.rx_frames);
  return out;
}

std::string tout_text(std::uint32_t ms) {
  if (ms == 0) return "0 (disabled)";
  if (ms == 0xffff) return "auto";
  return fmt::format("{} ms", ms);
}

std::string stats_text(const model::LinkStats64& s) {
  return fmt::format(
      "rx-bytes {} rx-packets {} rx-errors {} rx-dropped {} tx-bytes {} tx-packets {} tx-errors {} tx-dropped {}",
      s.rx_bytes, s.rx_packets, s.rx_errors, s.rx_dropped, s.tx_bytes, s.tx_packets, s.tx_errors, s.tx_dropped);
}

std::string addresses_text(const std::vector<std::string>& xs) {
  std::string out;
  for (const auto& x : xs) out += (out.empty() ? "" : " ") + x;
  return out.empty() ? "none" : out;
}

}  // namespace

std::string render_netdev(const model::NetDev& nd, const Style& style) {
  detail::MissingByReason missing;
  std::string out =
      detail::take_missing(fmt::format("{} {}: state {} mtu {} {}", style.bold("netdev"), style.bold(nd.name),
                                       field_text(nd.operstate, style,
                                                  [&](const std::string& s) {
                                                    return s == "up" ? style.good(s) : s == "down" ? style.bad(s) : s;
                                                  }),
                                       field_text(nd.mtu, style),
                                       nd.link.ok() ? link_text(*nd.link) : "link " + missing_text(nd.link, style)),
                           missing, style) +
      "\n";
  std::vector<std::string> lines;
  lines.push_back(
      fmt::format("mac {} addresses {}", field_text(nd.mac, style), field_text(nd.addresses, style, addresses_text)));
  lines.push_back("driver " + field_text(nd.driver, style, [](const model::DriverInfo& d) {
                    return fmt::format("{} version {} fw {} bus-info {}", or_none(d.driver), or_none(d.version),
                                       or_none(d.fw_version), or_none(d.bus_info));
                  }));
  if (nd.link.ok() && (nd.link->advertised_speeds_mbps || nd.link->peer_advertised_speeds_mbps))
    lines.push_back(fmt::format("link-modes {}, partner {}", mode_speeds_text(nd.link->advertised_speeds_mbps),
                                mode_speeds_text(nd.link->peer_advertised_speeds_mbps)));
  if (!nd.pci_address.ok() && !nd.pcie.ok() && nd.pci_address.cause == nd.pcie.cause)
    lines.push_back("pci " + missing_text(nd.pci_address, style));  // one reason for both
  else
    lines.push_back(
        fmt::format("pci {} pcie-link {}", field_text(nd.pci_address, style), field_text(nd.pcie, style, pcie_text)));
  for (auto& l : detail::dcb_lines(nd, style)) lines.push_back(std::move(l));
  lines.push_back("pause " + field_text(nd.pause, style, pause_text));
  lines.push_back("pfc-prevention-tout " + field_text(nd.pfc_prevention_tout_ms, style, tout_text));
  lines.push_back("module-cable-length " +
                  field_text(nd.module_cable_m, style, [](std::uint32_t m) { return fmt::format("{} m", m); }));
  if (!nd.qdiscs.ok())
    lines.push_back("qdisc " + missing_text(nd.qdiscs, style));
  else if (nd.qdiscs->empty())
    lines.push_back("qdisc none");
  else
    for (const auto& q : *nd.qdiscs) lines.push_back("qdisc " + detail::qdisc_text(q));
  lines.push_back("stats " + field_text(nd.stats, style, stats_text) +
                  (nd.carrier_changes.ok() ? fmt::format(" carrier-changes {}", *nd.carrier_changes) : ""));
  for (auto& l : detail::netdev_counter_lines(nd, style)) lines.push_back(std::move(l));
  for (const auto& l : detail::known_first(std::move(lines), style, std::move(missing))) out += kIndent + l + "\n";
  for (const auto& l : detail::evidence_lines(nd, style)) out += kIndent + l + "\n";
  return out;
}

}  // namespace roce::report
