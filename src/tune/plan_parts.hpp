#pragma once
// Internals of make_plan: one planner per group of knobs, each appending to the plan. Not API.
#include <optional>
#include <string>
#include <vector>

#include "model/dcb_text.hpp"
#include "model/host.hpp"
#include "profile/profile.hpp"
#include "tune/plan.hpp"

namespace roce::tune::detail {

/// One netdev being planned, and what the earlier planners decided that later ones depend on.
struct PortPlan {
  const model::NetDev& nd;
  const model::RdmaPort* port;                 // null: no RDMA port (switch port, or a host without verbs)
  std::string driver;                          // "mlx5_core", "" when unknown
  std::uint32_t final_mtu = 0;                 // the MTU after the plan (0: unknown)
  std::optional<std::uint8_t> final_pfc_en;    // the PFC mask after the plan
  std::optional<std::uint32_t> final_cable_m;  // mlx5 PFC delay after the plan

  bool mlx5() const { return driver == "mlx5_core"; }
  bool switch_port() const { return driver.starts_with("mlxsw"); }
  std::optional<std::uint32_t> speed_mbps() const;
};

using Notes = std::vector<PlanNote>;
// Each planner returns its changes (in application order) and adds notes for missing data.
// plan_mtu and plan_pfc also record the final MTU / PFC mask / cable length that plan_buffer needs.
std::vector<Change> plan_mtu(PortPlan& p, const profile::Profile& profile, Notes& notes);
std::vector<Change> plan_trust_and_app(PortPlan& p, const profile::Profile& profile, Notes& notes);
std::vector<Change> plan_pfc(PortPlan& p, const profile::Profile& profile, Notes& notes);
std::vector<Change> plan_buffer(PortPlan& p, const profile::Profile& profile, Notes& notes);
std::vector<Change> plan_nic_ecn(PortPlan& p, const profile::Profile& profile, Notes& notes);
std::vector<Change> plan_red(PortPlan& p, const profile::Profile& profile, Notes& notes);

/// The cable length headroom is sized for, best source first (as BUF-HEADROOM reads it):
/// the profile, the module, mlx5's PFC delay after the plan, the mlx5 default.
struct CableChoice {
  std::uint32_t metres;
  std::string source;  // "profile link.cable_length_m", "module", "dcb pfc delay", "mlx5 default"
};
CableChoice headroom_cable(const PortPlan& p, const profile::Profile& profile);

}  // namespace roce::tune::detail
