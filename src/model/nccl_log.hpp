#pragma once
// The summary of a job's NCCL log (NCCL_DEBUG=INFO or WARN): per process (host, pid), what NCCL
// used (version, network plugin, devices, OOB interface, the NCCL_* variables it echoed), how its
// channels were carried (NET with or without GPUDirect RDMA, P2P, SHM) and every warning or error
// with its count and first/last place. Bounded by the number of processes, not by the log's length.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roce::model {

/// One network device NCCL listed in its "NET/<name> : Using [i]dev:port/LL ..." line or, from NCCL
/// 2.27 on, in a line of its own ("NET/IB: [i] mlx5_2:uverbs2:1/RoCE provider=... pciPath=...").
struct NcclNetDevice {
  int index = -1;                       // NCCL's device index: the N of "via NET/IB/N" (before 2.27)
  std::string name;                     // "mlx5_0", or the interface for sockets ("eno2")
  std::optional<int> port;              // RDMA port ("mlx5_0:1")
  std::string link_layer;               // "RoCE", "IB", "UNSPECIFIED"; empty for sockets
  std::string address;                  // sockets: "192.168.1.105"
  std::vector<std::string> flags;       // what follows: "SHARP", rail or plane numbers
  std::optional<long long> speed_mbps;  // "speed=400000" of the 2.27+ device line
  /// The NIC's PCI address, the last element of the 2.27+ line's pciPath ("0000:3b:00.0"). NCCL
  /// sets its function to 0 (ports of one card share it), so it names the card, not the function.
  std::string pci_address;
  /// The virtual device NCCL 2.27+ made of it ("Made virtual device [N] name=mlx5_0+mlx5_1"):
  /// N is then the N of "via NET/IB/N", and the name lists every device merged into it.
  std::optional<int> virtual_index;
  std::string virtual_name;
  bool operator==(const NcclNetDevice&) const = default;
};

/// How the process's channel connections were carried ("Channel 00/0 : 1[1] -> 2[0] [send] via ...").
struct NcclChannels {
  std::uint64_t net = 0;                        // via NET/<transport>/<dev>
  std::uint64_t net_gdr = 0;                    // of those, with /GDRDMA
  std::uint64_t p2p = 0;                        // via P2P/...
  std::uint64_t shm = 0;                        // via SHM/... or "direct shared memory"
  std::uint64_t other = 0;                      // via anything else (CollNet, NVLS, ...)
  std::map<int, std::uint64_t> per_net_device;  // NET connections per NCCL device index
  std::vector<std::string> net_transports;      // "IB", "IBext_v8", "Socket" as the lines name them
  std::uint64_t total() const { return net + p2p + shm + other; }
  bool operator==(const NcclChannels&) const = default;
};

/// One kind of warning or error, counted.
struct NcclEvent {
  /// "completion_error" (a work completion with an error status), "qp_transition" (ibv_modify_qp
  /// failed), "qp_create" (ibv_create_qp failed), "mr_register" (ibv_reg_mr / ibv_reg_dmabuf_mr
  /// failed), "verbs_call" (another ibv_* call failed), "socket_error" (the bootstrap's or the socket
  /// transport's connection failed), "plugin_error" (a net plugin or the network asked for could not
  /// be loaded), "aborted" (an ABORT line, a communicator aborted), "timeout", "gid_table_changed",
  /// "verbs_missing" (libibverbs not loadable), "error_return" (an INFO "file.cc:123 -> N" trace of
  /// a failing call), "warning" (any other WARN); of the job (NcclLog::job_events), "job_failed" (a
  /// framework or nccl-tests reporting an NCCL error), "timeout" and "aborted".
  std::string kind;
  /// Completion status (12 retry exceeded, 13 RNR retry exceeded), the errno of a failed ibv_* call
  /// (22 EINVAL), or NCCL's result code (error returns, job failures: 2 system, 3 internal, 6 remote).
  std::optional<int> status;
  std::string hca;            // the HCA the line names ("hca mlx5_2"), if any
  std::string local_gid;      // the local GID the line names, if any
  std::string where;          // NCCL's source location ("ib_plugin.c:1615"), if printed
  std::string message;        // the first occurrence's message, after the prefix
  std::uint64_t count = 0;
  std::string first_source, last_source;  // log file names
  std::uint64_t first_line = 0, last_line = 0;
  std::string first_time, last_time;  // the lines' timestamps, when the log has them
  /// Of a job event: the global ranks ("[Rank 3]", "[rank3]:") and hosts ("h100-4: Test NCCL
  /// failure") its lines name, each once, at most kMaxJobEventNames of each.
  std::vector<int> ranks;
  std::vector<std::string> hosts;
  bool operator==(const NcclEvent&) const = default;
};

/// One NCCL process: the `host:pid:tid [dev]` prefix of its lines.
struct NcclRank {
  std::string host;
  std::uint64_t pid = 0;
  std::optional<int> cuda_device;  // the [N] of the prefix
  std::vector<int> ranks;          // global ranks of the communicators it joined ("rank 3 nranks 4")
  std::optional<int> nvml_device;  // "nvmlDev 1" of its ncclCommInitRank line: nvidia-smi's GPU index
  std::string gpu_bus_id;          // "busId b1000" of that line: its GPU's PCI address as NCCL prints it
  std::string version;             // "2.30.4+cuda13.3"
  std::string library;             // "NCCL" or "RCCL": the library its version line names
  std::string network;             // "Using network IB|Socket|IBext_v8": the transport in use
  std::string net_plugin;          // "NET/IB", "NET/Socket", "NET/IBext_v8": the device line's name
  std::vector<NcclNetDevice> devices;
  bool relaxed_ordering = false;  // [RO]
  std::string oob_interface, oob_address;
  /// The GID index and path MTU (IB enum: 1 = 256 ... 5 = 4096 bytes) of its first RDMA connection,
  /// from NET/IB's connection line ("NET/IB: NCCL Dev 0 IbDev 0 Port 1 qpn 1047 mtu 5 ... GID 0 (...)").
  std::optional<int> gid_index_used;
  std::optional<int> path_mtu;
  std::map<std::string, std::string> env;  // NCCL_* as echoed ("set by environment to", "set to")
  NcclChannels channels;
  std::vector<NcclEvent> events;
  std::uint64_t lines = 0;
  bool operator==(const NcclRank&) const = default;
};

/// One or more logs read together.
struct NcclLog {
  std::vector<std::string> sources;           // the files read ("-" for stdin)
  std::string version;                        // from a bare "NCCL version 2.7.8+cuda10.1" line
  std::string library;                        // "NCCL" or "RCCL" ("RCCL version 2.17.1+hip5.7")
  std::vector<NcclRank> ranks;                // by host, then pid
  std::uint64_t lines = 0;                    // every line read
  std::uint64_t nccl_lines = 0;               // lines NCCL wrote
  std::uint64_t unknown_lines = 0;            // NCCL lines no rule reads (counted, never an error)
  std::uint64_t other_lines = 0;              // lines of the framework, the launcher, blank lines
  std::vector<std::string> unknown_examples;  // "FILE:LINE: text" of the first few unknown lines
  std::uint64_t events_dropped = 0;           // occurrences of event kinds beyond the per-process limit
  /// Failures printed by the framework or the test around NCCL, without NCCL's process prefix:
  /// PyTorch's watchdog timeout and "NCCL error in:", "NCCL communicator was aborted", nccl-tests'
  /// "Test NCCL failure FILE:LINE 'msg'".
  std::vector<NcclEvent> job_events;
  bool operator==(const NcclLog&) const = default;
};

}  // namespace roce::model
