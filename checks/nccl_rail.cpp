// NCCL-RAIL: every active RoCE port of the host carries the job's traffic when the others do. A
// rail left out (NCCL_IB_HCA, a device NCCL skipped) leaves its bandwidth unused and loads the rest.
#include <algorithm>

#include "checks/link_common.hpp"
#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-RAIL";

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto on_host = nccl_processes_on_host(ctx);
  if (on_host.empty()) return r.skip(ctx.now.hostname, no_process_on_host(ctx));
  std::vector<std::string> used;
  std::uint64_t net = 0;
  auto use = [&](const std::string& name) {
    if (std::find(used.begin(), used.end(), name) == used.end()) used.push_back(name);
  };
  for (const auto& p : on_host) {
    const auto& rank = *p.rank;
    for (const auto& [index, n] : rank.channels.per_net_device) {
      net += n;
      const auto devices = nccl_devices_at(rank, index);
      if (!devices.empty()) {
        for (const auto* d : devices) use(d->name);
      } else {
        // An index beyond the listed devices is one NCCL merged from several (a virtual NIC): all of them.
        for (const auto& x : rank.devices) use(x.name);
      }
    }
  }
  if (net == 0 || used.empty()) return r.skip(ctx.now.hostname, "no NET channel of the host's processes in the log");
  std::string used_text;
  for (const auto& u : used) used_text += (used_text.empty() ? "" : ", ") + u;
  for (const auto& p : ctx.ports()) {
    if (!p.device || !p.port || !p.port->state.ok()) continue;
    r.evaluated();
    if (p.port->state->code != link::kPortActive) continue;
    if (std::find(used.begin(), used.end(), p.device->name) != used.end()) continue;
    std::vector<engine::Evidence> evidence{
        nccl_evidence(on_host.front(), "devices carrying NET channels", used_text),
        config("port state", std::to_string(p.port->state->code) + ": " + p.port->state->name, p.port->state)};
    if (auto hca = nccl_env(on_host.front(), "NCCL_IB_HCA"))
      evidence.push_back(nccl_evidence(on_host.front(), "NCCL_IB_HCA", *hca));
    r.finding({
        .severity = engine::Severity::warning,
        .subject = p.subject(),
        .title = "rail " + p.device->name + "/" + std::to_string(p.port->number) + " (" + p.name() +
                 ") is active but carries none of the job's traffic; " + used_text + " carry it",
        .evidence = std::move(evidence),
        .explanation =
            "On a rail-optimised GPU server each NIC serves the GPUs next to it. A NIC the job does not use "
            "leaves its bandwidth idle and sends its GPUs' traffic through other NICs, across PCIe switches or "
            "the CPU. Usual causes: NCCL_IB_HCA leaving it out, its port not RoCE-capable to NCCL (no RoCE v2 "
            "GID), or a storage NIC on the same host (then this is expected).",
        .remediation = {"echo $NCCL_IB_HCA", "roce-doctor check --only GID-ROCEV2,NCCL-HCA"},
    });
  }
}

}  // namespace

engine::CheckInfo info_nccl_rail() {
  return {
      .id = kId,
      .title = "Every active rail carries the job's traffic",
      .default_severity = engine::Severity::warning,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"NCCL-HCA", "GID-ROCEV2"},
      .doc =
          "The devices of the judged host that carry the NET channels of its processes in the job's NCCL log "
          "(\"via NET/IB/N\", N the index in the \"NET/IB : Using\" list; an index past the list is a merged "
          "device and counts for all of them): an ACTIVE RDMA port of the host whose device carries none while "
          "others do is a warning on that port.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
