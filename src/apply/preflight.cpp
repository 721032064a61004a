// Reasons to refuse an apply before anything is touched.
#include "apply/preflight.hpp"

#include "util/text.hpp"

namespace roce::apply {

bool is_dcb_knob(system::Knob k) {
  return k == system::Knob::dcb_apptrust || k == system::Knob::dcb_app || k == system::Knob::dcb_pfc ||
         k == system::Knob::dcb_ets || k == system::Knob::dcb_buffer;
}

std::optional<std::string> dcbx_owner(const model::Host& host, const std::vector<tune::Change>& changes) {
  bool touches_dcb = false;
  for (const auto& c : changes) {
    if (!is_dcb_knob(c.object.knob)) continue;
    touches_dcb = true;
    const model::NetDev* netdev = host.netdev(c.object.netdev);
    if (netdev && netdev->dcb.dcbx.ok() && (*netdev->dcb.dcbx & kDcbxLldManaged))
      return c.object.netdev + " DCBX mode is LLD_MANAGED: an LLDP agent owns its DCB configuration";
  }
  if (!touches_dcb) return std::nullopt;
  if (!host.lldp_agents.ok() || host.lldp_agents->empty()) return std::nullopt;
  return "an LLDP agent is running (" + util::join(*host.lldp_agents, ", ") +
         ") and may overwrite the DCB configuration";
}

}  // namespace roce::apply
