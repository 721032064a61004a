#pragma once
// The lookups and configurations that the scenario tests of the QoS configuration checks share (PFC-EXTRA, PFC-GLOBAL-
// PAUSE, PFC-STORM-GUARD, DCBX-OWNER, BUF-MAP, BUF-CABLE), and the Spectrum-2 switch port that ECN-RED is judged on.
#include "scenario_prelude.hpp"

namespace roce::test {

inline bool contains(const std::string& s, std::string_view part) { return s.find(part) != std::string::npos; }

inline Scenario configured(std::function<void(model::Host&)> config) {
  Scenario s = healthy_scenario();
  s.config = std::move(config);
  return s;
}

// ---------------------------------------------------------------------------------------- PFC-EXTRA

// ---------------------------------------------------------------------------------- PFC-GLOBAL-PAUSE

// ----------------------------------------------------------------------------------- PFC-STORM-GUARD

// ---------------------------------------------------------------------------------------- DCBX-OWNER

// ------------------------------------------------------------------------------------------- BUF-MAP

// ----------------------------------------------------------------------------------------- BUF-CABLE

// ------------------------------------------------------------------------------------------- ECN-RED

inline constexpr std::uint32_t kRoot = 0xffffffff;
inline constexpr std::uint32_t kMaxP5Percent = 214748365;  // 0.05 * 2^32, as tc sends `probability 0.05`

inline model::Qdisc ets_root() {
  model::Qdisc q;
  q.kind = "ets";
  q.handle = 0x10000;  // 1:
  q.parent = kRoot;
  q.offloaded = true;
  q.bands = 8;
  q.strict_bands = 8;
  q.priomap = {7, 6, 5, 4, 3, 2, 1, 0, 7, 7, 7, 7, 7, 7, 7, 7};  // mlxsw: priority p -> band 7-p
  return q;
}

inline model::Qdisc red(std::uint32_t parent, std::uint32_t handle) {
  model::Qdisc q;
  q.kind = "red";
  q.handle = handle;
  q.parent = parent;
  q.offloaded = true;
  model::RedParams r;
  r.limit = 3000000, r.qth_min = 150000, r.qth_max = 1500000;
  r.wlog = 9, r.plog = 24, r.scell_log = 20;
  r.flags = 1;  // TC_RED_ECN
  r.max_p = kMaxP5Percent;
  q.red = r;
  q.red_xstats = model::RedXstats{0, 0, 0, 88123};
  return q;
}

// A Spectrum-2 switch port facing the host: ETS root, RED with ECN on band 4 (class 1:5), which
// priority 3 maps to.
inline model::Host switch_host(std::function<void(model::NetDev&)> edit = {}) {
  model::Host h;
  h.hostname = "leaf-07";
  h.from = {"test", "spectrum-2 port"};
  model::NetDev nd;
  nd.name = "swp1";
  nd.driver = model::Field<model::DriverInfo>::of({"mlxsw_spectrum2", "1.0", "29.2010.2302", "0000:03:00.0"},
                                                  {"ethtool-ioctl", "swp1 ETHTOOL_GDRVINFO"});
  nd.link = model::Field<model::LinkSettings>::of({100000, "full", true, 4}, {"ethtool-netlink", "swp1 LINKMODES_GET"});
  model::Pfc pfc;
  pfc.pfc_cap = 8, pfc.pfc_en = 1 << 3;
  nd.dcb.pfc = model::Field<model::Pfc>::of(pfc, {"dcbnl", "swp1 DCB_ATTR_IEEE_PFC"});
  nd.qdiscs =
      model::Field<std::vector<model::Qdisc>>::of({ets_root(), red(0x10005, 0x150000)}, {"tc", "swp1 RTM_GETQDISC"});
  if (edit) edit(nd);
  h.netdevs.push_back(std::move(nd));
  return h;
}

inline engine::CheckResult ecn_red(const model::Host& h, const profile::Profile& p = profile::default_profile()) {
  engine::Context ctx(h, nullptr, 0, p);
  engine::Selection only;
  only.only = {"ECN-RED"};
  auto results = checks::run_checks(ctx, only);
  REQUIRE(results.size() == 1);
  return results[0];
}

inline model::Qdisc& red_of(model::NetDev& nd) { return nd.qdiscs->at(1); }

}  // namespace roce::test
