#pragma once
// roce-doctor record -o FILE: sample the host every --interval into a recording
// (src/record/recording.hpp), faster while pause/discard counters move, with rotation.
#include <chrono>
#include <cstdint>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"
#include "util/expected.hpp"

namespace roce::cli {

struct RecordOptions {
  std::string output;
  std::string interval = "1s";
  std::string burst_interval;  // empty: no burst mode
  std::string duration;        // empty: until stopped
  unsigned samples = 0;        // 0: until stopped
  std::string rotate_size;     // "100M"; empty: never
  std::string rotate_age;      // "1d"; empty: never
  unsigned keep = 7;
  std::string dev;
};

/// Adds `record`; once parsed, it runs and leaves its exit code in exit_code.
void add_record_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_record(const GlobalOptions& global, const RecordOptions& options);

// "1", "0.1s", "500ms", "2s", "1m", "1h", "1d" (cli/duration.hpp plus days).
Expected<std::chrono::milliseconds> parse_record_duration(std::string_view text);
// "4096", "500K", "100M", "2G" (powers of 1024).
Expected<std::uint64_t> parse_size(std::string_view text);

}  // namespace roce::cli
