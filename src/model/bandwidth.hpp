#pragma once
// Bandwidth results as perftest (ib_write_bw, ib_read_bw, ib_send_bw) and nccl-tests
// (all_reduce_perf, ...) printed them: the run's header, every measured message size, the unit as
// printed and each row's figure in Gb/s. Plain records; src/results/ reads them.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/field.hpp"

namespace roce::model {

/// The tool that produced a result.
enum class BandwidthTool { perftest, nccl_tests };

inline const char* to_string(BandwidthTool t) { return t == BandwidthTool::perftest ? "perftest" : "nccl-tests"; }

/// One half of an nccl-tests row: out-of-place or in-place.
struct NcclSide {
  double time_us = 0;
  double algbw = 0;     // GB/s (10^9 B/s) as printed
  double busbw = 0;     // GB/s as printed
  std::string wrong{};  // the #wrong (older: error) column as printed: "0", "N/A", "5e-07"
  bool operator==(const NcclSide&) const = default;
};

/// One measured message size.
struct BandwidthRow {
  std::uint64_t bytes = 0;
  // perftest: the columns in the result's unit.
  std::optional<std::uint64_t> iterations{};
  std::optional<double> peak{};  // absent when perftest measured none (-D, "BW peak won't be measured")
  std::optional<double> peak_gbps{};  // the peak in Gb/s, when there is one
  std::optional<double> average{};
  std::optional<double> msg_rate_mpps{};
  // nccl-tests
  std::optional<std::uint64_t> count{};  // elements
  std::string type{}, redop{}, root{};   // as printed ("float", "sum", "-1"); redop empty for alltoall
  std::optional<NcclSide> out_of_place{}, in_place{};
  /// The row's figure in Gb/s (10^9 bit/s): perftest's BW average, nccl-tests' higher busbw of its sides.
  double gbps = 0;
  std::size_t line = 0;  // 1-based line of the row in its file (0 in JSON)
  bool operator==(const BandwidthRow&) const = default;
};

/// An nccl-tests rank line: "#  Rank  0 Group  0 Pid 1320 on host-a device  0 [0x18] NVIDIA H100".
struct NcclTestsRank {
  int rank = 0;
  std::string host{};
  int device = 0;
  std::string bus_id{};  // "0x18", "0001:1b:00"
  std::string name{};
  bool operator==(const NcclTestsRank&) const = default;
};

/// What the NICs a result ran over carry, as `bw --line-rate` states it: NICS x GBPS_PER_NIC.
struct StatedLineRate {
  int nics = 1;             // NICs per node (perftest runs over one of them)
  double gbps_per_nic = 0;  // Gb/s (10^9 bit/s)
  std::string text{};       // as given: "8x400G"
  bool operator==(const StatedLineRate&) const = default;
};

/// One run of one tool as its output file holds it.
struct BandwidthResult {
  BandwidthTool tool = BandwidthTool::perftest;
  std::string format{};        // "text", "json"
  std::string test{};          // "RDMA_Write BW Test", "all_reduce_perf"
  std::string unit{};          // as printed: "Gb/sec", "MiB/sec", "MB/sec" (perftest), "GB/s" (nccl-tests)
  bool bidirectional = false;  // perftest -b: the figures add both directions
  // perftest header (absent when not printed)
  std::string device{};      // "mlx5_0"
  std::string link_type{};   // "Ethernet", "IB"
  std::string transport{};   // "IB" (also on RoCE)
  std::string connection{};  // "RC", "UD", "DC"
  std::optional<std::uint32_t> qps{}, mtu{}, gid_index{}, tos{};
  // nccl-tests
  std::vector<NcclTestsRank> ranks{};
  std::optional<double> avg_busbw{};             // "# Avg bus bandwidth" as printed, GB/s
  std::optional<std::uint64_t> out_of_bounds{};  // "# Out of bounds values" count
  bool footer = false;                           // the summary lines were there (a whole run, not a paste of rows)
  std::vector<BandwidthRow> rows{};
  Provenance from{};  // {"perftest" | "nccl-tests", "FILE:LINE"} of the result's first line
  /// What the reader did that the figures alone do not show ("server and client output interleaved:
  /// read as one run").
  std::vector<std::string> notices{};
  /// Given by the user (`bw --line-rate`): judge against it instead of the host's ports.
  std::optional<StatedLineRate> line_rate{};
  bool operator==(const BandwidthResult&) const = default;
};

/// Hosts the nccl-tests rank lines name, in first-seen order.
inline std::vector<std::string> rank_hosts(const BandwidthResult& r) {
  std::vector<std::string> hosts{};
  for (const auto& k : r.ranks) {
    bool seen = false;
    for (const auto& h : hosts) seen = seen || h == k.host;
    if (!seen) hosts.push_back(k.host);
  }
  return hosts;
}

}  // namespace roce::model
