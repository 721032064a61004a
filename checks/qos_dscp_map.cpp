// QOS-DSCP-MAP: with DSCP trust, the RoCE DSCP values map to their lossless priority and the CNP
// DSCP to the CNP priority (DCB APP table, selector DSCP).
#include "checks/common.hpp"
#include "checks/fix_commands.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "QOS-DSCP-MAP";

std::string mapped_text(std::optional<int> prio) {
  return prio ? "priority " + std::to_string(*prio) : "no APP entry (default priority 0)";
}

void expect(const engine::Context& ctx, const engine::PortView& p,
            const model::Field<std::vector<model::AppEntry>>& app, int dscp, int want, const std::string& role,
            engine::Reporter& r) {
  auto got = dscp_priority(*app, dscp);
  if (got == want) return;
  r.finding({
      .severity = engine::Severity::critical,
      .subject = p.subject(want),
      .title = role + " DSCP " + std::to_string(dscp) + " maps to " + mapped_text(got) + ", not priority " +
               std::to_string(want),
      .evidence = {config("dcb app dscp-prio", model::dscp_map_text(*app), app)},
      .explanation = role == "RoCE"
                         ? "RoCE packets marked DSCP " + std::to_string(dscp) +
                               " are queued on the wrong priority, which has no PFC: they are dropped under "
                               "congestion instead of paused, and the lossless priority stays idle."
                         : "Congestion notification packets (CNPs, DSCP " + std::to_string(dscp) +
                               ") do not reach their own strict priority: they queue behind data, arrive late "
                               "or paused, and DCQCN reacts too slowly to prevent pauses and drops.",
      .remediation = {qos_fix(ctx, p, "--dscp2prio set," + std::to_string(dscp) + "," + std::to_string(want),
                              "dcb app replace dev " + p.name() + " dscp-prio " + std::to_string(dscp) + ":" +
                                  std::to_string(want)),
                      "roce-doctor tune"},
  });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto& prof = ctx.profile;
  if (prof.trust != profile::Trust::dscp) {
    r.skip("", "profile trusts PCP: the DSCP map is not used");
    return;
  }
  for (const auto& p : ctx.ports()) {
    const auto& app = p.netdev->dcb.app;
    if (!r.require(app, p.name(), "dcb app")) continue;
    auto t = trust_of(*p.netdev);
    if (t && t->trust != profile::Trust::dscp) {
      r.skip(p.name(), "trust is pcp, the DSCP map is not in use (see QOS-TRUST)");
      continue;
    }
    r.evaluated();
    for (const auto& c : prof.lossless)
      for (int d : c.dscp) expect(ctx, p, app, d, c.priority, "RoCE", r);
    if (prof.cnp_dscp) expect(ctx, p, app, *prof.cnp_dscp, prof.cnp_priority, "CNP", r);
  }
}

}  // namespace

engine::CheckInfo info_qos_dscp_map() {
  return {
      .id = kId,
      .title = "RoCE and CNP DSCP values map to their priorities",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::dcb_app},
      .profile_keys = {"qos.trust", "qos.lossless", "cnp.dscp", "cnp.priority"},
      .thresholds = {},
      .explained_by = {},
      .doc =
          "With DSCP trust, every DSCP of a lossless class must map to that class's priority in the "
          "DCB APP table (dcb app show: dscp-prio), and the CNP DSCP to the CNP priority. A missing "
          "entry means the default priority 0. Skipped where the NIC trusts PCP (QOS-TRUST reports that).",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
