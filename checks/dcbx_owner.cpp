// DCBX-OWNER: the DCB configuration is owned by the host, not by an LLDP agent in the NIC firmware.
// With DCB_CAP_DCBX_LLD_MANAGED the embedded agent negotiates DCB with the switch: what is set by hand
// (dcb, mlnx_qos, roce-doctor tune) may be refused or overwritten at the next LLDP exchange.
// On the host, lldpad (Open-LLDP) sets PFC, ETS and APP on the ports it is configured for, over the
// same dcbnl: it owns DCB there as surely as a firmware agent does. lldpd only speaks LLDP.
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "DCBX-OWNER";

// DCB_CAP_DCBX_* (linux/dcbnl.h)
constexpr std::uint8_t kHost = 0x01, kLldManaged = 0x02, kVerCee = 0x04, kVerIeee = 0x08, kStatic = 0x10;

std::string dcbx_text(std::uint8_t mode) {
  std::string s;
  for (auto [bit, name] :
       {std::pair{kHost, "HOST"}, std::pair{kLldManaged, "LLD_MANAGED"}, std::pair{kVerCee, "VER_CEE"},
        std::pair{kVerIeee, "VER_IEEE"}, std::pair{kStatic, "STATIC"}})
    if (mode & bit) s += (s.empty() ? "" : "|") + std::string(name);
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02x", mode);
  return (s.empty() ? "none" : s) + " (" + hex + ")";
}

// How to hand DCB back to the host, per driver.
std::vector<std::string> remedy(const engine::PortView& p) {
  const std::string dev = p.name(), driver = p.driver();
  if (driver == "ice") return {"ethtool --set-priv-flags " + dev + " fw-lldp-agent off", "roce-doctor tune"};
  if (driver == "i40e") return {"ethtool --set-priv-flags " + dev + " disable-fw-lldp on", "roce-doctor tune"};
  return {"dcb dcbx set dev " + dev + " host ieee", "roce-doctor tune"};
}

// lldpad running: which ports it manages is in its own configuration (lldptool), not in the model.
void judge_host_agents(const model::Field<std::vector<std::string>>& agents, engine::Reporter& r) {
  if (!agents.ok()) return;  // not looked (a copied tree, a capture without ps): the ports' judgement stands
  for (const auto& agent : *agents) {
    if (!agent.starts_with("lldpad ")) continue;  // lldpd never sets DCB
    r.finding({
        .severity = engine::Severity::info,
        .subject = {},
        .title = "lldpad runs on this host: on the ports it is configured for, it owns PFC, ETS and the APP table",
        .evidence = {config("lldp agent", agent, agents)},
        .explanation = "lldpad (Open-LLDP) negotiates DCB with the switch and sets it through the kernel's dcbnl on "
                       "every port where it is told to (lldptool -T -V PFC/ETS-CFG/APP enableTx=yes). There, what "
                       "is set by hand, with mlnx_qos or with roce-doctor tune is replaced at its next exchange. "
                       "Whether it manages a port is in its configuration, which lldptool shows.",
        .remediation = {"lldptool -t -i IF -V PFC -c enabled  # per RoCE port: is PFC lldpad's there?",
                        "systemctl disable --now lldpad  # if DCB is set by hand or by roce-doctor tune"},
    });
  }
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  judge_host_agents(ctx.now.lldp_agents, r);
  for (const auto& p : ctx.ports()) {
    const auto& dcbx = p.netdev->dcb.dcbx;
    if (!r.require(dcbx, p.name(), "dcb dcbx mode")) continue;
    r.evaluated();
    if (!(*dcbx & kLldManaged)) continue;
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = "DCB is managed by an LLDP agent outside the host (DCBX LLD_MANAGED)",
        .evidence = {config("dcb dcbx", dcbx_text(*dcbx), dcbx)},
        .explanation = "The driver reports that DCBX is negotiated by an agent outside the host, normally the NIC "
                       "firmware's LLDP agent. That agent owns PFC, ETS and the APP table: settings made by hand or by "
                       "roce-doctor tune are rejected or replaced by what it negotiates with the switch, so the "
                       "lossless configuration can change under a running job. Either hand DCB to the host, or "
                       "configure the switch so that what the agent negotiates is the profile.",
        .remediation = remedy(p),
    });
  }
}

}  // namespace

engine::CheckInfo info_dcbx_owner() {
  return {
      .id = kId,
      .title = "DCB configuration owned by the host",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::dcbx},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the DCBX mode (dcb dcbx show, DCB_CMD_GDCBX) and warns when it has LLD_MANAGED: an LLDP "
          "agent outside the host (ice/i40e/bnxt firmware) negotiates DCB and may overwrite hand-made "
          "settings. HOST (host-managed or static configuration) is fine. A running lldpad (found by its "
          "pid file live, or in a captured ps listing) is reported as information: on the ports it is "
          "configured for, it owns DCB the same way; lldpd only speaks LLDP.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
