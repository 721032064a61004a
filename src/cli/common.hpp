#pragma once
// What every subcommand shares: global options, error printing, stop signals, colour.
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "util/error.hpp"
#include "util/expected.hpp"

namespace roce::cli {

struct GlobalOptions {
  std::string sysfs_root;  // --sysfs-root; empty: $ROCE_DOCTOR_SYSFS_ROOT, else /sys
  std::string host;        // --host SPEC ("live", "sim:FILE.toml"); empty: live
};

// "roce-doctor: MESSAGE" and, when there is one, "hint: HINT" on stderr; returns exit_code.
int report_error(const Error& error, int exit_code);

/// A command line that asks for --json gets its errors as the JSON error object on stdout too.
bool asks_for_json(int argc, const char* const* argv);
/// The JSON error object (report::render_error_json) on stdout.
void print_error_json(const Error& error, int exit_code);

/// "roce-doctor: WARNING" on stderr for each of what a library call returned as not fatal.
void print_warnings(const std::vector<std::string>& warnings);

/// A step that may end a subcommand: its value, or the error and the exit code to end with.
template <class T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error, int exit_code) : error_(std::move(error)), exit_code_(exit_code) {}
  /// The value, or the error ending the subcommand with exit_code.
  Result(Expected<T> expected, int exit_code) : exit_code_(exit_code) {
    if (expected)
      value_ = std::move(*expected);
    else
      error_ = std::move(expected.error());
  }

  explicit operator bool() const { return value_.has_value(); }
  T& operator*() { return *value_; }
  T* operator->() { return &*value_; }
  const Error& error() const { return error_; }
  int exit_code() const { return exit_code_; }
  /// Prints the error (report_error) and returns the exit code.
  int report() const { return report_error(error_, exit_code_); }

 private:
  std::optional<T> value_;
  Error error_;
  int exit_code_ = 0;
};

// SIGINT and SIGTERM set a flag instead of ending the process, so that a long-running command
// (collect, record) finishes what it sampled; stop_requested() reads the flag.
void catch_stop_signals();
bool stop_requested();
// Sleeps until `until`, waking early once a stop was requested.
void sleep_until(std::chrono::steady_clock::time_point until);

// Colour only on a terminal, and never with NO_COLOR set or TERM=dumb.
bool stdout_wants_colour();

/// The width text views wrap to: on a terminal $COLUMNS, else the terminal's own width
/// (`terminal_columns`, 0 if unknown), else 100; 100 when not on a terminal.
std::size_t wrap_width(bool tty, const char* columns_env, unsigned terminal_columns);
/// wrap_width() for standard output.
std::size_t stdout_wrap_width();

}  // namespace roce::cli
