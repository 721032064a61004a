#pragma once
// Runs a perftest plan: the server first (in loopback, until it listens), then the client, each
// in its own process group with a deadline; its output files are what `bw` then reads.
#include <chrono>
#include <string>
#include <string_view>

#include "bwrun/perftest_plan.hpp"
#include "util/expected.hpp"

namespace roce::bwrun {

/// Where a run left its result.
struct PerftestRun {
  std::string result_file;  // the reporting side's --out_json_file when it wrote one, else its stdout
  std::string result_name;  // that file's name, for provenance: "ib_write_bw.json"
  std::string stderr_tail;  // the reporting side's last stderr lines ("" when it printed none)
};

/// Runs `plan` with its output files in `dir` (server.out, server.err, client.out, client.err and
/// the JSON file the options name). A missing perftest binary, a side that fails, is killed by
/// `timeout` or by an interrupt: an error naming the side and its command, with its stderr tail.
Expected<PerftestRun> run_perftest(const PerftestPlan& plan, const RunOptions& options, const std::string& dir,
                                   std::chrono::seconds timeout);

/// Does /proc/net/tcp or /proc/net/tcp6 text hold a socket listening on `port`?
bool listens_on(std::string_view proc_net_tcp, std::uint32_t port);

}  // namespace roce::bwrun
