// A perftest run: server and client spawned as planned, their ends turned into located errors.
#include "bwrun/perftest_run.hpp"

#include <sys/stat.h>

#include <sstream>
#include <thread>

#include "util/child_process.hpp"
#include "util/read_file.hpp"
#include "util/stop_signals.hpp"

namespace roce::bwrun {
namespace {

using process::Child;
using process::ChildEnd;
using process::Clock;
using process::find_in_path;
using process::tail_of_file;

// The longest a loopback server may take to listen before the client starts.
constexpr auto kServerStartLimit = std::chrono::seconds(30);
// How long a loopback server may take to finish after its client did.
constexpr auto kServerFinishLimit = std::chrono::seconds(5);
constexpr auto kReadyPoll = std::chrono::milliseconds(20);

std::string read_text(const std::string& path) {
  auto text = util::read_file(path);
  return text ? std::move(*text) : std::string();
}

bool non_empty_file(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
}

std::string indented(const std::string& text) {
  std::string out = "  ";
  for (char c : text) out += c == '\n' ? std::string("\n  ") : std::string(1, c);
  return out;
}

// "perftest server `ib_write_bw -d mlx5_0 ...` exited with code 1; its stderr ends:\n  ..."
Error side_error(const std::string& side, const std::vector<std::string>& argv, const ChildEnd& end,
                 const std::string& out_path, const std::string& err_path, const std::string& when = {}) {
  std::string message = "perftest " + side + " `" + shell_line(argv) + "` " + end.describe() + when;
  std::string tail = tail_of_file(err_path);
  std::string which = "stderr";
  if (tail.empty()) {
    tail = tail_of_file(out_path);
    which = "stdout";
  }
  message += tail.empty() ? "; it printed nothing" : "; its " + which + " ends:\n" + indented(tail);
  std::string hint;
  if (end.timed_out)
    hint = side == "client" ? "is the server side up and reachable? --timeout allows a longer run"
                            : "no client came within --timeout";
  else if (!end.interrupted)
    hint = "run the command by hand to see the whole output; `roce-doctor check` shows what is wrong on this host";
  return {std::move(message), std::move(hint)};
}

bool server_ready(const std::string& server_out, std::uint32_t port) {
  // perftest prints its banner before it waits for the client; with stdout in a file it may sit in
  // the buffer, so the listening socket counts too.
  if (read_text(server_out).find("Waiting for client to connect") != std::string::npos) return true;
  return listens_on(read_text("/proc/net/tcp"), port) || listens_on(read_text("/proc/net/tcp6"), port);
}

PerftestRun result_of(const PerftestPlan& plan, const RunOptions& options, const std::string& out_path,
                      const std::string& err_path) {
  if (!options.out_json_file.empty() && non_empty_file(options.out_json_file))
    return {options.out_json_file, plan.binary + ".json", tail_of_file(err_path)};
  return {out_path, plan.binary + ".out", tail_of_file(err_path)};
}

}  // namespace

bool listens_on(std::string_view text, std::uint32_t port) {
  // "  0: 00000000:4853 00000000:0000 0A ...": local address:port (hex), remote, state (0A = LISTEN).
  std::istringstream lines{std::string(text)};
  std::string line;
  std::getline(lines, line);  // the column header
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string slot, local, remote, state;
    if (!(fields >> slot >> local >> remote >> state)) continue;
    const auto colon = local.rfind(':');
    if (colon == std::string::npos || state != "0A") continue;
    unsigned long value = 0;
    try {
      value = std::stoul(local.substr(colon + 1), nullptr, 16);
    } catch (const std::exception&) {
      continue;
    }
    if (value == port) return true;
  }
  return false;
}

Expected<PerftestRun> run_perftest(const PerftestPlan& plan, const RunOptions& options, const std::string& dir,
                                   std::chrono::seconds timeout) {
  if (find_in_path(plan.binary).empty())
    return fail("perftest is not installed: no " + plan.binary + " in PATH",
                "install the perftest package (Debian/Ubuntu: apt-get install perftest)");
  const std::string server_out = dir + "/server.out", server_err = dir + "/server.err";
  const std::string client_out = dir + "/client.out", client_err = dir + "/client.err";

  if (options.mode == RunMode::server) {
    auto server = Child::start(plan.server_argv, server_out, server_err);
    if (!server) return fail(std::move(server.error()).context("perftest server"));
    const auto end = server->wait_until(Clock::now() + timeout);
    if (!end.ok()) return fail(side_error("server", plan.server_argv, end, server_out, server_err));
    return result_of(plan, options, server_out, server_err);
  }

  std::optional<Child> server;
  if (options.mode == RunMode::loopback) {
    auto started = Child::start(plan.server_argv, server_out, server_err);
    if (!started) return fail(std::move(started.error()).context("perftest server"));
    server.emplace(std::move(*started));
    const auto ready_by = Clock::now() + std::min<Clock::duration>(timeout, kServerStartLimit);
    while (true) {
      const bool ended = server->ended();  // before the look at its output: all of it is there when it ended
      if (server_ready(server_out, plan.port)) break;
      if (ended) {
        ChildEnd end = server->end();
        return fail(side_error("server", plan.server_argv, end, server_out, server_err,
                               " before it listened on port " + std::to_string(plan.port)));
      }
      if (process::stop_requested() || Clock::now() >= ready_by) {
        ChildEnd end = server->kill_group();
        end.interrupted = process::stop_requested();
        end.timed_out = !end.interrupted;
        return fail(side_error("server", plan.server_argv, end, server_out, server_err,
                               ", not listening on port " + std::to_string(plan.port)));
      }
      std::this_thread::sleep_for(kReadyPoll);
    }
  }

  auto client = Child::start(plan.client_argv, client_out, client_err);
  if (!client) return fail(std::move(client.error()).context("perftest client"));
  const auto end = client->wait_until(Clock::now() + timeout);
  if (server) {
    if (end.ok())
      server->wait_until(Clock::now() + kServerFinishLimit);
    else
      server->kill_group();
  }
  if (!end.ok()) return fail(side_error("client", plan.client_argv, end, client_out, client_err));
  return result_of(plan, options, client_out, client_err);
}

}  // namespace roce::bwrun
