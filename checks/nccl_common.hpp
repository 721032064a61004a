#pragma once
// Helpers of the checks that judge a job's NCCL log (NCCL-*): which processes ran on the host
// judged, which of its RoCE ports a process used, and evidence quoting the log.
#include <optional>
#include <string>
#include <vector>

#include "checks/common.hpp"
#include "model/nccl_log.hpp"

namespace roce::checks {

/// One process of one of the logs.
struct NcclProcess {
  const model::NcclLog* log = nullptr;
  const model::NcclRank* rank = nullptr;
  /// "gpu-a17:4242 rank 3" (the global ranks when the log gave them, else the device).
  std::string name() const;
};

/// Every process of every log given with the host.
std::vector<NcclProcess> nccl_processes(const engine::Context& ctx);

/// The processes that ran on the judged host: their host name equals the host's (short names
/// compared: "gpu-a17" matches "gpu-a17.example.com"). When the host has no name, the processes of
/// a log that has one host only.
std::vector<NcclProcess> nccl_processes_on_host(const engine::Context& ctx);

/// The skip reason when no process ran on the judged host: "the NCCL log has no process on host
/// gpu-a17 (its hosts: a, b)".
std::string no_process_on_host(const engine::Context& ctx);

/// The RoCE port of an RDMA device name ("mlx5_0") and port (nullopt: the first), if the host has it.
const engine::PortView* port_of_device(const engine::Context& ctx, const std::string& device,
                                       std::optional<int> port = std::nullopt);

/// The devices behind NCCL's device `net_index` (the N of "via NET/IB/N") of a process: those of
/// the virtual device N when the log (NCCL 2.27+) named virtual devices, else the device listed as
/// [N]. Empty when the log does not say (a merged device of an older NCCL).
std::vector<const model::NcclNetDevice*> nccl_devices_at(const model::NcclRank& rank, int net_index);

/// The host's port whose GID table holds `gid` (NCCL's text, "::ffff:10.0.0.1" or a full IPv6 GID).
const engine::PortView* port_of_gid(const engine::Context& ctx, const std::string& gid);

/// An event's count and place: "2x, first job.log:10 (time), last job.log:11, hca mlx5_0, localGid ...".
std::string nccl_event_text(const model::NcclEvent& e);

/// The host's RoCE ports that the processes listed in their "NET/IB : Using" lines, once each.
std::vector<const engine::PortView*> nccl_ports_listed(const engine::Context& ctx,
                                                       const std::vector<NcclProcess>& processes);

/// Evidence from the log: `name` = `value`, provenance {"nccl-log", LOCATOR} (the log file and line
/// when known, else the log files).
engine::Evidence nccl_evidence(const NcclProcess& p, const std::string& name, const std::string& value,
                               const std::string& locator = {});

/// A variable as the process echoed it, if it did.
std::optional<std::string> nccl_env(const NcclProcess& p, const std::string& name);

/// "host:pid" for every process, comma-separated, at most `limit` then "and N more".
std::string process_list(const std::vector<NcclProcess>& ps, std::size_t limit = 4);

}  // namespace roce::checks
