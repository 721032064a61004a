// bench_collect: what one collection of N network devices costs, in-process against the shell
// pipeline that by-hand scripts use, with a bare ioctl loop as the floor. Each N is measured in a
// child process that owns a throwaway network namespace holding N veth devices.
//
//   bench_collect [--queues Q] [N ...]      (default N: 16 64; needs root)
//
// Prints Markdown tables ready for the README. Exit status 0 only when every measurement ran and
// the sweeps were checked to read the same information.
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

#include "collect/same_information.hpp"
#include "collect/scratch_netns.hpp"
#include "collect/sweeps.hpp"
#include "collect/timing.hpp"
#include "sources/linux_host.hpp"

using namespace std::chrono_literals;

namespace {
constexpr int kRounds = 5;
}

namespace roce::bench {
namespace {

// What the child that measured one N sends back to the parent (trivially copyable).
struct Measured {
  int devices = 0;
  int stats_per_device = 0;
  bool own_sysfs = false;
  Timing in_process, collect_host, pipeline, floor, floor_netlink;
  int spawned_per_sweep = 0;
  char pfc_answer[200] = {};
  char failure[2048] = {};  // not empty: the measurement failed
};

void copy_text(char* to, std::size_t size, const std::string& text) { std::snprintf(to, size, "%s", text.c_str()); }

Expected<Measured> measure(int devices, int queues) {
  Measured m;
  m.devices = devices;
  auto ns = enter_scratch_netns(devices, queues);
  if (!ns) return fail(std::move(ns.error()));
  m.own_sysfs = ns->own_sysfs;
  if (!ns->own_sysfs) std::fprintf(stderr, "  N=%d: /sys is the host's (%s)\n", devices, ns->note.c_str());

  // Every reader is created now, inside the namespace: sockets belong to the namespace current
  // when they are opened.
  auto in_process = InProcessSweep::open(ns->devices);
  if (!in_process) return fail(std::move(in_process.error()));
  auto floor = FloorSweep::open(ns->devices, false);
  if (!floor) return fail(std::move(floor.error()));
  auto floor_netlink = FloorSweep::open(ns->devices, true);
  if (!floor_netlink) return fail(std::move(floor_netlink.error()));
  PipelineSweep pipeline(ns->devices);

  if (auto r = in_process->run(); !r) return fail(std::move(r.error()));
  if (auto r = pipeline.run(); !r) return fail(std::move(r.error()));
  if (auto r = floor_netlink->run(); !r) return fail(std::move(r.error()));
  const Agreement agreement = compare_sweeps(ns->devices, *in_process, pipeline, *floor_netlink);
  if (!agreement.mismatches.empty()) {
    std::string all;
    for (const auto& s : agreement.mismatches) all += "\n  " + s;
    return fail("the sweeps did not read the same information:" + all);
  }
  m.stats_per_device = static_cast<int>(agreement.stats_per_device);
  copy_text(m.pfc_answer, sizeof m.pfc_answer, agreement.pfc_answer);

  const auto collect = [&]() -> Outcome {
    const model::Host host = sources::collect_host({});
    int with_stats = 0;
    for (const auto& nd : host.netdevs) with_stats += nd.ethtool_stats.ok();
    if (with_stats < devices)
      return fail("collect_host read ethtool statistics of " + std::to_string(with_stats) + " devices");
    return done();
  };

  std::fprintf(stderr, "  N=%d: timing, %d rounds...\n", devices, kRounds);
  const long spawned_before = pipeline.spawned;
  auto timings = time_interleaved(
      {
          {"the in-process counter sweep", [&] { return in_process->run(); }, {2500ms, 20, 4000}},
          {"collect_host", collect, {3000ms, 10, 400}},
          {"the shell pipeline", [&] { return pipeline.run(); }, {8000ms, 10, 200}},
          {"the ioctl floor", [&] { return floor->run(); }, {1500ms, 20, 8000}},
          {"the syscall floor", [&] { return floor_netlink->run(); }, {1500ms, 20, 8000}},
      },
      kRounds);
  if (!timings) return fail(std::move(timings.error()));
  m.in_process = (*timings)[0];
  m.collect_host = (*timings)[1];
  m.pipeline = (*timings)[2];
  m.floor = (*timings)[3];
  m.floor_netlink = (*timings)[4];
  m.spawned_per_sweep = static_cast<int>((pipeline.spawned - spawned_before) / (m.pipeline.iterations + 2));
  return m;
}

// Measures N in a child process (a fresh namespace each time) and reads back what it measured.
Measured measure_in_child(int devices, int queues) {
  Measured m;
  m.devices = devices;
  int fds[2];
  if (pipe(fds) != 0) {
    copy_text(m.failure, sizeof m.failure, std::string("pipe: ") + std::strerror(errno));
    return m;
  }
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    auto result = measure(devices, queues);
    Measured out;
    if (result) {
      out = *result;
    } else {
      out.devices = devices;
      copy_text(out.failure, sizeof out.failure, result.error().message);
    }
    const bool written = write(fds[1], &out, sizeof out) == static_cast<ssize_t>(sizeof out);
    _exit(written ? 0 : 1);
  }
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    copy_text(m.failure, sizeof m.failure, std::string("fork: ") + std::strerror(errno));
    return m;
  }
  std::size_t got = 0;
  auto* bytes = reinterpret_cast<char*>(&m);
  while (got < sizeof m) {
    const ssize_t n = read(fds[0], bytes + got, sizeof m - got);
    if (n <= 0) break;
    got += static_cast<std::size_t>(n);
  }
  close(fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (got != sizeof m) {
    m = Measured{};
    m.devices = devices;
    copy_text(m.failure, sizeof m.failure, "the measuring process died (status " + std::to_string(status) + ")");
  }
  return m;
}

std::string duration(double us) {
  char buf[32];
  if (us < 100)
    std::snprintf(buf, sizeof buf, "%.1f µs", us);
  else if (us < 1000)
    std::snprintf(buf, sizeof buf, "%.0f µs", us);
  else if (us < 100000)
    std::snprintf(buf, sizeof buf, "%.1f ms", us / 1000);
  else
    std::snprintf(buf, sizeof buf, "%.0f ms", us / 1000);
  return buf;
}

std::string ratio(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, x < 10 ? "%.1f×" : "%.0f×", x);
  return buf;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown CPU";
}

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one;
  in >> one;
  return one.empty() ? "unknown" : one;
}

