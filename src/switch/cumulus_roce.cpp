// Reading Cumulus NVUE's RoCE views into the switch model.
#include "switch/cumulus_roce.hpp"

#include <cmath>

#include "switch/cumulus_port.hpp"
#include "switch/simple_table.hpp"
#include "switch/text_values.hpp"
#include "util/text.hpp"

namespace roce::switches {
namespace {

std::optional<double> parse_decimal(std::string_view s) {
  const std::string t(util::trim(s));
  if (t.empty()) return std::nullopt;
  double v = 0, scale = 0;
  for (char c : t) {
    if (c == '.') {
      if (scale != 0) return std::nullopt;
      scale = 1;
      continue;
    }
    if (c < '0' || c > '9') return std::nullopt;
    if (scale != 0) {
      scale /= 10;
      v += (c - '0') * scale;
    } else {
      v = v * 10 + (c - '0');
    }
    if (v > 1e15) return std::nullopt;
  }
  return v;
}

void read_key_tree(const SimpleTable& t, CumulusRoce& out) {
  const int op = t.column("operational"), applied = t.column("applied");
  for (const auto& row : t.rows) {
    const std::string& key = row.cells[0];
    std::string value = op >= 0 ? row.cells[op] : "";
    if (value.empty() && applied >= 0) value = row.cells[applied];
    if (value.empty()) continue;
    const std::string where = out.file + ":" + std::to_string(row.line);
    if (key == "mode") {
      out.mode = value;
    } else if (key == "pfc-priority") {
      auto p = parse_unsigned(value);
      if (p && *p < 8)
        out.pfc_priority = static_cast<int>(*p);
      else if (value != "-")  // "-": no lossless priority (the lossy modes)
        out.warnings.push_back(where + ": pfc-priority \"" + value + "\" is not a priority 0-7");
    } else if (key == "cable-length") {
      auto m = parse_unsigned(value);
      if (m && *m <= 100000)
        out.cable_m = static_cast<std::uint32_t>(*m);
      else
        out.warnings.push_back(where + ": cable-length \"" + value + "\" is not metres");
    } else if (key == "trust-mode") {
      out.trust_mode = value;
    } else if (key == "congestion-mode") {
      out.congestion_mode = value;
    } else if (key == "enabled-tc") {
      out.ecn_tc = parse_priority_mask(value);
      if (!out.ecn_tc) out.warnings.push_back(where + ": enabled-tc \"" + value + "\" is not a list of classes");
    } else if (key == "min-threshold" || key == "max-threshold") {
      auto b = parse_binary_size(value);
      if (!b) out.warnings.push_back(where + ": " + key + " \"" + value + "\" is not a size");
      (key == "min-threshold" ? out.ecn_min_bytes : out.ecn_max_bytes) = b;
    } else if (key == "probability") {
      auto p = parse_unsigned(value);
      if (p && *p <= 100) out.ecn_probability = static_cast<std::uint32_t>(*p);
    }
  }
}

}  // namespace

std::optional<std::uint64_t> parse_binary_size(std::string_view text) {
  const std::string t(util::trim(text));
  const auto space = t.rfind(' ');
  const std::string number = space == std::string::npos ? t : t.substr(0, space);
  const std::string unit = space == std::string::npos ? "" : t.substr(space + 1);
  auto v = parse_decimal(number);
  if (!v) return std::nullopt;
  double scale = 0;
  if (unit.empty() || unit == "Bytes" || unit == "B") scale = 1;
  if (unit == "KB") scale = 1024;
  if (unit == "MB") scale = 1024.0 * 1024;
  if (unit == "GB") scale = 1024.0 * 1024 * 1024;
  if (scale == 0) return std::nullopt;
  return static_cast<std::uint64_t>(std::llround(*v * scale));
}

Expected<CumulusRoce> parse_nv_show_qos_roce(std::string_view text, const std::string& file) {
  CumulusRoce out;
  out.file = file;
  bool tree = false;
  for (const auto& t : read_simple_tables(text)) {
    if (t.column("current-usage") >= 0 || t.column("max-usage") >= 0) out.per_interface = true;
    if (t.column("operational") >= 0) {
      tree = true;
      if (t.column("description") >= 0) out.per_interface = true;
      read_key_tree(t, out);
      continue;
    }
    const int dscp = t.column("dscp"), sp = t.column("switch-prio"), tc = t.column("traffic-class"),
              sps = t.column("switch-priorities"), name = t.column("name");
    if (dscp >= 0 && sp >= 0) {
      for (const auto& row : t.rows) {
        auto prio = parse_unsigned(row.cells[sp]);
        if (!prio || *prio > 7) continue;
        for (const auto& d : split_list(row.cells[dscp], ',')) {
          auto v = parse_unsigned(d);
          if (v && *v < 64) out.dscp_to_sp[*v] = static_cast<std::uint8_t>(*prio);
        }
      }
    } else if (sp >= 0 && tc >= 0) {
      for (const auto& row : t.rows) {
        auto prio = parse_unsigned(row.cells[sp]), cls = parse_unsigned(row.cells[tc]);
        if (prio && cls && *prio < 8 && *cls < 8) out.sp_to_tc[*prio] = static_cast<std::uint8_t>(*cls);
      }
    } else if (sps >= 0 && name >= 0) {
      for (const auto& row : t.rows)
        if (row.cells[name].find("roce-reserved-ingress") != std::string::npos)
          if (auto m = parse_priority_mask(row.cells[sps])) out.lossless_pool_sps |= *m;
    }
  }
  if (!tree)
    return fail(file + ": not `nv show qos roce` output (no operational/applied key tree)",
                "give the output of `nv show qos roce` or `nv show interface IF qos roce status`");
  return out;
}

namespace {

// DSCP -> traffic class through the switch priority; Spectrum sends TC n from queue n.
void read_roce_dscp_map(const CumulusRoce& roce, const model::Provenance& from, model::NetDev& nd,
                        model::SwitchPort& sp) {
  using model::Field;
  model::DscpMap dscp_to_tc{};
  std::vector<model::AppEntry> app;
  for (int d = 0; d < 64; ++d) {
    if (!roce.dscp_to_sp[d]) continue;
    const auto tc = roce.sp_to_tc[*roce.dscp_to_sp[d]];
    dscp_to_tc[d] = tc.value_or(*roce.dscp_to_sp[d]);
    app.push_back({model::kAppSelDscp, *dscp_to_tc[d], static_cast<std::uint16_t>(d)});
  }
  sp.dscp_to_tc_name = Field<std::string>::of("qos roce", from);
  sp.dscp_to_tc = Field<model::DscpMap>::of(dscp_to_tc, from);
  nd.dcb.app = Field<std::vector<model::AppEntry>>::of(app, from);
}

// The RoCE view's congestion control as one WRED profile of the switch, on the queues of its ECN
// traffic classes; nothing when the view gives no ECN class or thresholds.
void add_roce_ecn(const CumulusRoce& roce, const model::Provenance& from, model::Switch& sw, model::SwitchPort& sp) {
  using model::Availability;
  using model::Field;
  if (!roce.ecn_tc || !roce.ecn_min_bytes || !roce.ecn_max_bytes) return;
  model::SwitchWred w;
  w.name = "qos roce congestion-control";
  w.ecn = Field<std::string>::of(
      roce.congestion_mode.find("ecn") != std::string::npos || roce.congestion_mode.find("ECN") != std::string::npos
          ? "ecn_all"
          : "ecn_none",
      from);
  w.green_enable = Field<bool>::of(true, from);
  w.green_min_bytes = Field<std::uint64_t>::of(*roce.ecn_min_bytes, from);
  w.green_max_bytes = Field<std::uint64_t>::of(*roce.ecn_max_bytes, from);
  w.green_drop_percent = roce.ecn_probability
                             ? Field<std::uint32_t>::of(*roce.ecn_probability, from)
                             : Field<std::uint32_t>::missing(Availability::absent, "no probability", from);
  if (!sw.wred(w.name)) sw.wred_profiles.push_back(w);
  for (int q = 0; q < 8; ++q)
    if ((*roce.ecn_tc >> q) & 1) {
      model::SwitchQueue queue;
      queue.index = q;
      queue.wred_profile = Field<std::string>::of(w.name, from);
      queue.scheduler = Field<std::string>::missing(Availability::absent, "not in the RoCE view", from);
      sp.queues.push_back(queue);
    }
}

// The lossless pool's switch priorities (and the PFC priority) as priority groups without thresholds.
void add_roce_lossless_pgs(const CumulusRoce& roce, const model::Provenance& from, model::SwitchPort& sp) {
  for (int p = 0; p < 8; ++p)
    if (((roce.lossless_pool_sps >> p) & 1) || (roce.pfc_priority == p)) {
      model::SwitchPg pg;
      pg.first = pg.last = p;
      pg.profile = "roce lossless pool";
      pg.xon_bytes = pg.xoff_bytes = pg.size_bytes =
          model::Field<std::uint64_t>::missing(model::Availability::absent, "NVUE does not show PG thresholds", from);
      pg.from = from;
      sp.lossless_pgs.push_back(pg);
    }
}

}  // namespace

void add_cumulus_port(model::Switch& sw, const std::string& port, const CumulusRoce& roce) {
  using model::Availability;
  using model::Field;
  const model::Provenance from{"nvue", roce.file};
  const std::string no_port_facts = "`nv show qos roce` shows no per-port ";
  auto [nd, sp] = cumulus_port(port, no_port_facts, "qos roce", from);
  sp.cable_m = roce.cable_m ? Field<std::uint32_t>::of(*roce.cable_m, from)
                            : Field<std::uint32_t>::missing(Availability::absent, no_port_facts + "cable length", from);
  if (roce.pfc_priority)
    nd.dcb.pfc =
        Field<model::Pfc>::of({.pfc_cap = 8, .pfc_en = static_cast<std::uint8_t>(1u << *roce.pfc_priority)}, from);
  else if (roce.mode.rfind("lossy", 0) == 0)  // lossy, lossy-multi-tc: PFC on no priority
    nd.dcb.pfc = Field<model::Pfc>::of({.pfc_cap = 8, .pfc_en = 0}, from);
  else
    nd.dcb.pfc = Field<model::Pfc>::missing(Availability::absent, "no pfc-priority in " + roce.file, from);
  const bool dscp_trust = roce.trust_mode.find("dscp") != std::string::npos;
  nd.trust = roce.trust_mode.empty() ? Field<std::string>::missing(Availability::absent, "no trust-mode", from)
                                     : Field<std::string>::of(dscp_trust ? "dscp" : "pcp", from);
  read_roce_dscp_map(roce, from, nd, sp);
  nd.dcb.buffer = Field<model::Buffer>::missing(Availability::unsupported, "NVUE sizes buffers by pools", from);
  add_roce_ecn(roce, from, sw, sp);
  add_roce_lossless_pgs(roce, from, sp);
  sp.pfcwd = Field<model::SwitchPfcWatchdog>::missing(Availability::absent,
                                                      "the NVUE RoCE view does not show the PFC watchdog", from);
  sp.pfcwd_sw_enable = Field<std::uint8_t>::missing(Availability::absent, "not in the NVUE RoCE view", from);
  sp.pfc_rx_frames = sp.pfc_tx_frames =
      Field<model::PerPrio<std::uint64_t>>::missing(Availability::absent, "no pause counters export", from);
  nd.qdiscs = Field<std::vector<model::Qdisc>>::missing(Availability::absent, "not in the NVUE RoCE view", from);
  sw.vendor = "cumulus";
  sw.host.netdevs.push_back(std::move(nd));
  sw.ports.push_back(std::move(sp));
}

}  // namespace roce::switches
