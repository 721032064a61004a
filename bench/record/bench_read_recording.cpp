// bench_read_recording: what reading a long recording costs in time and memory, against holding
// every sample. Writes a recording (default a day at 1 Hz) of an 8-port mlx5-like host (the record
// tests' mlx5_host under their traffic model) with the recorder's default settings, then runs each
// reader in a child process and takes its wall time, CPU time and peak RSS from wait4():
//   every sample decoded and none kept (record::for_each_sample: the floor);
//   roce-doctor check --from FILE, show --from FILE, report FILE, report FILE -o FILE.html;
//   every sample decoded into memory, as record::read_recording does (under --limit: a day of them
//   does not fit in this machine's memory), with how many it held when the limit stopped it.
// Every child runs under the same address-space limit, so that nothing here can take the host down.
// Usage: bench_read_recording [--seconds N=86400] [--ports P=8] [--dir DIR=/tmp] [--limit GIB=4]
//                             [--file PATH] [--roce-doctor PATH]
// --file: read PATH when it exists (and keep it), else write it there and keep it.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "record/recording.hpp"
#include "synthetic_series.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

struct Args {
  int seconds = 86400, ports = 8;
  std::string dir = "/tmp", file, roce_doctor;
  double limit_gib = 4;
};

[[noreturn]] void usage() {
  std::fprintf(stderr,
               "usage: bench_read_recording [--seconds N] [--ports P] [--dir DIR] [--limit GIB] [--file PATH] "
               "[--roce-doctor PATH]\n");
  std::exit(3);
}

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string s = argv[i];
    if (i + 1 >= argc) usage();
    const std::string v = argv[++i];
    if (s == "--seconds")
      a.seconds = std::atoi(v.c_str());
    else if (s == "--ports")
      a.ports = std::atoi(v.c_str());
    else if (s == "--dir")
      a.dir = v;
    else if (s == "--limit")
      a.limit_gib = std::atof(v.c_str());
    else if (s == "--file")
      a.file = v;
    else if (s == "--roce-doctor")
      a.roce_doctor = v;
    else
      usage();
  }
  if (a.seconds < 2 || a.ports < 1 || a.limit_gib <= 0) usage();
  if (a.roce_doctor.empty()) a.roce_doctor = ROCE_DOCTOR_BIN;
  return a;
}

struct Measured {
  int exit_code = -1;  // -1: a signal ended it
  double wall_s = 0, cpu_s = 0;
  long peak_rss_kb = 0;
};

double seconds(const timeval& t) { return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_usec) / 1e6; }

// Runs `body` in a child process under an address-space limit of `limit_bytes`; its stdout and
// stderr go to /dev/null. This process stays small, so the child's peak RSS is its own.
Measured in_child(std::uint64_t limit_bytes, const std::function<int()>& body) {
  const auto t0 = Clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const rlimit limit{limit_bytes, limit_bytes};
    const int null = open("/dev/null", O_WRONLY);
    if (setrlimit(RLIMIT_AS, &limit) != 0 || null < 0 || dup2(null, 1) < 0 || dup2(null, 2) < 0) _exit(126);
    _exit(body());
  }
  Measured m;
  int status = 0;
  rusage usage{};
  if (pid < 0 || wait4(pid, &status, 0, &usage) != pid) {
    std::perror("fork/wait4");
    std::exit(4);
  }
  m.wall_s = std::chrono::duration<double>(Clock::now() - t0).count();
  m.cpu_s = seconds(usage.ru_utime) + seconds(usage.ru_stime);
  m.peak_rss_kb = usage.ru_maxrss;
  m.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return m;
}

Measured run_roce_doctor(const Args& args, std::uint64_t limit, std::vector<std::string> argv) {
  argv.insert(argv.begin(), args.roce_doctor);
  return in_child(limit, [&] {
    std::vector<char*> c;
    for (auto& a : argv) c.push_back(a.data());
    c.push_back(nullptr);
    execv(c[0], c.data());
    return 127;
  });
}

// Writes `seconds` samples at 1 Hz with the recorder's defaults (`record --interval 1s`: frames of
// 10 samples, a fresh frame every 6, zstd level 9, no rotation).
int write_day(const std::string& path, int seconds, int ports) {
  roce::model::Host host = roce::test::mlx5_host(ports);
  roce::test::TrafficModel traffic(42);
  auto writer = roce::record::RecordWriter::open(path, {});
  if (!writer) return 4;
  for (int i = 0; i < seconds; ++i) {
    traffic.advance(host);
    if (!(*writer)->append(host)) return 4;
  }
  return (*writer)->flush() ? 0 : 4;
}