void print_row(const Measured& m, const char* path, const Timing& t, const std::string& children) {
  std::printf("| %d | %s | %d | %s | %s | %s | %s | %s |\n", m.devices, path, t.iterations,
              duration(t.median_us).c_str(), duration(t.p99_us).c_str(), duration(t.median_us / m.devices).c_str(),
              duration(t.cpu_median_us).c_str(), children.c_str());
}

std::string child_verdict(const Timing& t) { return t.children_seen ? "**yes** (seen)" : "none"; }

void print_tables(const std::vector<Measured>& all, int queues) {
  utsname u{};
  uname(&u);
  std::printf(
      "Kernel %s, %s, %ld CPUs, load average %s at the end; veth devices (%s), %d ethtool statistics "
      "each. Wall time per sweep of all N devices (std::chrono::steady_clock): median and p99 over the runs "
      "shown (p99 by nearest rank: with fewer than 100 runs it is the slowest run). CPU per sweep: CPU "
      "time of one sweep: the benchmark's threads plus the processes it started and reaped. The paths take "
      "turns in 5 rounds so that disturbances land on all of them.\n\n",
      u.release, cpu_model().c_str(), sysconf(_SC_NPROCESSORS_ONLN), load_average().c_str(),
      queues > 0 ? (std::to_string(queues) + " queues").c_str() : "default queues",
      all.empty() ? 0 : all.front().stats_per_device);
  std::printf("| N | Path | Runs | Median | p99 | Median per device | CPU per sweep (median) | Child processes |\n");
  std::printf("|---:|---|---:|---:|---:|---:|---:|---|\n");
  for (const auto& m : all) {
    if (m.failure[0]) continue;
    print_row(m, "in-process counter sweep: `read_stats` + `read_dcb` per device, one `dump_links`", m.in_process,
              child_verdict(m.in_process));
    print_row(m,
              "`collect_host()` (show/collect: + sysfs, genetlink link/pause, addresses, qdiscs, verbs; "
              "a worker thread per device)",
              m.collect_host, child_verdict(m.collect_host));
    print_row(m, "shell pipeline: `ethtool -S`, `ip -s -d link show`, `dcb pfc show` per device", m.pipeline,
              std::to_string(m.spawned_per_sweep) +
                  " per sweep (check: " + (m.pipeline.children_seen ? "seen" : "**missed**") + ")");
    print_row(m, "floor: bare `SIOCETHTOOL` GSSET_INFO + GSTRINGS + GSTATS per device", m.floor,
              child_verdict(m.floor));
    print_row(
        m,
        "floor + raw netlink: the ioctls, one raw `RTM_GETLINK` dump, one raw `RTM_GETDCB` per device, nothing decoded",
        m.floor_netlink, child_verdict(m.floor_netlink));
  }
  std::printf(
      "\n| N | Pipeline / in-process (goal ≥ 50×): wall, CPU | In-process / ioctl floor (goal ≤ 3×): "
      "wall, CPU | In-process / floor + raw netlink: wall, CPU | In-process sweep at 10 Hz (CPU) |\n");
  std::printf("|---:|---:|---:|---:|---:|\n");
  const auto verdict = [](double x, bool met) { return ratio(x) + (met ? " met" : " **missed**"); };
  for (const auto& m : all) {
    if (m.failure[0]) continue;
    const double pipeline = m.pipeline.median_us / m.in_process.median_us;
    const double pipeline_cpu = m.pipeline.cpu_median_us / m.in_process.cpu_median_us;
    const double floor = m.in_process.median_us / m.floor.median_us;
    const double floor_cpu = m.in_process.cpu_median_us / m.floor.cpu_median_us;
    std::printf("| %d | %s, %s | %s, %s | %s, %s | %.2f%% of one CPU |\n", m.devices,
                verdict(pipeline, pipeline >= 50).c_str(), verdict(pipeline_cpu, pipeline_cpu >= 50).c_str(),
                verdict(floor, floor <= 3).c_str(), verdict(floor_cpu, floor_cpu <= 3).c_str(),
                ratio(m.in_process.median_us / m.floor_netlink.median_us).c_str(),
                ratio(m.in_process.cpu_median_us / m.floor_netlink.cpu_median_us).c_str(),
                m.in_process.cpu_median_us * 10 / 1e6 * 100);
  }
  std::printf(
      "\nSame information, checked before timing: per device the same ethtool statistic names "
      "(`read_stats` = `ethtool -S` = the floor), link statistics (`dump_links` and `ip -s -d link`), "
      "and the same PFC answer from `read_dcb`, `dcb pfc show` and the raw request");
  if (!all.empty() && all.front().pfc_answer[0]) std::printf(" (on veth: \"%s\")", all.front().pfc_answer);
  std::printf(".\n");
  for (const auto& m : all)
    if (!m.failure[0] && !m.own_sysfs)
      std::printf("\nN = %d: /sys could not be remounted for the namespace; collect_host read the host's sysfs.\n",
                  m.devices);
}

}  // namespace
}  // namespace roce::bench

