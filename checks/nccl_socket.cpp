// NCCL-SOCKET: the job moved its data over TCP sockets (NET/Socket) instead of RDMA. On a host with
// RDMA devices that is a silent fall-back, typically several times slower.
#include <algorithm>

#include "checks/nccl_common.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-SOCKET";

bool on_sockets(const model::NcclRank& r) {
  const auto& t = r.channels.net_transports;
  return r.network == "Socket" || r.net_plugin == "NET/Socket" || std::find(t.begin(), t.end(), "Socket") != t.end();
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  std::vector<NcclProcess> socket;
  const auto all = nccl_processes(ctx);
  for (const auto& p : all)
    if (on_sockets(*p.rank)) socket.push_back(p);
  if (socket.empty()) {
    r.evaluated();
    return;
  }
  // A job on one host whose channels all stayed inside it (P2P, SHM) never used its network: the
  // socket transport NCCL picked carried nothing.
  const bool one_host =
      std::all_of(all.begin(), all.end(), [&](const NcclProcess& p) { return p.rank->host == all.front().rank->host; });
  const bool no_net =
      std::none_of(all.begin(), all.end(), [](const NcclProcess& p) { return p.rank->channels.net > 0; }) &&
      std::any_of(all.begin(), all.end(), [](const NcclProcess& p) { return p.rank->channels.total() > 0; });
  if (one_host && no_net) {
    r.skip("the job",
           "the job ran on one host (" + all.front().rank->host +
               ") and no channel went over the network (P2P/SHM only): the socket transport carried nothing");
    return;
  }
  r.evaluated();

  // Why, as far as the log tells: the variables and the loader's complaints of the first process.
  std::vector<engine::Evidence> evidence;
  std::vector<std::string> causes, remediation;
  const NcclProcess& first = socket.front();
  const auto& fr = *first.rank;
  evidence.push_back(nccl_evidence(first, "Using network", fr.network.empty() ? fr.net_plugin : fr.network));
  if (!fr.devices.empty())
    evidence.push_back(
        nccl_evidence(first, fr.net_plugin + " device",
                      fr.devices[0].name + (fr.devices[0].address.empty() ? "" : ":" + fr.devices[0].address)));
  for (const char* var : {"NCCL_IB_DISABLE", "NCCL_NET", "NCCL_IB_HCA", "NCCL_NET_PLUGIN"})
    if (auto v = nccl_env(first, var)) {
      evidence.push_back(nccl_evidence(first, var, *v));
      if (std::string(var) == "NCCL_IB_DISABLE" && *v != "0") {
        causes.push_back("NCCL_IB_DISABLE=" + *v + " turns the RDMA transport off");
        remediation.push_back("unset NCCL_IB_DISABLE in the job's environment");
      }
      if (std::string(var) == "NCCL_NET" && *v == "Socket") causes.push_back("NCCL_NET=Socket asks for sockets");
    }
  for (const auto& e : fr.events) {
    if (e.kind != "verbs_missing" && e.kind != "no_rdma_device") continue;
    evidence.push_back(nccl_evidence(first, e.where.empty() ? e.kind : e.where, e.message,
                                     e.first_source + ":" + std::to_string(e.first_line)));
    if (e.kind == "verbs_missing") {
      causes.push_back("libibverbs could not be loaded in the job's environment");
      remediation.push_back("install rdma-core/libibverbs (and the provider, libmlx5) in the job's image");
    } else {
      causes.push_back(
          "NCCL found no usable RDMA device (no device, or none with a usable GID, or filtered out "
          "by NCCL_IB_HCA)");
    }
  }

  const auto on_host = nccl_processes_on_host(ctx);
  const bool host_used_sockets =
      std::any_of(on_host.begin(), on_host.end(), [](const NcclProcess& p) { return on_sockets(*p.rank); });
  std::string devices;
  for (const auto& d : ctx.now.rdma_devices) devices += (devices.empty() ? "" : ", ") + d.name;
  const bool rdma_here = host_used_sockets && !devices.empty();
  std::string title = std::to_string(socket.size()) + " of " + std::to_string(all.size()) +
                      " NCCL processes used TCP sockets (NET/Socket), not RDMA";
  if (rdma_here) title += ", although " + ctx.now.hostname + " has RDMA devices (" + devices + ")";
  if (rdma_here) evidence.push_back(config("RDMA devices", devices, model::Field<int>::of(0, ctx.now.from)));
  remediation.push_back("NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET: look for \"NET/IB\" in the job's log");
  remediation.push_back("ibv_devinfo -v | grep -E 'hca_id|state|GID'");
  // The host has RDMA devices, yet NCCL found none: the job's environment does not see them.
  const bool none_found = std::any_of(fr.events.begin(), fr.events.end(), [](const model::NcclEvent& e) {
    return e.kind == "no_rdma_device" || e.kind == "verbs_missing";
  });
  if (rdma_here && none_found) {
    causes.insert(causes.begin(), "NCCL found no RDMA device although " + ctx.now.hostname + " has " + devices +
                                      ": the job's container or namespace does not see them (/dev/infiniband, "
                                      "libibverbs and its provider), or NCCL_IB_HCA filters them out");
    remediation.push_back(
        "run the job's container with the RDMA devices (--device=/dev/infiniband, or the cluster's RDMA device "
        "plugin) and rdma-core inside");
  }
  std::string active;
  for (const auto& p : ctx.ports())
    if (p.device && p.port && p.port->state.ok() && p.port->state->name == "ACTIVE")
      active += (active.empty() ? "" : ", ") + p.device->name + "/" + std::to_string(p.port->number);
  std::string explanation =
      "NCCL falls back to TCP sockets when it cannot use an RDMA device: the data then crosses the kernel's TCP "
      "stack, several times slower than RDMA and without the lossless class. ";
  if (rdma_here && !active.empty())
    explanation += "On " + ctx.now.hostname + " the RDMA ports " + active +
                   " are ACTIVE: the job ran at a fraction of the speed they carry. ";
  std::string said;
  for (const auto& c : causes) said += (said.empty() ? "" : "; ") + c;
  explanation += causes.empty() ? "The log does not say why; the usual causes are NCCL_IB_DISABLE=1, libibverbs or "
                                  "the NCCL net plugin missing in the job's image, or no usable (RoCE v2) GID."
                                : "The log says: " + said + ".";
  r.finding({
      .severity = rdma_here ? engine::Severity::critical : engine::Severity::warning,
      .subject = {},
      .title = title + " (" + process_list(socket) + ")",
      .evidence = std::move(evidence),
      .explanation = explanation,
      .remediation = std::move(remediation),
  });
}

}  // namespace

engine::CheckInfo info_nccl_socket() {
  return {
      .id = kId,
      .title = "The job uses RDMA, not TCP sockets",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"GID-ROCEV2", "LINK-STATE"},
      .doc =
          "From the job's NCCL log: a process whose transport is NET/Socket (\"Using network Socket\", "
          "\"NET/Socket : Using\", \"via NET/Socket\" channels) moves its data over TCP. Critical when the "
          "judged host ran such a process and has RDMA devices (a silent fall-back), a warning when whether "
          "RDMA devices exist is not known. The evidence quotes what the log says about why: NCCL_IB_DISABLE, "
          "NCCL_NET, libibverbs that could not be loaded, \"NET/IB : No device found\"; on a host with RDMA "
          "devices the latter two mean the job's environment does not see them (a container without "
          "/dev/infiniband or rdma-core), and the finding says which of its RDMA ports are ACTIVE.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
