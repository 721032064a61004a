#pragma once
// A host's sweep as Prometheus metrics: curated series in base units (link, per-priority PFC
// pause frames and time, lossless drops, ECN marks, CNPs, retransmits, buffers and PFC mask as
// info), one severity gauge per check and port, and the sweep's own time and duration. A value
// that is unknown is not emitted: `roce_doctor_data_missing` names what is missing and why.
#include <span>
#include <string>

#include "engine/check.hpp"
#include "engine/context.hpp"
#include "metrics/text_format.hpp"

namespace roce::metrics {

/// When the sweep ended and how long reading and judging the host took.
struct SweepTiming {
  double finished_unix_seconds = 0;
  double duration_seconds = 0;
};

/// Every family the exposition may hold, in the order it renders them (man/roce-doctor.8 documents
/// each).
std::span<const Family> families();

/// The Prometheus text exposition of one sweep: `ctx` holds the host now and, for rates, its
/// earlier sample; `results` are the catalog's results on that context.
std::string render_exposition(const engine::Context& ctx, std::span<const engine::CheckResult> results,
                              const SweepTiming& timing);

}  // namespace roce::metrics
