#include "apply/preflight.hpp"

#include <dirent.h>

#include <cctype>
#include <fstream>

namespace roce::apply {

bool is_dcb_knob(system::Knob k) {
  return k == system::Knob::dcb_apptrust || k == system::Knob::dcb_app || k == system::Knob::dcb_pfc ||
         k == system::Knob::dcb_ets || k == system::Knob::dcb_buffer;
}

std::vector<std::string> lldp_agents(const std::string& proc_root) {
  std::vector<std::string> found;
  DIR* dir = ::opendir(proc_root.c_str());
  if (!dir) return found;
  while (const dirent* e = ::readdir(dir)) {
    const std::string pid = e->d_name;
    if (pid.empty() || !std::isdigit(static_cast<unsigned char>(pid[0]))) continue;
    std::ifstream in(proc_root + "/" + pid + "/comm");
    std::string comm;
    if (!std::getline(in, comm)) continue;
    if (comm == "lldpad" || comm == "lldpd") found.push_back(comm + " (pid " + pid + ")");
  }
  ::closedir(dir);
  return found;
}

std::optional<std::string> dcbx_owner(const model::Host& host, const std::vector<tune::Change>& changes,
                                      const std::string& proc_root) {
  bool touches_dcb = false;
  for (const auto& c : changes) {
    if (!is_dcb_knob(c.object.knob)) continue;
    touches_dcb = true;
    const model::NetDev* netdev = host.netdev(c.object.netdev);
    if (netdev && netdev->dcb.dcbx.ok() && (*netdev->dcb.dcbx & kDcbxLldManaged))
      return c.object.netdev + " DCBX mode is LLD_MANAGED: an LLDP agent owns its DCB configuration";
  }
  if (!touches_dcb) return std::nullopt;
  auto agents = lldp_agents(proc_root);
  if (agents.empty()) return std::nullopt;
  std::string list;
  for (const auto& a : agents) list += (list.empty() ? "" : ", ") + a;
  return "an LLDP agent is running (" + list + ") and may overwrite the DCB configuration";
}

}  // namespace roce::apply
