#pragma once
// What BW-PERFTEST and BW-NCCL have in common: one finding per judged result that falls short,
// with the row and the expectation as evidence. No I/O.
#include "checks/bw_judge.hpp"

namespace roce::checks {

/// Judges every result of `tool` in the context's observations: a finding for each one below its
/// pass ratio (on `subject_of_port` for perftest, on no port for nccl-tests), a skip for each one
/// that cannot be judged.
void report_bandwidth(const engine::Context& ctx, engine::Reporter& r, model::BandwidthTool tool);

/// "RDMA_Write BW Test (write_bw.txt:2)": how findings and `roce-doctor bw` name a result.
std::string bandwidth_label(const model::BandwidthResult& result);

/// The thresholds both checks declare, with their tool's large-message floor.
std::vector<engine::Threshold> bandwidth_thresholds(double min_message_bytes);

}  // namespace roce::checks
