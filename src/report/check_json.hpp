#pragma once
// The JSON view of a check run (`check --json`). Stable, snake_case keys:
//   {"schema_version": 1,
//    "host": {"hostname", "hardware", "origin", "profile", "interval_s", "has_rdma", "ports": [...]},
//    "verdict": {"status": "healthy"|"warning"|"critical"|"nothing-judged", "critical", "warning", "info",
//                "exit_code"},
//    "findings": [{"id", "severity", "subject": {"text", "netdev", "rdma_device", "port", "priority",
//                  "buffer"}, "title", "evidence": [{"name", "value", "delta", "per_second", "reset",
//                  "source", "locator", "raw"}], "explanation", "remediation": [...], "caused_by": [...]}],
//    "results": [{"id", "status": "ok"|"finding"|"skipped", "skipped_reason", "notes": [...]}]}
// Findings are ranked; results are in catalog order. Absent values are null, never 0. An evidence's
// "raw" is the capture line it was read from (an imported capture), else null.
// A check that fails prints instead {"schema_version": 1, "error": {"message", "hint", "exit_code"}}.
#include <string>

#include <nlohmann/json.hpp>

#include "report/check_run.hpp"
#include "util/error.hpp"

namespace roce::report {

inline constexpr int kCheckJsonSchemaVersion = 1;

/// The document, for a view that adds members of its own (nccl's "nccl" and "hosts").
nlohmann::ordered_json check_json_document(const CheckRun& run);
/// A document pretty-printed (two-space indentation, invalid UTF-8 replaced) with a final newline.
std::string json_text(const nlohmann::ordered_json& doc);
/// json_text(check_json_document(run)).
std::string render_check_json(const CheckRun& run);

/// The JSON error object a failed `--json` command prints on stdout (hint null when there is none).
std::string render_error_json(const Error& error, int exit_code);

}  // namespace roce::report
