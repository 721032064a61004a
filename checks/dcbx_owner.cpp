// DCBX-OWNER: the DCB configuration is owned by the host, not by an LLDP agent in the NIC firmware.
// With DCB_CAP_DCBX_LLD_MANAGED the embedded agent negotiates DCB with the switch: what is set by hand
// (dcb, mlnx_qos, roce-doctor tune) may be refused or overwritten at the next LLDP exchange.
// Whether a host agent (lldpad) is running is not in the model; a reader would have to add it.
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "DCBX-OWNER";

// DCB_CAP_DCBX_* (linux/dcbnl.h)
constexpr std::uint8_t kHost = 0x01, kLldManaged = 0x02, kVerCee = 0x04, kVerIeee = 0x08, kStatic = 0x10;

std::string dcbx_text(std::uint8_t mode) {
  std::string s;
  for (auto [bit, name] : {std::pair{kHost, "HOST"}, std::pair{kLldManaged, "LLD_MANAGED"},
                           std::pair{kVerCee, "VER_CEE"}, std::pair{kVerIeee, "VER_IEEE"},
                           std::pair{kStatic, "STATIC"}})
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

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
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
      .doc = "Reads the DCBX mode (dcb dcbx show, DCB_CMD_GDCBX) and warns when it has LLD_MANAGED: an LLDP "
             "agent outside the host (ice/i40e/bnxt firmware) negotiates DCB and may overwrite hand-made "
             "settings. HOST (host-managed or static configuration) is fine. A host LLDP daemon such as "
             "lldpad is not detected here.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
