#include <fmt/format.h>

#include "counters/canonical.hpp"
#include "report/field_text.hpp"
#include "report/show_parts.hpp"
#include "util/text.hpp"

namespace roce::report::detail {
namespace {

// "roce.ecn_marked" -> "ecn-marked", "prio[3].rx_pause_us" -> "rx-pause-us".
std::string label(std::string_view canonical) {
  std::string s(canonical.substr(canonical.rfind('.') + 1));
  for (auto& c : s)
    if (c == '_') c = '-';
  return s;
}

struct Headline {
  std::vector<std::string> shown, missing;
};

Headline pick(const counters::Canonical& c, const std::vector<std::string>& names,
              std::string (*name_label)(std::string_view) = label) {
  Headline h;
  for (const auto& n : names) {
    auto it = c.find(n);
    if (it == c.end())
      h.missing.push_back(name_label(n));
    else
      h.shown.push_back(fmt::format("{} {}", name_label(n), it->second.value));
  }
  return h;
}

std::string port_label(std::string_view n) {
  std::string s(n);
  for (auto& c : s)
    if (c == '.' || c == '_') c = '-';
  return s;
}

// "roce.ecn_marked" -> "ecn-marked"; other groups keep theirs: "link.downed" -> "link-downed".
std::string rdma_label(std::string_view n) { return n.starts_with("roce.") ? label(n) : port_label(n); }

}  // namespace

std::vector<std::string> netdev_counter_lines(const model::NetDev& nd, const Style& style) {
  if (!nd.ethtool_stats.ok()) return {"counters " + missing_text(nd.ethtool_stats, style)};
  const auto c = counters::canonicalize(&nd, nullptr);
  std::vector<std::string> lines;
  for (int p = 0; p < model::kPriorities; ++p) {
    const bool pfc_on = nd.dcb.pfc.ok() && nd.dcb.pfc->enabled(p);
    std::vector<std::string> names;
    for (const char* what : {"rx_pause", "rx_pause_us", "tx_pause", "tx_pause_us", "rx_discards", "rx_buf_discards",
                             "rx_cong_discards", "rx_ecn_marked"})
      names.push_back(counters::prio_name(p, what));
    auto h = pick(c, names);
    bool any_nonzero = false;
    for (const auto& n : names)
      if (auto it = c.find(n); it != c.end() && it->second.value != 0) any_nonzero = true;
    if (!pfc_on && !any_nonzero) continue;  // quiet lossy priorities stay out of the way
    lines.push_back(fmt::format("prio-{} {}", p, util::join(h.shown, " ")));
  }
  auto port = pick(c,
                   {"port.rx_discards", "port.tx_discards", "host.rx_out_of_buffer", "link.down_events",
                    "phy.crc_errors", "phy.symbol_errors", "pause.storm_warning_events", "pause.storm_error_events"},
                   port_label);
  if (auto g = c.find("global.rx_pause"); g != c.end()) {
    auto global =
        pick(c, {"global.rx_pause", "global.rx_pause_us", "global.tx_pause", "global.tx_pause_us"}, port_label);
    lines.push_back(util::join(global.shown, " "));
  }
  if (port.shown.empty() && lines.empty()) {
    lines.push_back(fmt::format("counters none of the headline counters among the driver's {} ethtool counters",
                                nd.ethtool_stats->entries.size()));
    return lines;
  }
  lines.push_back("counters " + util::join(port.shown, " "));
  if (!port.missing.empty())
    lines.push_back("not-reported " + util::join(port.missing, ", ") + " (not among this driver's ethtool counters)");
  return lines;
}

std::vector<std::string> rdma_counter_lines(const model::NetDev* nd, const model::RdmaPort& port, bool roce,
                                            const Style& style) {
  if (!port.hw_counters.ok() && !port.counters.ok())
    return {"hw-counters " + missing_text(port.hw_counters, style), "counters " + missing_text(port.counters, style)};
  const auto c = counters::canonicalize(nd, &port);
  auto h =
      roce ? pick(c,
                  {"roce.ecn_marked", "roce.cnp_sent", "roce.cnp_handled", "roce.cnp_ignored", "roce.out_of_sequence",
                   "roce.packet_seq_err", "roce.implied_nak_seq_err", "roce.local_ack_timeout_err",
                   "roce.duplicate_request", "roce.out_of_buffer", "roce.retransmits", "link.downed"},
                  rdma_label)
           : pick(c, {"link.downed"}, rdma_label);
  std::vector<std::string> lines;
  lines.push_back((roce ? "roce-counters " : "counters ") +
                  (h.shown.empty() ? std::string("none of the headline counters") : util::join(h.shown, " ")));
  if (!port.hw_counters.ok()) lines.push_back("hw-counters " + missing_text(port.hw_counters, style));
  if (!h.missing.empty())
    lines.push_back("not-reported " + util::join(h.missing, ", ") + " (not among this port's hw_counters/counters)");
  return lines;
}

}  // namespace roce::report::detail
