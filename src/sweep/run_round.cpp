// One round's steps launched at once, waited for with deadlines, their tests recorded.
#include "sweep/run_round.hpp"

#include <deque>
#include <filesystem>
#include <optional>
#include <set>
#include <thread>

#include "util/atomic_write.hpp"
#include "util/child_process.hpp"
#include "util/read_file.hpp"
#include "util/stop_signals.hpp"
#include "util/text.hpp"

namespace roce::sweep {
namespace {

namespace fs = std::filesystem;
using process::Child;
using process::Clock;

constexpr auto kRoundPoll = std::chrono::milliseconds(50);

struct Launched {
  const Step* step = nullptr;
  std::int64_t started_ms = 0;  // wall clock, for times.tsv
  std::vector<Child> children;  // one srun, or one template command per node
  std::vector<std::string> outputs;
  Clock::time_point deadline{};
  bool killed = false;
  std::string start_error;  // a launcher that could not be started
};

bool all_ended(Launched& l) {
  bool ended = true;
  for (auto& c : l.children) ended = c.ended() && ended;
  return ended;
}

std::string launcher_end(const Launched& l) {
  for (const auto& c : l.children)
    if (!c.end().ok()) return c.end().describe();
  return "exited with code 0";
}

// The row of each test of an ended step, from what its nodes reported.
std::vector<ManifestRow> rows_of(const Plan& plan, int round, const Launched& l) {
  std::string output;
  for (const auto& path : l.outputs) {
    auto text = util::read_file(path);
    if (text) output += *text;
  }
  const auto reports = read_step_reports(output);
  const fabric::HostRails rails(plan.fabric);
  std::vector<ManifestRow> rows;
  for (const auto& t : l.step->tests) {
    ManifestRow row;
    const auto& client = plan.fabric.hosts[rails.host(t.client)];
    const auto& server = plan.fabric.hosts[rails.host(t.server)];
    row.file = result_file_name(plan, round, t);
    row.client = client.name;
    row.client_dev = client.rails[rails.rail(t.client)].device;
    row.server = server.name;
    row.server_dev = server.rails[rails.rail(t.server)].device;
    row.round = round;
    row.test = t.id;
    const auto it = reports.find(t.id);
    if (it != reports.end() && it->second.side != Side::server) {
      row.status = to_string(it->second.status);
      row.detail = it->second.detail;
    } else if (l.killed) {
      row.status = to_string(Status::timeout);
      row.detail =
          "the step did not end within " + std::to_string(plan.settings.timeout_s) + " s and its grace: killed";
    } else {
      row.status = to_string(Status::failed);
      row.detail = it != reports.end()      ? std::string("server: ") + it->second.detail
                   : !l.start_error.empty() ? "the step could not be started: " + l.start_error
                                            : "no report from the step (its launcher " + launcher_end(l) + ")";
      if (it != reports.end() && it->second.status == Status::timeout) row.status = to_string(Status::timeout);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::int64_t wall_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

// A step's line of times.tsv: name, nodes, start and end (Unix ms), how it ended.
std::string times_line(const Launched& l) {
  return l.step->name() + "\t" + util::join(l.step->nodes, ",") + "\t" + std::to_string(l.started_ms) + "\t" +
         std::to_string(wall_ms()) + "\t" + (l.killed ? "killed at its deadline" : launcher_end(l)) + "\n";
}

}  // namespace

std::string progress_line(const Progress& p) {
  return "round " + std::to_string(p.round) + " of at most " + std::to_string(p.round_limit) + ": " +
         std::to_string(p.tests) + " tests, " + std::to_string(p.done) + " done, " + std::to_string(p.running) +
         " running, " + std::to_string(p.failed) + " failed";
}

Expected<RoundCounts> run_round(const Plan& plan, int round, const Launch& launch, ManifestWriter& manifest,
                                std::chrono::seconds grace, const std::function<void(const Progress&)>& progress) {
  const Round& r = plan.rounds.at(static_cast<std::size_t>(round - 1));
  const std::vector<Step> steps = steps_of(plan, r);
  char dir_name[32];
  std::snprintf(dir_name, sizeof dir_name, "/r%02d/steps", round);
  const std::string log_dir = launch.out_dir + dir_name;
  std::error_code ec;
  fs::create_directories(log_dir, ec);
  if (ec) return fail("create " + log_dir + ": " + ec.message());

  Progress p{round, plan.settings.round_limit, r.tests.size(), 0, 0, 0};
  RoundCounts counts;
  std::deque<const Step*> waiting;
  for (const auto& s : steps) waiting.push_back(&s);
  std::vector<Launched> running;
  std::set<std::string> busy;
  process::FinishOnStop finish_on_stop;  // a stop signal ends the round here: what finished is recorded
  const auto timeout = std::chrono::seconds(plan.settings.timeout_s) + grace;
  std::string times = "step\tnodes\tstarted_ms\tended_ms\tend\n";

  while (!waiting.empty() || !running.empty()) {
    // Start every waiting step whose nodes are free (in order: a step never waits behind a later one's nodes).
    for (auto it = waiting.begin(); it != waiting.end() && !process::stop_requested();) {
      const Step& s = **it;
      bool free = true;
      for (const auto& n : s.nodes) free = free && !busy.count(n);
      if (!free) {
        for (const auto& n : s.nodes) busy.insert(n);  // held for it: no later step jumps ahead on them
        ++it;
        continue;
      }
      Launched l;
      l.step = &s;
      l.started_ms = wall_ms();
      l.deadline = Clock::now() + timeout;
      const auto commands = launch_commands(launch, s);
      for (std::size_t i = 0; i < commands.size(); ++i) {
        const std::string base = log_dir + "/" + s.name() + (commands.size() > 1 ? "." + s.nodes[i] : "");
        auto child = Child::start(commands[i], base + ".out", base + ".err");
        l.outputs.push_back(base + ".out");
        if (child)
          l.children.push_back(std::move(*child));
        else
          l.start_error = child.error().message;
      }
      for (const auto& n : s.nodes) busy.insert(n);
      p.running += s.tests.size();
      running.push_back(std::move(l));
      it = waiting.erase(it);
    }
    // Nodes held for waiting steps are free again unless a running step has them.
    busy.clear();
    for (const auto& l : running)
      for (const auto& n : l.step->nodes) busy.insert(n);
    if (progress) progress(p);

    std::this_thread::sleep_for(kRoundPoll);
    const bool stop = process::stop_requested();
    for (auto it = running.begin(); it != running.end();) {
      if (!all_ended(*it)) {
        if (!stop && Clock::now() < it->deadline) {
          ++it;
          continue;
        }
        for (auto& c : it->children) c.kill_group();
        it->killed = !stop;
      }
      times += times_line(*it);
      for (const auto& row : rows_of(plan, round, *it)) {
        if (auto w = manifest.add(row); !w) return fail(w.error());
        ++p.done;
        if (row.status == to_string(Status::measured))
          ++counts.measured;
        else if (row.status == to_string(Status::timeout))
          ++counts.timed_out;
        else
          ++counts.failed;
        if (row.status != to_string(Status::measured)) ++p.failed;
      }
      p.running -= it->step->tests.size();
      for (const auto& n : it->step->nodes) busy.erase(n);
      it = running.erase(it);
    }
    if (stop) {
      if (progress) progress(p);
      return fail("interrupted in round " + std::to_string(round) + ": the steps running were stopped",
                  "what finished is in the folder's pairs.csv");
    }
  }
  if (progress) progress(p);
  if (auto w = util::write_file_atomically(log_dir + "/times.tsv", times); !w) return fail(w.error());
  return counts;
}

}  // namespace roce::sweep
