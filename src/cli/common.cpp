// What every subcommand shares: error printing, stop signals, colour.
#include "cli/common.hpp"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace roce::cli {

int report_error(const Error& error, int exit_code) {
  std::fprintf(stderr, "roce-doctor: %s\n", error.message.c_str());
  if (!error.hint.empty()) std::fprintf(stderr, "hint: %s\n", error.hint.c_str());
  return exit_code;
}

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::fprintf(stderr, "roce-doctor: %s\n", w.c_str());
}

namespace {

volatile std::sig_atomic_t g_stop = 0;
extern "C" void on_stop_signal(int) { g_stop = 1; }

}  // namespace

void catch_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool stop_requested() { return g_stop != 0; }

void sleep_until(std::chrono::steady_clock::time_point until) {
  using Clock = std::chrono::steady_clock;
  while (!stop_requested() && Clock::now() < until)
    std::this_thread::sleep_for(std::min<Clock::duration>(std::chrono::milliseconds(50), until - Clock::now()));
}

bool stdout_wants_colour() {
  if (!isatty(STDOUT_FILENO) || std::getenv("NO_COLOR")) return false;
  const char* term = std::getenv("TERM");
  return term && std::strcmp(term, "dumb") != 0;
}

}  // namespace roce::cli