int main(int argc, char** argv) {
  using namespace roce::bench;
  std::vector<int> counts;
  int queues = 0;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--queues" && i + 1 < argc) {
      queues = std::atoi(argv[++i]);
    } else if (arg == "-h" || arg == "--help") {
      std::printf("usage: bench_collect [--queues Q] [N ...]   (default N: 16 64; needs root)\n");
      return 0;
    } else {
      const int n = std::atoi(arg.c_str());
      if (n < 2 || n % 2 != 0 || n > 4096) {
        std::fprintf(stderr, "bench_collect: N must be an even number of devices, 2..4096 (got \"%s\")\n", arg.c_str());
        return 2;
      }
      counts.push_back(n);
    }
  }
  if (counts.empty()) counts = {16, 64};
  if (geteuid() != 0) {
    std::fprintf(stderr, "bench_collect: needs root (it creates a network namespace with veth devices)\n");
    return 2;
  }
  unsetenv("ROCE_DOCTOR_SYSFS_ROOT");  // collect_host must read the live /sys

  std::vector<Measured> all;
  bool failed = false;
  for (int n : counts) {
    all.push_back(measure_in_child(n, queues));
    if (all.back().failure[0]) {
      std::fprintf(stderr, "bench_collect: N=%d: %s\n", n, all.back().failure);
      failed = true;
    }
  }
  print_tables(all, queues);
  return failed ? 1 : 0;
}
