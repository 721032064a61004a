// NCCL-JOB-FAILED: the job's log says the job failed: a WARN followed by NCCL's trace of the failing
// call ("bootstrap.cc:256 -> 3" ... "group.cc:106 -> 3"), a verbs call that failed (ibv_modify_qp,
// ibv_create_qp, ibv_reg_mr), an abort, or the framework's or the test's report (PyTorch's watchdog
// timeout and "NCCL error in:", nccl-tests' "Test NCCL failure"). A failed job is never healthy.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <tuple>

#include "checks/nccl_failure.hpp"
#include "model/gid_index.hpp"

namespace roce::checks {
namespace {

constexpr std::string_view kId = "NCCL-JOB-FAILED";
constexpr std::size_t kMaxEvidenceProcesses = 6;

// What failed, for the title, and why it matters.
struct ClassText {
  std::string_view what, explanation;
};

ClassText class_text(std::string_view cls) {
  if (cls == "qp_setup")
    return {"in QP setup",
            "NCCL could not create, register or connect the queue pairs of its RDMA connections, so the communicator "
            "never came up. ibv_modify_qp failing with EINVAL (22) while moving a QP to RTR is, on RoCE, the GID "
            "index (NCCL_IB_GID_INDEX, or NCCL's default before 2.21, index 0) not naming the RoCE v2 GID of the "
            "port's address, the two ends disagreeing on the RoCE version, or a path MTU the port does not run; "
            "ENODATA (61) is an empty GID entry; ENETUNREACH or ETIMEDOUT is no route to the peer's GID. "
            "ibv_create_qp and ibv_reg_mr fail on resource limits: the locked-memory limit (ulimit -l), the HCA's "
            "QP count, or GPU memory the NIC cannot register (nvidia-peermem or DMA-BUF)."};
  if (cls == "completion")
    return {"on a failed work completion",
            "A work completion with an error status killed a queue pair and NCCL aborted the communicator; the "
            "status and its likely cause are NCCL-WC-ERROR's (12, 13: loss on the path) or NCCL-WC-FAILED's "
            "(any other status) findings."};
  if (cls == "bootstrap")
    return {"in the bootstrap (the OOB socket connections between ranks)",
            "Before any RDMA, NCCL's ranks exchange their addresses over TCP on the OOB interface "
            "(NCCL_SOCKET_IFNAME, else the first usable one). When that fails the communicator is never created. "
            "An address \"with family N\" that is neither AF_INET nor AF_INET6 is garbage where an address was "
            "expected: ranks built against different NCCL versions or binaries bootstrapping together, or another "
            "program connecting to the bootstrap port. A refused or unreachable connection is an interface whose "
            "address the other ranks cannot reach, or a firewall."};
  if (cls == "socket")
    return {"on a socket connection (transport or proxy)",
            "A TCP connection of the socket transport or of NCCL's proxy failed or was closed by the peer: the peer "
            "process exited (its log holds the first error) or the network between the hosts broke."};
  if (cls == "plugin")
    return {"loading its network",
            "The network plugin (NCCL_NET_PLUGIN, libnccl-net.so) or the network NCCL_NET asks for could not be "
            "loaded: it is missing from the job's image or library path, or built for another NCCL."};
  if (cls == "timeout")
    return {"on a timeout",
            "A collective did not complete within its timeout: the job hung. A rank stopped (it crashed, or "
            "waits on another collective), or its network path stopped delivering; the first rank whose log "
            "holds an error, or the one missing from the timed-out ranks, is where to look."};
  if (cls == "aborted")
    return {"on an aborted communicator",
            "The communicator was aborted: NCCL or the framework gave up on it after an error or a timeout; the "
            "log's first error is the cause."};
  if (cls == "cuda")
    return {"on a CUDA error (ncclUnhandledCudaError)",
            "A CUDA call NCCL made failed: a GPU fault (Xid in the kernel log), a driver and CUDA mismatch, or "
            "peer-to-peer access the platform does not allow."};
  if (cls == "remote")
    return {"on a remote error (ncclRemoteError)",
            "NCCL says a remote process exited or the network failed: the first error is in the log of another "
            "rank or on the path between them."};
  if (cls == "system")
    return {"on a system error (ncclSystemError)",
            "A system call or an external library NCCL calls (sockets, verbs, memory) failed; the WARN line before "
            "the error returns names it."};
  if (cls == "internal")
    return {"on an internal error (ncclInternalError)",
            "NCCL reported an internal error: often a failure further down surfacing as one (a lost connection, "
            "mismatched versions between ranks); the WARN lines before it name what failed."};
  return {"", "NCCL returned an error to the application; the WARN lines before the error returns name the call."};
}

std::string joined(const std::vector<std::string>& parts) {
  std::string s;
  for (const auto& p : parts) s += (s.empty() ? "" : "; ") + p;
  return s;
}

std::string short_message(const std::string& m) { return m.size() > 120 ? m.substr(0, 117) + "..." : m; }

std::string locator(const model::NcclEvent& e) { return e.first_source + ":" + std::to_string(e.first_line); }

// "ibv_modify_qp failed with EINVAL (errno 22)", or the line NCCL printed.
std::string failure_detail(const std::string& cls, const model::NcclEvent& e) {
  if (cls == "qp_setup") {
    const std::string call = verbs_call_of(e);
    if (!call.empty())
      return call + " failed" +
             (e.status ? " with " + errno_name(*e.status) + " (errno " + std::to_string(*e.status) + ")" : "");
  }
  return "\"" + short_message(e.message) + "\"";
}

// The hosts of `ps` and how many of them ran there: "8 on h100-4".
std::string hosts_text(const std::vector<NcclProcess>& ps) {
  std::map<std::string, int> n;
  for (const auto& p : ps) ++n[p.rank->host.empty() ? "(no host)" : p.rank->host];
  std::string s;
  for (const auto& [h, k] : n) s += (s.empty() ? "" : ", ") + std::to_string(k) + " on " + h;
  return s;
}

// The version of a process ("2.18.3+cuda12.2"), as (major, minor); nullopt when not printed.
std::optional<std::pair<int, int>> version_of(const NcclProcess& p) {
  const std::string& v = p.rank->version.empty() ? p.log->version : p.rank->version;
  int major = 0, minor = 0;
  if (std::sscanf(v.c_str(), "%d.%d", &major, &minor) != 2) return std::nullopt;
  return std::pair{major, minor};
}

struct Causes {
  std::vector<std::string> text;
  std::vector<engine::Evidence> evidence;
  std::vector<std::string> remediation;
  const engine::PortView* port = nullptr;  // the one port they are about, if one
};

std::string port_label(const engine::PortView& p) {
  return p.device->name + "/" + std::to_string(p.port->number) +
         (p.netdev && !p.netdev->name.empty() ? " (" + p.netdev->name + ")" : "");
}

// On the judged host, for QP setup: the ports the processes used, their state, their RoCE v2 GIDs
// against the GID index the job used, their active MTU.
Causes qp_setup_causes(const engine::Context& ctx, const std::vector<NcclProcess>& here) {
  Causes c;
  auto ports = nccl_ports_listed(ctx, here);
  if (ports.empty())
    for (const auto& p : ctx.ports())
      if (p.device && p.port) ports.push_back(&p);
  if (ports.size() == 1) c.port = ports.front();
  // The GID index the job asked for, else the one NCCL's connection line says it used.
  std::optional<std::string> gid_env;
  std::string gid_said = "NCCL_IB_GID_INDEX=";
  std::optional<int> path_mtu;
  for (const auto& p : here) {
    if (!gid_env) gid_env = nccl_env(p, "NCCL_IB_GID_INDEX");
    if (!path_mtu) path_mtu = p.rank->path_mtu;
  }
  for (const auto& p : here)
    if (!gid_env && p.rank->gid_index_used) {
      gid_env = std::to_string(*p.rank->gid_index_used);
      gid_said = "the GID index NCCL used, ";
    }
  const auto version = here.empty() ? std::nullopt : version_of(here.front());
  for (const auto* p : ports) {
    if (c.evidence.size() >= 12) break;
    const std::string label = port_label(*p);
    if (p->port->state.ok() && p->port->state->name != "ACTIVE") {
      c.text.push_back(label + " is " + p->port->state->name + ", not ACTIVE");
      c.evidence.push_back(config(label + " state", p->port->state->name, p->port->state));
    }
    if (p->port->active_mtu.ok()) {
      c.evidence.push_back(config(label + " active_mtu", std::to_string(*p->port->active_mtu), p->port->active_mtu));
      // NCCL's connection line gives the path MTU as the verbs enum: 1 = 256 ... 5 = 4096 bytes.
      if (path_mtu && *path_mtu >= 1 && *path_mtu <= 5 && (128u << *path_mtu) > *p->port->active_mtu)
        c.text.push_back("NCCL set a path MTU of " + std::to_string(128u << *path_mtu) + " bytes, above the " +
                         std::to_string(*p->port->active_mtu) + " bytes " + label + " runs");
    }
    if (!p->port->gids.ok()) continue;
    const auto v2 = model::roce_v2_ipv4_gids(*p->port->gids);
    std::string v2_text;
    for (const auto& g : v2) v2_text += (v2_text.empty() ? "" : ", ") + std::to_string(g.index) + " (" + g.ipv4 + ")";
    c.evidence.push_back(config(label + " RoCE v2 GIDs", v2_text.empty() ? "none" : v2_text, p->port->gids));
    if (v2.empty()) {
      c.text.push_back(label +
                       " has no RoCE v2 GID of an IPv4 address (no IPv4 address on its netdev, or RoCE v2 "
                       "is not enabled)");
      continue;
    }
    auto is_v2 = [&](long index) {
      return std::any_of(v2.begin(), v2.end(), [&](const model::RoceV2Gid& g) { return g.index == index; });
    };
    const std::string fix = "export NCCL_IB_GID_INDEX=" + std::to_string(v2.front().index) +
                            "   # the RoCE v2 GID of " + v2.front().ipv4 + " on " + label;
    if (gid_env) {
      char* end = nullptr;
      const long index = std::strtol(gid_env->c_str(), &end, 10);
      if (end && *end == '\0' && index >= 0 && !is_v2(index)) {
        c.text.push_back(gid_said + *gid_env + (gid_said.ends_with("=") ? "" : ",") +
                         " is not the RoCE v2 GID of an IPv4 address of " + label + " (those are " + v2_text + ")");
        c.remediation.push_back(fix);
      }
    } else if (version && *version < std::pair{2, 21} && !is_v2(0)) {
      c.text.push_back("NCCL " + std::to_string(version->first) + "." + std::to_string(version->second) +
                       " uses GID index 0 unless NCCL_IB_GID_INDEX is set, and index 0 of " + label +
                       " is not a RoCE v2 GID of an IPv4 address (those are " + v2_text + ")");
      c.remediation.push_back(fix);
    }
  }
  for (const auto* p : ports) {
    if (c.remediation.size() >= 6) break;
    c.remediation.push_back("show_gids " + p->device->name + "; ibv_devinfo -d " + p->device->name +
                            " | grep -E 'state|active_mtu'");
  }
  return c;
}

// On the judged host, for the bootstrap: the interface NCCL_SOCKET_IFNAME selects and the OOB
// interface the processes used, whether the host has them and their addresses.
Causes bootstrap_causes(const engine::Context& ctx, const std::vector<NcclProcess>& here) {
  Causes c;
  std::optional<std::string> ifname;
  std::string oob;
  for (const auto& p : here) {
    if (!ifname) ifname = nccl_env(p, "NCCL_SOCKET_IFNAME");
    if (oob.empty()) oob = p.rank->oob_interface;
  }
  if (ifname) {
    c.evidence.push_back(nccl_evidence(here.front(), "NCCL_SOCKET_IFNAME", *ifname));
    // A plain list of prefixes ("ens,eth"): an interface matches when its name starts with one.
    if (ifname->find_first_of("^=") == std::string::npos) {
      bool matched = false;
      for (std::size_t from = 0; from <= ifname->size();) {
        const auto comma = ifname->find(',', from);
        const std::string prefix = ifname->substr(from, comma == std::string::npos ? std::string::npos : comma - from);
        for (const auto& n : ctx.now.netdevs) matched = matched || (!prefix.empty() && n.name.starts_with(prefix));
        if (comma == std::string::npos) break;
        from = comma + 1;
      }
      if (!matched) c.text.push_back("NCCL_SOCKET_IFNAME=" + *ifname + " matches no interface of " + ctx.now.hostname);
    }
  }
  if (!oob.empty()) {
    const model::NetDev* nd = ctx.now.netdev(oob);
    if (!nd) {
      c.text.push_back("the OOB interface " + oob + " the job used is not an interface of " + ctx.now.hostname);
    } else {
      if (nd->operstate.ok()) {
        c.evidence.push_back(config(oob + " operstate", *nd->operstate, nd->operstate));
        if (*nd->operstate != "up") c.text.push_back("the OOB interface " + oob + " is " + *nd->operstate);
      }
      if (nd->addresses.ok()) {
        std::string addresses;
        for (const auto& a : *nd->addresses) addresses += (addresses.empty() ? "" : " ") + a;
        c.evidence.push_back(config(oob + " addresses", addresses.empty() ? "none" : addresses, nd->addresses));
        if (nd->addresses->empty()) c.text.push_back("the OOB interface " + oob + " has no address");
      }
    }
  }
  // The interface to name: the one the job used when the host has it, else the first that is up
  // with an IPv4 address.
  std::string suggest = ctx.now.netdev(oob) ? oob : "";
  for (const auto& n : ctx.now.netdevs) {
    if (!suggest.empty()) break;
    const bool up = n.operstate.ok() && *n.operstate == "up";
    const bool ipv4 = n.addresses.ok() && std::any_of(n.addresses->begin(), n.addresses->end(), [](const auto& a) {
                        return a.find('.') != std::string::npos && !a.starts_with("127.");
                      });
    if (up && ipv4) suggest = n.name;
  }
  c.remediation = {"ip -br addr show   # on every host: the interface whose address all ranks reach",
                   "export NCCL_SOCKET_IFNAME=" + (suggest.empty() ? std::string("<that interface>") : suggest),
                   "ldd $(which all_reduce_perf) | grep -i nccl   # the same NCCL on every host"};
  return c;
}

std::vector<std::string> class_remediation(std::string_view cls) {
  if (cls == "qp_setup")
    return {"show_gids; ibv_devinfo -v | grep -E 'state|active_mtu'", "ulimit -l   # unlimited for RDMA"};
  if (cls == "completion") return {"see the NCCL-WC-ERROR and NCCL-WC-FAILED findings"};
  if (cls == "bootstrap") return {"ip -br addr show   # on every host", "export NCCL_SOCKET_IFNAME=<interface>"};
  if (cls == "plugin") return {"ls $NCCL_NET_PLUGIN; echo $LD_LIBRARY_PATH   # in the job's environment"};
  if (cls == "cuda") return {"dmesg | grep -i xid; nvidia-smi"};
  if (cls == "timeout")
    return {"find the first rank with an error: grep -n 'NCCL WARN' in every rank's log",
            "roce-doctor check   # on the hosts of the ranks that stalled"};
  return {
      "rerun with NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,NET: the WARN line before the error returns names the "
      "failing call"};
}

engine::Evidence job_evidence(const model::NcclEvent& e) {
  std::string value = nccl_event_text(e);
  if (!e.ranks.empty()) {
    value += ", ranks";
    for (std::size_t i = 0; i < e.ranks.size() && i < 16; ++i) value += (i ? "," : " ") + std::to_string(e.ranks[i]);
    if (e.ranks.size() > 16) value += " and " + std::to_string(e.ranks.size() - 16) + " more";
  }
  if (!e.hosts.empty()) {
    value += ", host";
    for (std::size_t i = 0; i < e.hosts.size() && i < 8; ++i) value += (i ? "," : " ") + e.hosts[i];
  }
  value += "; " + short_message(e.message);
  return engine::Evidence{e.where.empty() ? e.kind : e.where,       value, std::nullopt, std::nullopt, false,
                          model::Provenance{"nccl-log", locator(e)}};
}

bool on_judged_host(const std::vector<NcclProcess>& on_host, const NcclProcess& p) {
  return std::any_of(on_host.begin(), on_host.end(), [&](const NcclProcess& q) { return q.rank == p.rank; });
}

void evaluate(const engine::Context& ctx, engine::Reporter& r) {
  r.evaluated();
  const auto failures = nccl_process_failures(ctx);
  std::vector<const model::NcclEvent*> job_events;
  for (const auto& log : ctx.observations().nccl_logs)
    for (const auto& e : log.job_events) job_events.push_back(&e);
  if (failures.empty() && job_events.empty()) return;
  const auto on_host = nccl_processes_on_host(ctx);
  const bool host_given = !ctx.now.netdevs.empty() || !ctx.now.rdma_devices.empty();
  bool job_events_told = false;

  for (std::string_view cls : kNcclFailureClasses) {
    std::vector<const NcclProcessFailure*> group;
    for (const auto& f : failures)
      if (f.failure_class == cls) group.push_back(&f);
    std::vector<const model::NcclEvent*> jobs;
    if (failures.empty())
      for (const auto* e : job_events)
        if (nccl_job_event_class(*e) == cls) jobs.push_back(e);
    if (group.empty() && jobs.empty()) continue;

    const ClassText text = class_text(cls);
    std::vector<engine::Evidence> evidence;
    std::vector<NcclProcess> processes, here;
    for (const auto* f : group) {
      processes.push_back(f->process);
      if (on_judged_host(on_host, f->process)) here.push_back(f->process);
      if (processes.size() > kMaxEvidenceProcesses) continue;
      if (f->first)
        evidence.push_back(
            nccl_evidence(f->process, f->process.name() + (f->first->where.empty() ? "" : " " + f->first->where),
                          nccl_event_text(*f->first) + "; " + short_message(f->first->message), locator(*f->first)));
      if (f->last_return && f->last_return->status)
        evidence.push_back(nccl_evidence(f->process, f->process.name() + " error return",
                                         f->last_return->where + " -> " + std::to_string(*f->last_return->status) +
                                             " (" + nccl_result_name(*f->last_return->status) + ")",
                                         locator(*f->last_return)));
    }
    // The framework's or the test's report of the same failure, once, on the first finding.
    // Alone, a class's own job events are its evidence.
    if (failures.empty() || !job_events_told) {
      for (const auto* e : failures.empty() ? jobs : job_events)
        if (evidence.size() < 16) evidence.push_back(job_evidence(*e));
      job_events_told = true;
    }

    std::string title = "the job failed " + std::string(text.what);
    if (!group.empty()) {
      // The title quotes the failure read first in the log.
      const NcclProcessFailure& first =
          **std::min_element(group.begin(), group.end(), [](const auto* a, const auto* b) {
            if (!a->first || !b->first) return a->first != nullptr;
            return std::tie(a->first->first_source, a->first->first_line) <
                   std::tie(b->first->first_source, b->first->first_line);
          });
      if (first.first)
        title += ": " + failure_detail(std::string(cls), *first.first) + ", first at " + locator(*first.first);
      title += "; " + std::to_string(group.size()) + " NCCL process" + (group.size() == 1 ? "" : "es") + " (" +
               hosts_text(processes) + ": " + process_list(processes) + ")";
      if (first.last_return && first.last_return->status)
        title += ", error returns up to " + first.last_return->where + " -> " +
                 std::to_string(*first.last_return->status) + " (" + nccl_result_name(*first.last_return->status) + ")";
    } else {
      const model::NcclEvent& e = *jobs.front();
      std::uint64_t count = 0;
      for (const auto* j : jobs) count += j->count;
      title += ": " + failure_detail(std::string(cls), e) + ", first at " + locator(e) + "; " + std::to_string(count) +
               " line" + (count == 1 ? "" : "s") + " of the framework or test";
    }

    std::string explanation = std::string(text.explanation);
    std::vector<std::string> remediation;
    const engine::PortView* port = nullptr;
    if (host_given && !here.empty() && (cls == "qp_setup" || cls == "bootstrap")) {
      Causes causes = cls == "qp_setup" ? qp_setup_causes(ctx, here) : bootstrap_causes(ctx, here);
      port = causes.port;
      explanation += causes.text.empty() ? " On " + ctx.now.hostname +
                                               " the capture shows none of these causes; look "
                                               "at the peers' hosts."
                                         : " On " + ctx.now.hostname + ": " + joined(causes.text) + ".";
      for (auto& e : causes.evidence) evidence.push_back(std::move(e));
      remediation = std::move(causes.remediation);
    } else {
      remediation = class_remediation(cls);
      if (!host_given && (cls == "qp_setup" || cls == "bootstrap"))
        remediation.push_back("roce-doctor nccl LOG --from CAPTURE   # a capture of the host names its likely cause");
    }
    r.finding({
        .severity = engine::Severity::critical,
        .subject = port ? port->subject() : engine::Subject{},
        .title = std::move(title),
        .evidence = std::move(evidence),
        .explanation = std::move(explanation),
        .remediation = std::move(remediation),
    });
  }
}

}  // namespace

engine::CheckInfo info_nccl_job_failed() {
  return {
      .id = kId,
      .title = "The job's NCCL log shows no failure",
      .default_severity = engine::Severity::critical,
      .needs = {engine::Need::nccl_log},
      .profile_keys = {},
      .thresholds = {},
      .explained_by = {"NCCL-GID", "GID-ROCEV2", "LINK-STATE", "NCCL-WC-ERROR", "NCCL-WC-FAILED"},
      .doc =
          "From the job's NCCL log: a process whose WARN is followed by NCCL's trace of the failing call "
          "(\"bootstrap.cc:256 -> 3\" ... \"group.cc:106 -> 3\"), a failed verbs call (\"Call to ibv_modify_qp "
          "failed with error Invalid argument\", ibv_create_qp, ibv_reg_mr) or an ABORT, and the failures the "
          "framework or the test printed (PyTorch's \"Watchdog caught collective operation timeout\" and \"NCCL "
          "error in:\", \"NCCL communicator was aborted\", nccl-tests' \"Test NCCL failure FILE:LINE\"). Critical: "
          "the job failed. One finding per class of failure (QP setup, failed completion, bootstrap, socket, "
          "plugin, timeout, abort, CUDA, remote, system, internal), with the first line, its file:line, the "
          "processes and hosts affected and the last error return. With a capture of the host (--from), QP setup "
          "failures name its ports' state, RoCE v2 GIDs against NCCL_IB_GID_INDEX (else the GID index of NET/IB's "
          "connection line, or NCCL's index 0 before 2.21) and active MTU against the path MTU NCCL set, and "
          "bootstrap failures NCCL_SOCKET_IFNAME and the OOB interface's addresses. A "
          "warning alone (a RAS port in use, libibverbs missing) is not a failure.",
      .evaluate = evaluate,
  };
}

}  // namespace roce::checks
