#pragma once
// The warnings and errors of an NCCL log as events: completion errors (with their status, HCA and
// GID), GID table changes, missing RDMA devices, failing calls' traces, failed verbs calls (QP
// transitions, QP creation, memory registration, with their errno), socket and plugin failures,
// aborts, timeouts.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/nccl_log.hpp"
#include "nccl_log/failure_lines.hpp"

namespace roce::nccl_log {

/// The kind of event a line is, and what it names.
struct Classified {
  std::string_view kind;
  std::optional<int> status;
  std::string_view hca, local_gid, where;
};

/// The event `msg` reports; `warn`: a WARN or ABORT line (`abort`: an ABORT line), `where` its
/// source location. INFO lines report completion errors, GID table changes, missing devices and
/// error traces only.
std::optional<Classified> classify(std::string_view msg, bool warn, std::string_view where, bool abort = false);

/// Where and when an event's line was read.
struct EventLine {
  std::string_view message;
  const std::string& source;
  std::uint64_t line = 0;
  std::string_view time;
};

/// Counts event `c` on `r`: a kind seen before (same kind, status, HCA and location) counts again;
/// a new kind is kept while `r` holds fewer than kMaxEventsPerRank, else `dropped` counts it.
void count_event(model::NcclRank& r, const Classified& c, const EventLine& seen, std::uint64_t& dropped);

/// Counts a failure the framework or the test printed on the log's job events, as count_event does
/// (same kind, result and location count again), adding the rank and host it names.
void count_job_event(model::NcclLog& log, const FailureLine& f, const EventLine& seen);

}  // namespace roce::nccl_log
