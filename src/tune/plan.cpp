// make_plan: picks the RoCE ports (those `check` judges, plus switch ports with RED) and runs the
// planners for each in the order the changes can be applied (see plan.hpp).
#include <algorithm>

#include "engine/context.hpp"
#include "physics/headroom.hpp"
#include "tune/plan_parts.hpp"

namespace roce::tune {
namespace detail {

std::optional<std::uint32_t> PortPlan::speed_mbps() const {
  if (nd.link.ok() && nd.link->speed_mbps) return nd.link->speed_mbps;
  if (port && port->rate_gbps.ok()) return static_cast<std::uint32_t>(*port->rate_gbps * 1000);
  return std::nullopt;
}

CableChoice headroom_cable(const PortPlan& p, const profile::Profile& profile) {
  if (profile.cable_length_m) return {*profile.cable_length_m, "profile link.cable_length_m"};
  if (p.nd.module_cable_m.ok()) return {*p.nd.module_cable_m, "module"};
  if (p.mlx5() && p.final_cable_m && *p.final_cable_m > 0) return {*p.final_cable_m, "dcb pfc delay"};
  return {physics::kMlx5DefaultCableM, "default (unknown)"};
}

std::vector<Change> plan_mtu(PortPlan& p, const profile::Profile& profile, Notes& notes) {
  const auto& nd = p.nd;
  if (!nd.mtu.ok()) {
    notes.push_back({nd.name + " mtu",
                     model::describe_missing(nd.mtu) + "; cannot check it against " + std::to_string(profile.min_mtu)});
    return {};
  }
  p.final_mtu = *nd.mtu;
  if (profile.min_mtu == 0 || *nd.mtu >= profile.min_mtu) return {};
  p.final_mtu = profile.min_mtu;
  Change c;
  c.object = {nd.name, system::Knob::mtu, 0};
  c.current = *nd.mtu;
  c.proposed = profile.min_mtu;
  c.fields.push_back({"mtu", std::to_string(*nd.mtu), std::to_string(profile.min_mtu),
                      "profile link.min_mtu " + std::to_string(profile.min_mtu) +
                          " (RoCE active MTU 4096 needs 4096 + 80 bytes of headers)"});
  c.disruptive = true;  // the driver reopens its queues: the link drops briefly
  c.commands = {"ip link set dev " + nd.name + " mtu " + std::to_string(profile.min_mtu) +
                "    # the link goes down and up"};
  return {c};
}

}  // namespace detail

namespace {

bool has_red(const model::NetDev& nd) { return nd.qdiscs.ok() && model::has_red(*nd.qdiscs); }

std::string driver_of(const model::NetDev& nd) { return nd.driver.ok() ? nd.driver->driver : ""; }

void append(std::vector<Change>& to, std::vector<Change> from) {
  for (auto& c : from) to.push_back(std::move(c));
}

}  // namespace

Plan make_plan(const model::Host& host, const profile::Profile& profile, const PlanOptions& options) {
  Plan plan;
  plan.hostname = host.hostname;
  const engine::Context ctx(host, nullptr, 0, profile);
  std::vector<const model::NetDev*> seen;
  auto wanted = [&](const model::NetDev& nd, const model::RdmaDevice* dev) {
    if (std::find(seen.begin(), seen.end(), &nd) != seen.end()) return false;
    return options.dev.empty() || options.dev == nd.name || (dev && options.dev == dev->name);
  };
  for (const auto& view : ctx.ports()) {
    if (view.stand_in || !wanted(*view.netdev, view.device)) continue;
    seen.push_back(view.netdev);
    plan.ports.push_back(view.netdev->name);
    detail::PortPlan p{*view.netdev, view.port, driver_of(*view.netdev), 0, std::nullopt, std::nullopt};
    auto mtu = detail::plan_mtu(p, profile, plan.notes);
    auto qos = detail::plan_trust_and_app(p, profile, plan.notes);
    auto pfc = detail::plan_pfc(p, profile, plan.notes);
    auto buffer = detail::plan_buffer(p, profile, plan.notes);
    auto ecn = detail::plan_nic_ecn(p, profile, plan.notes);
    auto red = p.switch_port() || has_red(p.nd) ? detail::plan_red(p, profile, plan.notes) : std::vector<Change>{};
    // Application order (plan.hpp): buffers before the PFC mask and MTU that need their headroom.
    append(plan.changes, std::move(qos));
    append(plan.changes, std::move(buffer));
    append(plan.changes, std::move(pfc));
    append(plan.changes, std::move(mtu));
    append(plan.changes, std::move(ecn));
    append(plan.changes, std::move(red));
  }
  // Switch ports with RED that are not RoCE ports of this host (as ECN-RED judges them).
  for (const auto& nd : host.netdevs) {
    if (!has_red(nd) || !wanted(nd, nullptr)) continue;
    seen.push_back(&nd);
    plan.ports.push_back(nd.name);
    detail::PortPlan p{nd, nullptr, driver_of(nd), 0, std::nullopt, std::nullopt};
    append(plan.changes, detail::plan_red(p, profile, plan.notes));
  }
  return plan;
}

}  // namespace roce::tune
