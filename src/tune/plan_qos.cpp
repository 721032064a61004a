// Trust mode, DSCP map (dcb app) and PFC (mask; cable length on mlx5).
#include <algorithm>
#include <map>
#include <set>

#include "tune/plan_parts.hpp"

namespace roce::tune::detail {
namespace {

using model::AppEntry;

std::vector<std::uint8_t> wanted_apptrust(profile::Trust t) {
  if (t == profile::Trust::dscp) return {model::kAppSelDscp, model::kAppSelPcp};
  return {model::kAppSelPcp};
}

std::string apptrust_text(const std::vector<std::uint8_t>& order) {
  std::string s;
  for (auto sel : order)
    s += (s.empty() ? "" : " ") + std::string(sel == model::kAppSelDscp  ? "dscp"
                                              : sel == model::kAppSelPcp ? "pcp"
                                                                         : std::to_string(sel));
  return s.empty() ? "(empty)" : s;
}

// Trust through vendor sysfs or dcb apptrust; nullopt when the host exposes neither (mlx5 then
// follows its DSCP APP entries, handled with the APP table).
std::optional<Change> plan_trust(const PortPlan& p, const profile::Profile& profile, Notes& notes, bool& via_app) {
  const auto& nd = p.nd;
  const std::string want = profile::to_string(profile.trust);
  const std::string reason = std::string("profile qos.trust = ") + want;
  via_app = false;
  if (nd.trust.ok() && (*nd.trust == "dscp" || *nd.trust == "pcp")) {
    if (*nd.trust == want) return std::nullopt;
    Change c;
    c.object = {nd.name, system::Knob::trust, 0};
    c.current = *nd.trust;
    c.proposed = want;
    c.fields.push_back({"trust", *nd.trust, want, reason});
    c.commands = {"echo " + want + " > /sys/class/net/" + nd.name + "/qos/trust    # or: mlnx_qos -i " + nd.name +
                  " --trust " + want};
    return c;
  }
  if (nd.dcb.apptrust.ok()) {
    const auto& order = *nd.dcb.apptrust;
    const bool dscp_first = !order.empty() && order.front() == model::kAppSelDscp;
    if (dscp_first == (profile.trust == profile::Trust::dscp)) return std::nullopt;
    Change c;
    c.object = {nd.name, system::Knob::dcb_apptrust, 0};
    c.current = order;
    c.proposed = wanted_apptrust(profile.trust);
    c.fields.push_back({"apptrust order", apptrust_text(order), apptrust_text(wanted_apptrust(profile.trust)), reason});
    c.commands = {"dcb apptrust set dev " + nd.name + " order " + apptrust_text(wanted_apptrust(profile.trust))};
    return c;
  }
  if (p.mlx5()) {
    via_app = true;  // mlx5 without apptrust: DSCP trust as soon as the APP table has DSCP entries
    return std::nullopt;
  }
  notes.push_back({nd.name + " trust", "neither qos/trust (" + model::describe_missing(nd.trust) +
                                           ") nor dcb apptrust (" + model::describe_missing(nd.dcb.apptrust) +
                                           "); cannot set trust " + want});
  return std::nullopt;
}

std::string priorities_text(const std::vector<AppEntry>& entries) {
  if (entries.empty()) return "(none)";
  std::string s;
  for (const auto& e : entries) s += (s.empty() ? "prio " : ", ") + std::to_string(e.priority);
  return s;
}

Change app_change(const std::string& netdev, std::uint16_t dscp, std::vector<AppEntry> current,
                  std::vector<AppEntry> proposed, std::string reason) {
  Change c;
  c.object = {netdev, system::Knob::dcb_app, system::app_key(model::kAppSelDscp, dscp)};
  c.fields.push_back(
      {"dscp " + std::to_string(dscp), priorities_text(current), priorities_text(proposed), std::move(reason)});
  c.current = std::move(current);
  c.proposed = std::move(proposed);
  return c;
}

// One change per DSCP key (change.hpp says why); the first carries the one command for all.
std::vector<Change> plan_app(const PortPlan& p, const profile::Profile& profile, Notes& notes, bool trust_via_app) {
  const auto& nd = p.nd;
  const bool dscp = profile.trust == profile::Trust::dscp;
  if (!dscp && !trust_via_app) return {};  // PCP trust: the DSCP map is not used
  if (!nd.dcb.app.ok()) {
    notes.push_back({nd.name + " dcb app", model::describe_missing(nd.dcb.app) +
                                               (dscp ? "; cannot set the DSCP map" : "; cannot remove the DSCP map")});
    return {};
  }
  const auto& table = *nd.dcb.app;
  std::vector<Change> out;
  if (!dscp) {  // mlx5 trusts PCP once no DSCP entry is left
    std::set<std::uint16_t> keys;
    for (const auto& e : table)
      if (e.selector == model::kAppSelDscp) keys.insert(e.protocol);
    for (std::uint16_t d : keys)
      out.push_back(app_change(nd.name, d, system::app_entries_of(table, system::app_key(model::kAppSelDscp, d)), {},
                               "profile qos.trust = pcp: mlx5 trusts DSCP while its APP table holds DSCP entries"));
    if (!out.empty()) out.front().commands = {"dcb app flush dev " + nd.name + " dscp-prio"};
    return out;
  }
  std::map<std::uint16_t, int> wanted;  // DSCP -> priority; the CNP's last, as the profile checks
  for (const auto& cls : profile.lossless)
    for (int d : cls.dscp) wanted[static_cast<std::uint16_t>(d)] = cls.priority;
  if (profile.cnp_dscp) wanted[static_cast<std::uint16_t>(*profile.cnp_dscp)] = profile.cnp_priority;
  std::string args;
  for (auto [d, prio] : wanted) {
    auto current = system::app_entries_of(table, system::app_key(model::kAppSelDscp, d));
    std::vector<AppEntry> proposed{{model::kAppSelDscp, static_cast<std::uint8_t>(prio), d}};
    if (current == proposed) continue;
    const bool cnp = profile.cnp_dscp && d == *profile.cnp_dscp && prio == profile.cnp_priority;
    out.push_back(
        app_change(nd.name, d, std::move(current), std::move(proposed),
                   cnp ? "profile cnp.dscp -> cnp.priority" : "profile qos.lossless: RoCE DSCP -> lossless priority"));
    args += " " + std::to_string(d) + ":" + std::to_string(prio);
  }
  if (!out.empty()) out.front().commands = {"dcb app replace dev " + nd.name + " dscp-prio" + args};
  return out;
}

}  // namespace

std::vector<Change> plan_trust_and_app(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  std::vector<Change> out;
  bool via_app = false;
  auto trust = plan_trust(p, profile, notes, via_app);
  // The DSCP map before the trust: on mlx5 the first DSCP entry turns DSCP trust on by itself, and
  // a rollback that restores PCP trust first lets the driver drop its DSCP entries without
  // rewriting its firmware map (deleting entries one by one would zero it).
  out = plan_app(p, profile, notes, via_app);
  if (trust) out.push_back(std::move(*trust));
  return out;
}

std::vector<Change> plan_pfc(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  if (!nd.dcb.pfc.ok()) {
    notes.push_back(
        {nd.name + " dcb pfc", model::describe_missing(nd.dcb.pfc) + "; cannot set PFC or the cable length"});
    return {};
  }
  const model::Pfc& current = *nd.dcb.pfc;
  model::Pfc proposed = current;
  std::uint8_t mask = 0;
  for (const auto& cls : profile.lossless)
    if (cls.priority >= 0 && cls.priority < model::kPriorities) mask |= static_cast<std::uint8_t>(1u << cls.priority);
  proposed.pfc_en = mask;
  Change c;
  c.object = {nd.name, system::Knob::dcb_pfc, 0};
  std::string args;
  if (current.pfc_en != mask) {
    c.fields.push_back({"prio-pfc", model::pfc_mask_text(current.pfc_en), model::pfc_mask_text(mask),
                        "profile qos.lossless: PFC on the lossless priorities only"});
    args += " prio-pfc " + model::prio_pfc_text(mask);
    c.disruptive = p.mlx5();
  }
  if (p.mlx5()) {  // the PFC delay is the cable length in metres there (formats.md §4.1)
    std::optional<std::uint32_t> real;
    std::string source;
    if (profile.cable_length_m)
      real = *profile.cable_length_m, source = "profile link.cable_length_m";
    else if (nd.module_cable_m.ok())
      real = *nd.module_cable_m, source = "the module's cable length";
    if (real && *real != current.delay && *real > 0 && *real < 1000) {
      proposed.delay = static_cast<std::uint16_t>(*real);
      c.fields.push_back(
          {"delay (cable m)", std::to_string(current.delay), std::to_string(*real),
           "mlx5 sizes PFC headroom for this cable length; " + source + " says " + std::to_string(*real) + " m"});
      args += " delay " + std::to_string(*real);
    }
    p.final_cable_m = proposed.delay;
  }
  p.final_pfc_en = mask;
  if (proposed == current) return {};
  c.current = current;
  c.proposed = proposed;
  c.commands = {"dcb pfc set dev " + nd.name + args +
                (c.disruptive ? "    # mlx5 toggles the link when the PFC mask changes" : "")};
  return {c};
}

}  // namespace roce::tune::detail
