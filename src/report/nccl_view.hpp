#pragma once
// The per-host view of a job's NCCL log that `roce-doctor nccl` prints: text and JSON.
#include <string>

#include <nlohmann/json.hpp>

#include "model/nccl_log.hpp"

namespace roce::report {

/// hosts[]: {"host", "ranks": [{"pid", "ranks", "cuda_device", "version", "lines"}], "transport",
/// "devices": ["mlx5_0:1/RoCE"], "oob": {"interface", "address"}, "gdr": true|false|null,
/// "channels": {"net", "net_gdr", "p2p", "shm", "other"}, "env": {NAME: VALUE},
/// "errors": [{"kind", "status", "hca", "where", "count", "first_source", "first_line", "first_time",
/// "last_source", "last_line", "last_time", "message"}]}; absent values are null.
nlohmann::ordered_json nccl_hosts_json(const model::NcclLog& log);

/// The log as a whole: {"sources", "version", "lines", "nccl_lines", "unknown_lines", "other_lines",
/// "unknown_examples", "events_dropped", "job_errors": [{"kind", "result", "where", "count", "ranks",
/// "hosts", "first_source", "first_line", "last_source", "last_line", "message"}]}: job_errors are the
/// failures the framework or the test printed (PyTorch, nccl-tests).
nlohmann::ordered_json nccl_log_json(const model::NcclLog& log);

/// The failures the framework or the test printed, as nccl_log_json's "job_errors".
nlohmann::ordered_json nccl_job_errors_json(const model::NcclLog& log);

/// One block per host: its processes, transport, devices, OOB, GDR, variables, warnings and errors;
/// then the failures the framework or the test reported; `verbose` adds the unknown lines.
std::string nccl_summary_text(const model::NcclLog& log, bool verbose);

}  // namespace roce::report
