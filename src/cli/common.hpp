#pragma once
// What every subcommand shares: global options, error printing, the device filter.
#include <chrono>
#include <string>
#include <vector>

#include "model/host.hpp"
#include "util/error.hpp"

namespace roce::cli {

struct GlobalOptions {
  std::string sysfs_root;  // --sysfs-root; empty: $ROCE_DOCTOR_SYSFS_ROOT, else /sys
  std::string host;        // --host SPEC ("live", "sim:FILE.toml"); empty: the live readers directly
};

// "roce-doctor: MESSAGE" and, when there is one, "hint: HINT" on stderr; returns exit_code.
int report_error(const Error& error, int exit_code);

/// "roce-doctor: WARNING" on stderr for each of what a library call returned as not fatal.
void print_warnings(const std::vector<std::string>& warnings);

// The named netdev or RDMA device and what pairs with it (an RDMA device's netdevs, a netdev's
// RDMA devices). Notes are kept.
model::Host filter_host(const model::Host& host, const std::string& device);
bool host_is_empty(const model::Host& host);

// SIGINT and SIGTERM set a flag instead of ending the process, so that a long-running command
// (collect, record) finishes what it sampled; stop_requested() reads the flag.
void catch_stop_signals();
bool stop_requested();
// Sleeps until `until`, waking early once a stop was requested.
void sleep_until(std::chrono::steady_clock::time_point until);

// Colour only on a terminal, and never with NO_COLOR set or TERM=dumb.
bool stdout_wants_colour();

}  // namespace roce::cli
