// Remediation commands in mlnx_qos or dcb, whichever the host uses.
#include "checks/fix_commands.hpp"

#include "checks/common.hpp"

namespace roce::checks {

bool fixes_in_mlnx_qos(const engine::Context& ctx, const engine::PortView& p) {
  return ctx.now.mlnx_qos_seen && (is_mlx5(p) || p.driver().empty());
}

std::string qos_fix(const engine::Context& ctx, const engine::PortView& p, const std::string& mlnx_qos_args,
                    const std::string& dcb_command) {
  return fixes_in_mlnx_qos(ctx, p) ? "mlnx_qos -i " + p.name() + " " + mlnx_qos_args : dcb_command;
}

std::string mlnx_qos_pfc_list(const profile::Profile& profile) {
  std::string list;
  for (int prio = 0; prio < model::kPriorities; ++prio)
    list += std::string(prio ? "," : "") + (profile.is_lossless(prio) ? "1" : "0");
  return list;
}

}  // namespace roce::checks
