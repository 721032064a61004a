#pragma once
// What BW-PERFTEST and BW-NCCL have in common: one finding per judged result that falls short,
// with the row and the expectation as evidence. No I/O.
#include <vector>

#include "checks/bw_judge.hpp"
#include "engine/verdict.hpp"

namespace roce::checks {

/// Judges every result of `tool` in the context's observations: a finding for each one below its
/// pass ratio (on `subject_of_port` for perftest, on no port for nccl-tests), a skip for each one
/// that cannot be judged.
void report_bandwidth(const engine::Context& ctx, engine::Reporter& r, model::BandwidthTool tool);

/// "RDMA_Write BW Test (write_bw.txt:2)": how findings and `roce-doctor bw` name a result.
std::string bandwidth_label(const model::BandwidthResult& result);

/// A result as `bw` shows it: its judgement, and the host findings that its BW-PERFTEST/BW-NCCL
/// finding names as likely causes (rank order; none when it fell not short).
struct JudgedBandwidth {
  BandwidthJudgement judgement;
  std::vector<const engine::Finding*> causes;
  const engine::Finding* finding = nullptr;  // its BW-PERFTEST/BW-NCCL finding among `ranked`, if any
};

/// Every bandwidth result of the context's observations judged, with the causes found among
/// `ranked` (the findings of a run of the catalog over `ctx`).
std::vector<JudgedBandwidth> judge_bandwidth_results(const engine::Context& ctx,
                                                     const std::vector<engine::Finding>& ranked);

/// The verdict of `bw`: the host's, except that a healthy host none of whose results could be
/// judged is "nothing judged": bw was asked about the results. A result that falls short without a
/// finding of its check (no host was read, or it has no RoCE port: judged by --line-rate alone)
/// counts with its own severity.
engine::Verdict bandwidth_verdict(const std::vector<JudgedBandwidth>& judged, engine::Verdict host);

/// The thresholds both checks declare, with their tool's large-message floor.
std::vector<engine::Threshold> bandwidth_thresholds(double min_message_bytes);

}  // namespace roce::checks
