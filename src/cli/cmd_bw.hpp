#pragma once
// roce-doctor bw FILE... [--from CAPTURE | --dev DEV] [--line-rate [N x]RATE] [--interval DURATION]
//                [--profile NAME|FILE] [--json]
// roce-doctor bw --run [--peer HOST | --server] [--test write|read|send] [--size S] [--duration D] ...
// Judges perftest and nccl-tests results against the line rate of the host they ran on (live, or
// a capture of it) and names the host's findings that explain a shortfall. With --run it first runs
// perftest here with the flags this host needs and judges that result the same way. Exit codes as
// `check`; 4 when the run fails.
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/common.hpp"

namespace roce::cli {

struct BwOptions {
  std::vector<std::string> files;
  std::string from;
  std::string dev;
  std::string interval = "0";
  std::string profile;
  std::string line_rate;  // --line-rate: "400G", "8x400G"; empty: the host's ports
  bool json = false;
  // --run
  bool run = false;
  bool server = false;
  std::string peer;
  std::string test = "write";
  std::string size = "1MiB";
  std::string duration = "10s";
  unsigned qps = 1;
  unsigned port = 0;    // 0: perftest's default
  std::string timeout;  // empty: the duration and 60 s
  std::string out_dir;  // empty: a temporary directory, removed after
};

/// Adds `bw`; once parsed, it runs and leaves its exit code in exit_code.
void add_bw_command(CLI::App& app, GlobalOptions& global, int& exit_code);
int run_bw(const GlobalOptions& global, const BwOptions& options);

}  // namespace roce::cli
