// One node's sides of a step's tests, run at once until the plan's timeout.
#include "sweep/step_run.hpp"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <thread>

#include "util/atomic_write.hpp"
#include "util/child_process.hpp"
#include "util/read_file.hpp"
#include "util/stop_signals.hpp"

namespace roce::sweep {
namespace {

namespace fs = std::filesystem;
using process::Child;
using process::Clock;

constexpr auto kStepPoll = std::chrono::milliseconds(50);
constexpr int kClientAttempts = 10;  // the client tries again while its server is not listening yet
constexpr auto kClientRetryPause = std::chrono::seconds(1);

// One side being run.
struct Running {
  fabric::Test test;
  Side side = Side::client;
  int round = 0;
  std::string work_dir;
  std::optional<Child> child;
  int attempts = 0;
  Clock::time_point started{};
  bool hangs = false;  // a replayed test that would never finish
  bool done = false;
};

std::string host_of(const Plan& plan, const fabric::HostRails& rails, fabric::HostRail hr) {
  return plan.fabric.hosts[rails.host(hr)].name;
}

std::string device_of(const Plan& plan, const fabric::HostRails& rails, fabric::HostRail hr) {
  return plan.fabric.hosts[rails.host(hr)].rails[rails.rail(hr)].device;
}

// Starts (or starts again) a side's bw --run.
roce::Outcome start_side(const Plan& plan, const StepRequest& request, Running& r) {
  std::error_code ec;
  fs::create_directories(r.work_dir, ec);
  if (ec) return fail("create " + r.work_dir + ": " + ec.message());
  auto child = Child::start(bw_command(plan, r.test, r.side, request.self, r.work_dir), r.work_dir + "/bw.out",
                            r.work_dir + "/bw.err");
  if (!child) return fail(child.error());
  r.child.emplace(std::move(*child));
  r.started = Clock::now();
  ++r.attempts;
  return done();
}

// bw exits 0, 1 or 2 when it measured and judged a result (healthy, warnings, critical); 3, 4 and 5
// when there was none.
bool measured(const process::ChildEnd& end) { return end.exited && end.exit_code >= 0 && end.exit_code <= 2; }

std::string failure_detail(const Running& r, const process::ChildEnd& end) {
  std::string tail = process::tail_of_file(r.work_dir + "/bw.err", 3);
  for (char& c : tail)
    if (c == '\n') c = ' ';
  return "bw --run " + end.describe() + (tail.empty() ? "" : ": " + tail);
}

}  // namespace

std::vector<std::string> bw_command(const Plan& plan, const fabric::Test& test, Side side, const std::string& self,
                                    const std::string& work_dir) {
  const fabric::HostRails rails(plan.fabric);
  const TestSettings& s = plan.settings;
  std::vector<std::string> argv = {self, "bw", "--run"};
  if (side == Side::server) argv.push_back("--server");
  if (side == Side::client) argv.insert(argv.end(), {"--peer", host_of(plan, rails, test.server)});
  argv.insert(argv.end(), {"--dev", device_of(plan, rails, side == Side::server ? test.server : test.client), "--port",
                           std::to_string(port_of(s, test)), "--test", s.test, "--size", std::to_string(s.size),
                           "--qps", std::to_string(s.qps), "--duration", std::to_string(s.duration_s) + "s",
                           "--timeout", std::to_string(s.timeout_s) + "s", "--out", work_dir});
  return argv;
}

std::string this_node_name() {
  if (const char* slurm = std::getenv("SLURMD_NODENAME"); slurm && *slurm) return slurm;
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return {};
  const std::string host(name);
  return host.substr(0, host.find('.'));
}

Expected<bool> run_step(const Plan& plan, const StepRequest& request,
                        const std::function<void(const std::string&)>& report) {
  const fabric::HostRails rails(plan.fabric);
  std::vector<Running> sides;
  for (const auto id : request.ids) {
    const fabric::Test* t = find_test(plan, id);
    if (!t)
      return fail("test " + std::to_string(id) + " is not in the plan",
                  "the plan the runner wrote in the results folder");
    const bool client = host_of(plan, rails, t->client) == request.node;
    const bool server = host_of(plan, rails, t->server) == request.node;
    if (!client && !server)
      return fail("test " + std::to_string(id) + " runs between " + host_of(plan, rails, t->client) + " and " +
                      host_of(plan, rails, t->server) + ", not on node " + request.node,
                  "the step takes its node's name from SLURMD_NODENAME, else the host name; --node names it");
    const int round = round_of_test(plan, id);
    char test_dir[48];
    std::snprintf(test_dir, sizeof test_dir, "/r%02d/work/t%04u-", round, id);
    const auto add = [&](Side side) {
      Running r;
      r.test = *t;
      r.side = side;
      r.round = round;
      r.work_dir = request.out_dir + test_dir + to_string(side);
      sides.push_back(std::move(r));
    };
    if (t->loopback())
      add(Side::loopback);
    else if (client && server)
      return fail("test " + std::to_string(id) + " pairs two NICs of one host");
    else
      add(client ? Side::client : Side::server);
  }

  process::FinishOnStop finish_on_stop;  // a stop signal ends the step here: each side reports how it ended
  const auto deadline = Clock::now() + std::chrono::seconds(plan.settings.timeout_s);
  bool all_well = true;
  const auto finish = [&](Running& r, Status status, std::string detail) {
    r.done = true;
    if (status != Status::measured) all_well = false;
    report(step_report_line(r.test.id, {r.side, status, std::move(detail)}));
  };
  // The result file from the client's output (or the replayed text): measured, or why not.
  const auto keep_result = [&](Running& r, const std::string& text) {
    const std::string file = request.out_dir + "/" + result_file_name(plan, r.round, r.test);
    std::error_code ec;
    fs::create_directories(fs::path(file).parent_path(), ec);
    if (auto w = util::write_file_atomically(file, text); !w) return finish(r, Status::failed, w.error().message);
    finish(r, Status::measured, "");
  };

  for (auto& r : sides) {
    if (request.replay && r.side == Side::server) {
      r.done = true;  // the replayed client needs no server
      continue;
    }
    if (request.replay) {
      auto replayed = request.replay(plan, r.test);
      if (!replayed)
        finish(r, Status::failed, "replay: " + replayed.error().message);
      else if (replayed->hangs)
        r.hangs = true;
      else
        keep_result(r, replayed->text);
      continue;
    }
    if (auto started = start_side(plan, request, r); !started) finish(r, Status::failed, started.error().message);
  }

  for (bool waiting = true; waiting;) {
    waiting = false;
    const bool late = Clock::now() >= deadline, stopped = process::stop_requested();
    for (auto& r : sides) {
      if (r.done) continue;
      if (r.child && r.child->ended()) {
        const auto end = r.child->end();
        if (measured(end) && r.side != Side::server) {
          auto text = util::read_file(r.work_dir + "/client.out");
          if (text && !text->empty())
            keep_result(r, *text);
          else
            finish(r, Status::failed, "bw --run measured, but its client output is not there");
        } else if (measured(end)) {
          r.done = true;  // a server that served its client says nothing: the client reports the test
        } else if (r.side == Side::client && r.attempts < kClientAttempts &&
                   Clock::now() + kClientRetryPause + std::chrono::seconds(plan.settings.duration_s) < deadline) {
          std::this_thread::sleep_for(kClientRetryPause);  // its server may not listen yet
          if (auto again = start_side(plan, request, r); !again) finish(r, Status::failed, again.error().message);
        } else {
          finish(r, Status::failed, failure_detail(r, end));
        }
        continue;
      }
      if (late || stopped) {
        if (r.child) r.child->kill_group();
        finish(r, stopped ? Status::failed : Status::timeout,
               stopped ? std::string("the step was stopped (SIGINT or SIGTERM)")
                       : "killed after " + std::to_string(plan.settings.timeout_s) + " s");
        continue;
      }
      waiting = true;
    }
    if (waiting) std::this_thread::sleep_for(kStepPoll);
  }
  return all_well;
}

}  // namespace roce::sweep
