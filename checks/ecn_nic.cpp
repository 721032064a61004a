// ECN-NIC: DCQCN is enabled on the NIC for every ECN priority of the profile: the notification
// point (sends CNPs for CE-marked RoCE packets) and the reaction point (slows down on CNPs).
#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "ECN-NIC";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  for (const auto& p : ctx.ports()) {
    const auto& nd = *p.netdev;
    if (!r.require(nd.ecn, nd.name, "ecn (sysfs ecn/roce_np, ecn/roce_rp)")) continue;
    bool judged = false;
    for (int prio : ctx.profile.ecn_priorities) {
      const auto& np = nd.ecn->np[prio];
      const auto& rp = nd.ecn->rp[prio];
      const std::string where = nd.name + " prio " + std::to_string(prio);
      if (!r.require(np, where, "ecn/roce_np/enable/" + std::to_string(prio)) ||
          !r.require(rp, where, "ecn/roce_rp/enable/" + std::to_string(prio)))
        continue;
      judged = true;
      if (*np && *rp) continue;
      std::string off = !*np && !*rp ? "notification and reaction points"
                        : !*np       ? "notification point"
                                     : "reaction point";
      const std::string base = "echo 1 > /sys/class/net/" + nd.name + "/ecn/";
      std::vector<std::string> remediation;
      if (!*np) remediation.push_back(base + "roce_np/enable/" + std::to_string(prio));
      if (!*rp) remediation.push_back(base + "roce_rp/enable/" + std::to_string(prio));
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p.subject(prio),
          .title = "DCQCN " + off + " disabled on priority " + std::to_string(prio),
          .evidence = {config("ecn/roce_np/enable/" + std::to_string(prio), *np ? "1" : "0", np),
                       config("ecn/roce_rp/enable/" + std::to_string(prio), *rp ? "1" : "0", rp)},
          .explanation = "DCQCN needs both ends: the receiver's notification point answers CE-marked RoCE packets with "
                         "CNPs, the sender's reaction point lowers its rate on CNPs. With either off on priority " +
                         std::to_string(prio) +
                         ", congestion is handled by PFC alone: pauses spread through the fabric "
                         "(head-of-line blocking, victim flows) instead of senders slowing down.",
          .remediation = std::move(remediation),
      });
    }
    if (judged) r.evaluated();
  }
}

}  // namespace

engine::CheckInfo info_ecn_nic() {
  return {
      .id = kId,
      .title = "DCQCN enabled on the lossless priority",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nic_ecn},
      .profile_keys = {"ecn.priorities"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "Reads the vendor sysfs switches /sys/class/net/<if>/ecn/roce_np/enable/<prio> and "
          "ecn/roce_rp/enable/<prio> (MLNX_OFED; upstream mlx5 keeps DCQCN in firmware, where it is on "
          "by default, and this check is skipped as unsupported) and reports each ECN priority of the "
          "profile where the notification or reaction point is off.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
