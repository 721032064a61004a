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
};

std::string render_bw_text(const BandwidthView& view, const CheckRun& run);
/// schema_version 1: hostname, origin, profile, run (with --run), results[], verdict.
std::string render_bw_json(const BandwidthView& view, const CheckRun& run);

}  // namespace roce::report
