#pragma once
// What every subcommand shares: global options, error printing, stop signals, colour.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "judge/input.hpp"
#include "util/error.hpp"
#include "util/expected.hpp"
#include "util/result.hpp"

namespace roce::cli {

/// The options before (or after) the subcommand: the system every command reads.
struct GlobalOptions {
  judge::SystemSpec system;  // --sysfs-root, --host
};

/// "roce-doctor: MESSAGE" and, when there is one, "hint: HINT" on stderr; with `json` also the
/// JSON error object (report::render_error_json) on stdout. Returns exit_code.
int report_error(const Error& error, int exit_code, bool json = false);
/// A failed step's error, as above, ending with its own exit code.
template <class T>
int report_error(const Result<T>& failed, bool json = false) {
  return report_error(failed.error(), failed.exit_code(), json);
}

/// A command line that asks for --json gets its errors as the JSON error object on stdout too.
bool asks_for_json(int argc, const char* const* argv);
/// The JSON error object (report::render_error_json) on stdout.
void print_error_json(const Error& error, int exit_code);

/// "roce-doctor: WARNING" on stderr for each of what a library call returned as not fatal.
void print_warnings(const std::vector<std::string>& warnings);

/// What judge::read_input tells while it reads, on stderr: its warnings, and "sampling for N s"
/// before the live host's second sample when stderr is a terminal.
judge::Notices terminal_notices();
/// A request for the global options' system that tells on stderr (terminal_notices).
judge::InputRequest input_request(const GlobalOptions& global);

// SIGINT and SIGTERM set a flag instead of ending the process, so that a long-running command
// (collect, record) finishes what it sampled; stop_requested() reads the flag.
void catch_stop_signals();
bool stop_requested();
// Sleeps until `until`, waking early once a stop was requested.
void sleep_until(std::chrono::steady_clock::time_point until);
// For a server that only waits to be stopped: block_stop_signals() first, before any thread starts
// (the threads inherit the mask, so the signal is left to the waiting thread), then
// wait_for_stop_signal() sleeps without a timer until SIGINT or SIGTERM, and stop_requested() is true.
void block_stop_signals();
void wait_for_stop_signal();

// Colour only on a terminal, and never with NO_COLOR set or TERM=dumb.
bool stdout_wants_colour();

/// The width text views wrap to: on a terminal $COLUMNS, else the terminal's own width
/// (`terminal_columns`, 0 if unknown), else 100; 100 when not on a terminal.
std::size_t wrap_width(bool tty, const char* columns_env, unsigned terminal_columns);
/// wrap_width() for standard output.
std::size_t stdout_wrap_width();

}  // namespace roce::cli
