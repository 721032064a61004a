#pragma once
// Folds an NCCL log, line by line, into its summary (model/nccl_log.hpp). Reads every line format
// NCCL has printed: the `host:pid:tid [dev]` prefix with or without a timestamp or launcher label
// before it, the source location of WARN lines, the device line of NET/IB, NET/IBext_vN and
// NET/Socket (with [RO], SHARP, rail and plane suffixes), the old and new channel lines (/GDRDMA,
// (PCI), /Shared, P2P, SHM), the environment echo and the completion-error signatures. Lines of
// the training framework are counted apart, and the failures they report (PyTorch, nccl-tests) kept
// as the job's events; NCCL lines no rule reads are counted as unknown.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "model/nccl_log.hpp"

namespace roce::nccl_log {

/// At most this many distinct warning/error kinds are kept per process; further kinds are counted
/// in NcclLog::events_dropped, so memory stays bounded on any log.
inline constexpr std::size_t kMaxEventsPerRank = 64;
/// At most this many ranks and hosts are kept per job event (NcclEvent::ranks, hosts).
inline constexpr std::size_t kMaxJobEventNames = 4096;
/// At most this many unknown lines are kept as examples (for --verbose).
inline constexpr std::size_t kMaxUnknownExamples = 20;

class Summarizer {
 public:
  /// Lines added from now on come from `name` (a file name, "-" for stdin).
  void begin_source(std::string name);
  /// One line, without its newline (a trailing '\r' is ignored).
  void add_line(std::string_view line);
  /// The summary so far: ranks ordered by host, then pid.
  model::NcclLog finish();

 private:
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  model::NcclRank& rank_of(std::string_view host_pid, std::string_view host, std::string_view pid);
  // An INFO message of process `r` read by the first reader of its kind; false when none reads it.
  bool read_info_line(std::string_view msg, model::NcclRank& r);

  model::NcclLog log_;
  std::string source_;
  std::uint64_t line_in_source_ = 0;
  std::unordered_map<std::string, std::size_t, KeyHash, std::equal_to<>> index_;
  std::string last_key_;
  std::size_t last_index_ = 0;
  bool has_last_ = false;
  std::vector<std::string> device_lines_;  // per process: its last device line, to skip reading it again
  std::string env_name_;                   // reused for NCCL_* names
};

/// The whole text as one source (tests, the fuzz target).
model::NcclLog summarize_text(std::string_view text, std::string source = "-");

}  // namespace roce::nccl_log
