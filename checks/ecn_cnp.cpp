// ECN-CNP: CNPs that reach this NIC are acted on. rp_cnp_ignored counts CNPs the reaction point
// dropped because congestion control is off for the priority they belong to (ROCE_CC_PRIO_MASK on
// mlx5, or ecn/roce_rp/enable/N off): the receivers ask for less and this sender does not slow down.
// Only what this host shows is judged: np_cnp_sent here says nothing about the peer's reaction point.
#include <cstdio>

#include "checks/common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "ECN-CNP";
constexpr double kMaxIgnoredPerSecond = 0;

// mlxconfig names per-port settings _P1/_P2 after the PCI function of the port's physical function.
std::string mlxconfig_port(const engine::PortView& p) {
  const auto& pci = p.netdev->pci_address;
  if (pci.ok() && !pci->empty() && pci->back() >= '0' && pci->back() <= '7')
    return "P" + std::to_string(pci->back() - '0' + 1);
  return "P1";
}

std::vector<std::string> remedy(const engine::PortView& p) {
  const auto& nd = *p.netdev;
  std::vector<std::string> cmds;
  if (nd.ecn.ok()) {
    for (int prio = 0; prio < model::kPriorities; ++prio)
      if (nd.ecn->rp[prio].ok() && !*nd.ecn->rp[prio])
        cmds.push_back("echo 1 > /sys/class/net/" + nd.name + "/ecn/roce_rp/enable/" + std::to_string(prio));
  }
  if (is_mlx5(p) && nd.pci_address.ok()) {
    const std::string param = "ROCE_CC_PRIO_MASK_" + mlxconfig_port(p);
    cmds.push_back("mlxconfig -d " + *nd.pci_address + " query " + param);
    cmds.push_back("mlxconfig -d " + *nd.pci_address + " set " + param + "=255");
  }
  cmds.push_back("roce-doctor check --only ECN-NIC,TRAFFIC-CLASS");
  return cmds;
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const double max = ctx.profile.threshold(kId, "max_ignored_per_s", kMaxIgnoredPerSecond);
  for (const auto& p : ctx.ports()) {
    auto ignored = ctx.rate(p, "roce.cnp_ignored");
    if (!ignored) {
      std::string why = "no CNP-ignored counter in both samples";
      if (is_mlx5(p))
        why = "rp_cnp_ignored absent: mlx5 shows the congestion counters only with firmware cap cc_query_allowed";
      r.skip(p.name(), why);
      continue;
    }
    r.evaluated();
    if (ignored->delta == 0 || ignored->per_second <= max) continue;
    char rate[32];
    std::snprintf(rate, sizeof rate, "%.1f/s", ignored->per_second);
    std::vector<engine::Evidence> evidence = {ignored->evidence()};
    if (auto handled = ctx.rate(p, "roce.cnp_handled")) evidence.push_back(handled->evidence());
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = std::to_string(ignored->delta) + " CNPs ignored by the reaction point (" + rate +
                 "): congestion control is off on the priority they arrive for",
        .evidence = std::move(evidence),
        .explanation =
            "Receivers on the path saw CE-marked packets from this host and sent CNPs, but its DCQCN reaction "
            "point ignored them: congestion control is disabled for the priority those QPs use (mlx5 "
            "ROCE_CC_PRIO_MASK, or ecn/roce_rp/enable/<prio> = 0), often because the RoCE traffic rides a "
            "priority other than the one DCQCN was enabled on. This sender keeps its rate and the congestion "
            "is left to PFC.",
        .remediation = remedy(p),
    });
  }
}

}  // namespace

engine::CheckInfo info_ecn_cnp() {
  return {
      .id = kId,
      .title = "CNPs are not ignored by the sender",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::rates, engine::Need::rdma_counters},
      .profile_keys = {},
      .thresholds = {{"max_ignored_per_s", kMaxIgnoredPerSecond, "ignored CNPs per second allowed"}},
      .explained_by = {"ECN-NIC", "TRAFFIC-CLASS"},
      .doc =
          "Over two samples, rp_cnp_ignored (irdma cnpIgnored) rising means the DCQCN reaction point drops "
          "CNPs because congestion control is off on their priority (mlx5 ROCE_CC_PRIO_MASK_P<n>, "
          "ecn/roce_rp/enable/<prio>). Judges this host only: CNPs it sends (np_cnp_sent) say nothing about "
          "the peer's reaction point.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
