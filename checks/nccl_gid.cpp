// NCCL-GID: the GID index the job used (NCCL_IB_GID_INDEX) names the RoCE v2 GID of an address of
// the port. An index of a RoCE v1, link-local, empty or missing entry makes QP setup fail or sends
// unroutable traffic.
#include <algorithm>
#include <cctype>

#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-GID";

bool link_local(const std::string& gid) {
  std::string g = gid.substr(0, 4);
  for (auto& c : g) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return g == "fe80";
}

bool empty_gid(const std::string& gid) {
  return std::all_of(gid.begin(), gid.end(), [](char c) { return c == '0' || c == ':'; });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  const auto on_host = nccl_processes_on_host(ctx);
  if (on_host.empty()) return r.skip(ctx.now.hostname, no_process_on_host(ctx));
  // One judgement per (index, port): every process of a host normally shares its environment.
  std::vector<std::pair<long, const engine::PortView*>> judged;
  for (const auto& proc : on_host) {
    const auto value = nccl_env(proc, "NCCL_IB_GID_INDEX");
    if (!value) continue;
    long index = -1;
    try {
      index = std::stol(*value);
    } catch (...) {
      continue;
    }
    if (index < 0) continue;  // -1: NCCL picks the RoCE v2 GID of the IPv4 address itself
    auto ports = nccl_ports_listed(ctx, {proc});
    if (ports.empty())
      for (const auto& p : ctx.ports()) ports.push_back(&p);
    for (const auto* p : ports) {
      if (std::find(judged.begin(), judged.end(), std::pair{index, p}) != judged.end()) continue;
      judged.emplace_back(index, p);
      if (!p->port) continue;
      if (!r.require(p->port->gids, p->name(), "GID table")) continue;
      r.evaluated();
      const auto& gids = *p->port->gids;
      const auto g = std::find_if(gids.begin(), gids.end(),
                                  [&](const model::Gid& x) { return static_cast<long>(x.index) == index; });
      std::string problem;
      if (g == gids.end() || empty_gid(g->gid))
        problem = "is not populated";
      else if (!g->type.ok())
        continue;  // the type is unknown: nothing to judge
      else if (*g->type != "RoCE v2")
        problem = "is " + *g->type + ", not RoCE v2";
      else if (link_local(g->gid))
        problem = "is the link-local GID " + g->gid;
      if (problem.empty()) continue;
      std::string v2;
      for (const auto& x : gids)
        if (x.type.ok() && *x.type == "RoCE v2" && !link_local(x.gid) && !empty_gid(x.gid))
          v2 += (v2.empty() ? "" : ", ") + std::to_string(x.index) + " (" + x.gid + ")";
      std::vector<engine::Evidence> evidence{nccl_evidence(proc, "NCCL_IB_GID_INDEX", *value)};
      if (g != gids.end())
        evidence.push_back(
            config("GID " + std::to_string(index), g->gid + " " + (g->type.ok() ? *g->type : "?"), p->port->gids));
      r.finding({
          .severity = engine::Severity::critical,
          .subject = p->subject(),
          .title = "NCCL_IB_GID_INDEX=" + *value + " on " + p->device->name + "/" + std::to_string(p->port->number) +
                   " " + problem + (v2.empty() ? "" : "; RoCE v2 GIDs of its addresses: " + v2),
          .evidence = std::move(evidence),
          .explanation =
              "NCCL builds every queue pair on the GID index it is given. An index whose entry is missing fails "
              "the QP transition (ibv_modify_qp), a RoCE v1 entry sends unroutable v1 frames, and a link-local "
              "entry reaches only the local segment. Use the RoCE v2 entry of the port's IPv4 address, or leave "
              "NCCL_IB_GID_INDEX unset so NCCL picks it.",
          .remediation = {"grep -H . /sys/class/infiniband/" + p->device->name + "/ports/" +
                              std::to_string(p->port->number) + "/gid_attrs/types/*",
                          "show_gids " + p->device->name},
      });
    }
  }
  if (judged.empty())
    r.skip(ctx.now.hostname,
           "NCCL_IB_GID_INDEX not in the log (unset, or not echoed by this NCCL or its net plugin): when unset, NCCL "
           "picks "
           "the RoCE v2 GID itself");
}

}  // namespace

engine::CheckInfo info_nccl_gid() {
  return {
      .id = kId,
      .title = "NCCL_IB_GID_INDEX names a RoCE v2 GID of the port",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"GID-ROCEV2"},
      .doc =
          "For the processes of the job's NCCL log that ran on the judged host and set NCCL_IB_GID_INDEX, "
          "looks the index up in the GID table of each RDMA port they used (their \"NET/IB : Using\" line; every "
          "RoCE port when it is missing): an entry that is missing or empty, not RoCE v2, or link-local (fe80::) "
          "is critical, with the RoCE v2 indexes the table does have. Unset or -1 (NCCL chooses) is not judged.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
