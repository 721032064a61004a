// The settings, pause rates and findings a fleet keeps of one judged host.
#include "fleet/host_summary.hpp"

#include <fmt/format.h>

#include "model/dcb_text.hpp"
#include "model/gid_index.hpp"
#include "report/check_run.hpp"
#include "report/compact_maps.hpp"

namespace roce::fleet {
namespace {

// "3,4" or "none": the priorities whose per-priority flag is on (ECN NP/RP enables).
std::string enabled_priorities(const model::PerPrio<model::Field<bool>>& flags) {
  std::string out;
  for (int p = 0; p < model::kPriorities; ++p)
    if (flags[p].ok() && *flags[p]) out += (out.empty() ? "" : ",") + std::to_string(p);
  return out.empty() ? "none" : out;
}

// "parent 1:4 red min 150000 max 1500000 B p 0.1 ecn; ...", or "no RED qdisc".
std::string red_thresholds(const std::vector<model::Qdisc>& qdiscs) {
  std::string out;
  for (const auto& q : qdiscs) {
    if (!q.red) continue;
    if (!out.empty()) out += "; ";
    out += fmt::format("{} red min {} max {} B", model::tc_parent_text(q.parent), q.red->qth_min, q.red->qth_max);
    if (q.red->max_p) out += " p " + model::probability_text(static_cast<double>(*q.red->max_p) / 4294967296.0);
    out += q.red->ecn() ? " ecn" : " no-ecn";
  }
  return out.empty() ? "no RED qdisc" : out;
}

std::string roce_v2_indices(const std::vector<model::Gid>& gids) {
  std::string out;
  for (const auto& g : model::roce_v2_ipv4_gids(gids)) out += (out.empty() ? "" : ",") + std::to_string(g.index);
  return out.empty() ? "none" : out;
}

class SettingSink {
 public:
  SettingSink(std::vector<Setting>& out, std::string nic, std::string port)
      : out_(out), nic_(std::move(nic)), port_(std::move(port)) {}

  template <class T, class Text>
  void add(const char* field, const model::Field<T>& f, Text&& text) {
    if (f.ok())
      put(field, text(*f));
    else if (f.availability != model::Availability::absent)
      put(field, std::string("missing (") + model::to_string(f.availability) + ")");
  }
  void put(const char* field, std::string value) { out_.push_back({nic_, port_, field, std::move(value)}); }

 private:
  std::vector<Setting>& out_;
  std::string nic_, port_;
};

void add_port_settings(const engine::PortView& p, std::vector<Setting>& out) {
  SettingSink s(out, nic_model(p), p.name());
  if (!p.stand_in) {
    const model::NetDev& n = *p.netdev;
    s.add("mtu", n.mtu, [](std::uint32_t v) { return std::to_string(v); });
    s.add("link speed", n.link, [](const model::LinkSettings& l) {
      return l.speed_mbps ? std::to_string(*l.speed_mbps) + " Mb/s" : std::string("unknown");
    });
    s.add("trust", n.trust, [](const std::string& v) { return v; });
    s.add("pfc mask", n.dcb.pfc, [](const model::Pfc& v) { return model::pfc_mask_text(v.pfc_en); });
    if (p.driver().starts_with("mlx5"))  // mlx5 keeps the cable length in the PFC delay field
      s.add("cable length", n.dcb.pfc, [](const model::Pfc& v) { return std::to_string(v.delay) + " m"; });
    s.add("dscp map", n.dcb.app, [](const std::vector<model::AppEntry>& v) { return report::compact_dscp_map(v); });
    s.add("prio2buffer", n.dcb.buffer, [](const model::Buffer& v) { return model::prio_buffer_text(v.prio2buffer); });
    s.add("buffer sizes", n.dcb.buffer, [](const model::Buffer& v) { return model::buffer_size_text(v.buffer_size); });
    s.add("ecn np", n.ecn, [](const model::NicEcn& v) { return enabled_priorities(v.np); });
    s.add("ecn rp", n.ecn, [](const model::NicEcn& v) { return enabled_priorities(v.rp); });
    s.add("ecn thresholds", n.qdiscs, [](const std::vector<model::Qdisc>& v) { return red_thresholds(v); });
    s.add("driver", n.driver, [](const model::DriverInfo& v) { return v.driver + " " + v.version; });
  }
  if (p.device && p.device->fw_ver.ok())
    s.put("firmware", *p.device->fw_ver);
  else if (!p.stand_in)
    s.add("firmware", p.netdev->driver, [](const model::DriverInfo& v) { return v.fw_version; });
  if (p.port)
    s.add("roce v2 gid index", p.port->gids, [](const std::vector<model::Gid>& v) { return roce_v2_indices(v); });
}

// PFC frames of every priority and 802.3x frames, sent and received; nullopt when the port reports none.
std::optional<double> pause_frames_per_s(const engine::Context& ctx, const engine::PortView& p) {
  std::optional<double> total;
  const auto add = [&](const std::string& name) {
    if (auto r = ctx.rate(p, name)) total = total.value_or(0) + r->per_second;
  };
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    add(fmt::format("prio[{}].rx_pause", prio));
    add(fmt::format("prio[{}].tx_pause", prio));
  }
  add("global.rx_pause");
  add("global.tx_pause");
  return total;
}

}  // namespace

const std::vector<std::string>& drift_fields() {
  static const std::vector<std::string> kFields = {
      "pfc mask",          "trust",       "dscp map", "prio2buffer",    "buffer sizes", "mtu",
      "link speed",        "ecn np",      "ecn rp",   "ecn thresholds", "firmware",     "driver",
      "roce v2 gid index", "cable length"};
  return kFields;
}

std::string nic_model(const engine::PortView& port) {
  if (port.device && port.device->hca_type.ok()) {
    const std::string_view model = report::mlx5_model(*port.device->hca_type);
    return model.empty() ? *port.device->hca_type : std::string(model);
  }
  const std::string driver = port.driver();
  return driver.empty() ? "unknown NIC" : driver;
}

HostSummary summarize(std::string name, const engine::Context& ctx, const std::vector<engine::Finding>& ranked,
                      int exit_code) {
  HostSummary h;
  h.name = std::move(name);
  h.exit_code = exit_code;
  for (const auto& p : ctx.ports()) {
    add_port_settings(p, h.settings);
    if (ctx.has_rates())
      if (auto rate = pause_frames_per_s(ctx, p)) h.pause.push_back({nic_model(p), p.name(), *rate});
  }
  for (const auto& f : ranked) h.findings.push_back({f.id, f.severity, f.subject.to_string(), f.title});
  for (const auto& c : ctx.observations().switches.cables) {
    CableSummary cable{c.host_netdev, c.switch_name, c.switch_port, model::to_string(c.join), {}};
    for (const auto& f : ranked)
      if (f.id.rfind("XSW-", 0) == 0 && f.subject.netdev == c.host_netdev)
        cable.findings.push_back({f.id, f.severity, f.subject.to_string(), f.title});
    h.cables.push_back(std::move(cable));
  }
  return h;
}

}  // namespace roce::fleet
