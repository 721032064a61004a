#pragma once
// Bandwidth results judged against what the host's NICs can carry: the measured figure (the best row
// at or above the large-message floor), the expectation, their ratio and the verdict. Shared by the
// BW-PERFTEST and BW-NCCL checks and by `roce-doctor bw`, which prints the same figures. No I/O.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "model/bandwidth.hpp"

namespace roce::checks {

inline constexpr std::string_view kBwPerftestId = "BW-PERFTEST";
inline constexpr std::string_view kBwNcclId = "BW-NCCL";
inline constexpr double kBwPassRatio = 0.90;               // operators and NCCL maintainers expect 90-98% of line rate
inline constexpr double kBwCriticalRatio = 0.70;           // the often-quoted "70% of theory": a floor, not a pass mark
inline constexpr double kBwPlausibleRatio = 1.10;          // above: not measured over these ports (noise is a few %)
inline constexpr double kPerftestMinMessageBytes = 65536;  // perftest's default size
inline constexpr double kNcclMinMessageBytes = 268435456;  // 256 MiB: busbw near its plateau

/// The host checks whose findings can make a bandwidth result fall short (its likely causes).
const std::vector<std::string_view>& bandwidth_causes();

enum class BwVerdict { ok, warning, critical, unjudged };
const char* to_string(BwVerdict v);

struct BandwidthJudgement {
  const model::BandwidthResult* result = nullptr;
  BwVerdict verdict = BwVerdict::unjudged;
  std::string unjudged_reason;               // verdict unjudged: why
  double measured_gbps = 0;                  // the best row at or above the floor, Gb/s
  double expected_gbps = 0;                  // line rate (x2 bidirectional) or the per-node NIC aggregate, Gb/s
  double ratio = 0;                          // measured / expected
  const model::BandwidthRow* row = nullptr;  // the row measured
  const engine::PortView* port = nullptr;    // perftest: the port it ran over
  std::string basis;                         // how the expectation was made: "line rate of mlx5_0/1: 100 Gb/s"
  double pass_ratio = kBwPassRatio, critical_ratio = kBwCriticalRatio, min_message_bytes = 0;
};

/// The headline figures of a result, whether it can be judged or not. Absent values stay nullopt.
struct BandwidthFigures {
  const model::BandwidthRow* largest = nullptr;  // the row of the largest message size
  // perftest: the largest messages' BW average and BW peak, Gb/s (peak absent when not measured).
  std::optional<double> average_gbps{}, peak_gbps{};
  // nccl-tests: the highest busbw of any row (either side) and its row; the largest messages'
  // out-of-place and in-place busbw; GB/s as printed.
  const model::BandwidthRow* peak_row = nullptr;
  std::optional<double> peak_busbw{}, busbw_out_of_place{}, busbw_in_place{};
};
BandwidthFigures figures_of(const model::BandwidthResult& result);

/// Judges one result on the host of `ctx` with the profile's thresholds of its check.
///
/// perftest: expected = the line rate of the port it ran over (its header's device, port 1 unless the
/// device has one other port; else the host's only RoCE port), twice that for -b.
/// nccl-tests: expected busbw = the per-node NIC aggregate per GPU,
///   min(RoCE ports of the host, GPUs per node) x line rate,
/// the ports taken fastest first and GPUs per node from the rank lines (the host with most ranks).
/// With ring all_reduce each of a node's NICs carries one ring's share, so busbw reaches that
/// aggregate: 4 x 200G NICs, 4 GPUs -> 100 GB/s expected, 95.3 measured (nccl-tests#252); 8 x 400G,
/// 8 GPUs -> 400 GB/s, 216-231 measured on a faulty fabric (nccl#2409, 55%). A run on one node is
/// not judged (NVLink carries it), nor rows with busbw 0 (ranks that ran alone: a broken run).
/// A result above kBwPlausibleRatio of its expectation is not judged either: the ports it is compared
/// with cannot carry it, so it ran elsewhere (another host, more NICs than the capture holds).
/// A result with a stated line rate (`bw --line-rate NxG`) is judged against it instead of the
/// host's ports: perftest against one NIC's rate, nccl-tests against min(N, GPUs per node) x G.
BandwidthJudgement judge_bandwidth(const engine::Context& ctx, const model::BandwidthResult& result);

/// Numbers as the findings print them: "92.7", "0.5", "431".
std::string bw_number(double v);

}  // namespace roce::checks