void row(const char* what, const Measured& m, const std::string& note = "") {
  std::printf("| %s | %.2f s | %.2f s | %.1f MB | %d%s |\n", what, m.wall_s, m.cpu_s,
              static_cast<double>(m.peak_rss_kb) / 1024.0, m.exit_code, note.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse(argc, argv);
  const bool keep = !args.file.empty();
  const std::string path = keep ? args.file : args.dir + "/bench-read-recording-" + std::to_string(getpid()) + ".rec";
  const auto limit = static_cast<std::uint64_t>(args.limit_gib * (1ull << 30));
  if (!fs::exists(args.roce_doctor)) {
    std::fprintf(stderr, "no roce-doctor at %s (give --roce-doctor PATH)\n", args.roce_doctor.c_str());
    return 3;
  }

  if (!fs::exists(path)) {
    const auto w = in_child(limit, [&] { return write_day(path, args.seconds, args.ports); });
    if (w.exit_code != 0) {
      std::fprintf(stderr, "writing %s failed\n", path.c_str());
      return 4;
    }
    std::printf("wrote %d samples of an %d-port mlx5-like host in %.1f s (%.1f MB peak RSS)\n", args.seconds,
                args.ports, w.wall_s, static_cast<double>(w.peak_rss_kb) / 1024.0);
  }
  // Children count samples into this shared word: one that the limit stops still says how far it got.
  auto* count = static_cast<std::atomic<std::uint64_t>*>(
      mmap(nullptr, sizeof(std::atomic<std::uint64_t>), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (count == MAP_FAILED) return 4;
  new (count) std::atomic<std::uint64_t>(0);

  // The floor: every sample decoded, none kept.
  const auto decoded = in_child(limit, [&] {
    auto read = roce::record::for_each_sample(path, [&](const roce::model::Host&) { return ++*count, true; });
    return read ? 0 : 4;
  });
  const std::uint64_t samples = count->load();
  if (decoded.exit_code != 0 || samples == 0) {
    std::fprintf(stderr, "reading %s failed\n", path.c_str());
    return 4;
  }
  std::printf("%s: %.1f MB, %llu samples; every child under a %.1f GiB address-space limit\n\n", path.c_str(),
              static_cast<double>(fs::file_size(path)) / 1e6, static_cast<unsigned long long>(samples), args.limit_gib);

  std::printf("| Reader | wall | CPU | peak RSS | exit |\n|---|---:|---:|---:|---|\n");
  row("decode every sample, keep none (`for_each_sample`)", decoded);
  row("`check --from`", run_roce_doctor(args, limit, {"check", "--from", path}));
  row("`show --from`", run_roce_doctor(args, limit, {"show", "--from", path}));
  row("`report`", run_roce_doctor(args, limit, {"report", path}));
  row("`report -o FILE.html`", run_roce_doctor(args, limit, {"report", path, "-o", path + ".html"}));
  const auto html_bytes = fs::exists(path + ".html") ? fs::file_size(path + ".html") : 0;
  fs::remove(path + ".html");

  // The alternative: every sample held, as read_recording holds them.
  count->store(0);
  const auto all = in_child(limit, [&] {
    std::vector<roce::model::Host> kept;
    try {
      auto read = roce::record::for_each_sample(path, [&](const roce::model::Host& h) {
        kept.push_back(h);
        count->store(kept.size());
        return true;
      });
      return read ? 0 : 4;
    } catch (const std::bad_alloc&) {
      return 5;
    }
  });
  const std::uint64_t held = count->load();
  row("every sample in memory (`read_recording`)", all,
      all.exit_code == 5 ? ", out of memory after " + std::to_string(held) + " samples" : std::string());

  const double per_sample_kb = held ? static_cast<double>(all.peak_rss_kb) / static_cast<double>(held) : 0;
  rusage self{};
  getrusage(RUSAGE_SELF, &self);
  std::printf("\nthe HTML report: %.1f MB; every sample in memory: %.0f KB per sample, %.1f GB for all %llu\n",
              static_cast<double>(html_bytes) / 1e6, per_sample_kb, per_sample_kb * static_cast<double>(samples) / 1e6,
              static_cast<unsigned long long>(samples));
  // A forked child's peak RSS counts the pages it shared with this process at the fork.
  std::printf("this process: %.1f MB peak RSS (no child's figure is below it)\n",
              static_cast<double>(self.ru_maxrss) / 1024.0);
  if (!keep) {
    fs::remove(path);
    fs::remove(path + ".lock");  // the writer's
  }
  return 0;
}
