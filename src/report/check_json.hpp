#pragma once
// The JSON view of a check run (`check --json`). Stable, snake_case keys:
//   {"schema_version": 1,
//    "host": {"hostname", "hardware", "origin", "profile", "interval_s", "has_rdma", "ports": [...]},
//    "verdict": {"status": "healthy"|"warning"|"critical", "critical", "warning", "info"},
//    "findings": [{"id", "severity", "subject": {"text", "netdev", "rdma_device", "port", "priority",
//                  "buffer"}, "title", "evidence": [{"name", "value", "delta", "per_second", "reset",
//                  "source", "locator"}], "explanation", "remediation": [...], "caused_by": [...]}],
//    "results": [{"id", "status": "ok"|"finding"|"skipped", "skipped_reason", "notes": [...]}]}
// Findings are ranked; results are in catalog order. Absent values are null, never 0.
#include <string>

#include "report/check_run.hpp"

namespace roce::report {

inline constexpr int kCheckJsonSchemaVersion = 1;

// Pretty-printed (two-space indentation) with a final newline.
std::string render_check_json(const CheckRun& run);

}  // namespace roce::report
