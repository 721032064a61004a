// What every subcommand shares: error printing, stop signals, colour.
#include "cli/common.hpp"

#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>
#include <thread>

#include "report/check_json.hpp"
#include "util/time_text.hpp"

namespace roce::cli {

int report_error(const Error& error, int exit_code, bool json) {
  if (json) print_error_json(error, exit_code);
  std::fprintf(stderr, "roce-doctor: %s\n", error.message.c_str());
  if (!error.hint.empty()) std::fprintf(stderr, "hint: %s\n", error.hint.c_str());
  return exit_code;
}

bool asks_for_json(int argc, const char* const* argv) {
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--") return false;  // what follows are operands
    if (arg == "--json") return true;
  }
  return false;
}

void print_error_json(const Error& error, int exit_code) {
  const std::string doc = report::render_error_json(error, exit_code);
  std::fwrite(doc.data(), 1, doc.size(), stdout);
}

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& w : warnings) std::fprintf(stderr, "roce-doctor: %s\n", w.c_str());
}

judge::Notices terminal_notices() {
  judge::Notices n;
  n.warning = [](std::string_view w) {
    std::fprintf(stderr, "roce-doctor: %.*s\n", static_cast<int>(w.size()), w.data());
  };
  n.sampling = [](std::chrono::milliseconds interval) {
    if (isatty(STDERR_FILENO))
      std::fprintf(stderr, "sampling for %s (use --interval 0 for configuration only)\n",
                   util::seconds_text(static_cast<double>(interval.count()) / 1000).c_str());
  };
  return n;
}

judge::InputRequest input_request(const GlobalOptions& global) {
  judge::InputRequest request;
  request.system = global.system;
  request.notices = terminal_notices();
  return request;
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

namespace {
sigset_t stop_signals() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}
}  // namespace

void block_stop_signals() {
  const sigset_t set = stop_signals();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

void wait_for_stop_signal() {
  const sigset_t set = stop_signals();
  int signal = 0;
  while (sigwait(&set, &signal) != 0) {
  }
  g_stop = 1;
}

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

std::size_t wrap_width(bool tty, const char* columns_env, unsigned terminal_columns) {
  constexpr std::size_t kDefault = 100, kNarrowest = 40;
  if (!tty) return kDefault;
  if (columns_env) {
    std::size_t n = 0;
    const char* end = columns_env + std::strlen(columns_env);
    if (auto [at, ec] = std::from_chars(columns_env, end, n); ec == std::errc() && at == end && n > 0)
      return std::max(n, kNarrowest);
  }
  return terminal_columns > 0 ? std::max<std::size_t>(terminal_columns, kNarrowest) : kDefault;
}

std::size_t stdout_wrap_width() {
  const bool tty = isatty(STDOUT_FILENO);
  winsize ws{};
  const unsigned cols = tty && ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 ? ws.ws_col : 0;
  return wrap_width(tty, std::getenv("COLUMNS"), cols);
}

}  // namespace roce::cli
