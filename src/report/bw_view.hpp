#pragma once
// `roce-doctor bw`: each result with its measured and expected figures, ratio, verdict and likely
// causes, as text and as JSON; with --run, what was run first.
#include <optional>
#include <string>
#include <vector>

#include "bwrun/measure.hpp"
#include "checks/bw_findings.hpp"
#include "report/check_run.hpp"

namespace roce::report {

struct BandwidthView {
  std::vector<checks::JudgedBandwidth> judged;
  engine::Verdict verdict;  // checks::bandwidth_verdict
  std::optional<bwrun::RunRecord> ran;
  bool host = true;  // false: no host was read (--line-rate alone), so no host finding is a cause
};

std::string render_bw_text(const BandwidthView& view, const CheckRun& run);
/// schema_version 1: hostname, host_read, origin, profile, run (with --run), results[] (each with header,
/// figure, notices[], line_rate), verdict.
std::string render_bw_json(const BandwidthView& view, const CheckRun& run);

}  // namespace roce::report
