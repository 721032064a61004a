// bench_fleet: `roce-doctor fleet` over many hosts' bundles against the floor of reading and
// parsing the same files. Generates HOSTS compressed bundles (.json.zst, two samples each, as
// `collect --samples 2 -o HOST.json.zst` writes them) from the example captures: most hosts
// healthy, every 97th with ECN off, every 251st with another MTU. Then, in one run:
//   floor  every file read and parsed into a bundle (import::load_capture, what `check --from` reads)
//   fleet  the same files through `fleet`'s path: listing, reading (judge/input), the whole catalog
//          on each host, the comparison and the JSON report
// and prints wall and CPU time of each, the ratio, and the process's peak RSS after each phase.
// Usage: bench_fleet [--hosts N] [--dir DIR (kept)]
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "captures/zstd_codec.hpp"
#include "fleet/fleet.hpp"
#include "fleet/judge_host.hpp"
#include "fleet/render.hpp"
#include "import/host_paths.hpp"
#include "import/load_capture.hpp"
#include "judge/judge.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The example's JSON with its hostname replaced (and, for `mtu`, its netdev MTU 9000 by 4200).
std::string variant(std::string text, const std::string& from_host, const std::string& host, bool mtu) {
  for (auto at = text.find(from_host); at != std::string::npos; at = text.find(from_host, at + host.size()))
    text.replace(at, from_host.size(), host);
  if (mtu)
    for (auto at = text.find("\"value\": 9000"); at != std::string::npos; at = text.find("\"value\": 9000", at + 1))
      text.replace(at, 13, "\"value\": 4200");
  return text;
}

struct Cost {
  double wall_s = 0, cpu_s = 0;
};

double cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

long peak_rss_kib() {
  rusage u{};
  ::getrusage(RUSAGE_SELF, &u);
  return u.ru_maxrss;
}

template <class F>
Cost measure(F&& f) {
  const auto t0 = Clock::now();
  const double c0 = cpu_seconds();
  f();
  return {std::chrono::duration<double>(Clock::now() - t0).count(), cpu_seconds() - c0};
}

}  // namespace

int main(int argc, char** argv) {
  int hosts = 10000;
  std::string dir;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--hosts") hosts = std::atoi(argv[i + 1]);
    if (a == "--dir") dir = argv[i + 1];
  }
  const bool keep = !dir.empty();
  if (!keep) dir = (fs::temp_directory_path() / ("bench-fleet-" + std::to_string(::getpid()))).string();
  fs::create_directories(dir);

  const std::string examples = ROCE_EXAMPLES_DIR;
  const std::string healthy = slurp(examples + "/cx6dx-healthy.json");
  const std::string ecn_off = slurp(examples + "/cx6dx-ecn-off.json");
  const Cost generate = measure([&] {
    for (int i = 0; i < hosts; ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "node%05d", i);
      const bool off = i % 97 == 96;
      const std::string text =
          variant(off ? ecn_off : healthy, off ? "gpu-node-07" : "gpu-node-03", name, i % 251 == 250);
      std::ofstream(dir + "/" + name + ".json.zst", std::ios::binary) << roce::captures::zstd_compress(text);
    }
  });
  std::printf("generated %d bundles in %s (%.1f s)\n", hosts, dir.c_str(), generate.wall_s);

  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path().string());
  std::size_t parsed = 0;
  const Cost floor = measure([&] {
    for (const auto& f : files)
      if (auto b = roce::import::load_capture(f)) parsed += b->samples.size();
  });
  const long rss_floor = peak_rss_kib();

  std::size_t report_bytes = 0, read = 0;
  const Cost fleet = measure([&] {
    const roce::judge::SystemSpec system;
    const auto profile = roce::judge::load_profile("");
    roce::fleet::Fleet f;
    roce::import::for_each_host(
        dir,
        [&](const std::string& path, const std::string& label) {
          if (auto h = roce::fleet::judge_host(system, path, label, *profile))
            f.add(*h);
          else
            f.add_error({label, h.error().message, h.error().hint});
        },
        [&](const std::string& label, const roce::Error& e) {
          f.add_error({label, e.message, e.hint});
        });
    const auto report = f.report();
    read = report.hosts_read;
    report_bytes = roce::fleet::render_json(report).size();
  });
  const long rss_fleet = peak_rss_kib();

  std::printf("hosts: %d (%zu samples parsed by the floor, %zu hosts judged by fleet)\n", hosts, parsed, read);
  std::printf("floor (read + parse):  %7.2f s wall  %7.2f s CPU  %6.0f hosts/s\n", floor.wall_s, floor.cpu_s,
              hosts / floor.wall_s);
  std::printf("fleet (read + judge + compare + report): %7.2f s wall  %7.2f s CPU  %6.0f hosts/s\n", fleet.wall_s,
              fleet.cpu_s, hosts / fleet.wall_s);
  std::printf("ratio fleet / floor: %.2fx wall, %.2fx CPU\n", fleet.wall_s / floor.wall_s, fleet.cpu_s / floor.cpu_s);
  std::printf("peak RSS: %ld KiB after the floor, %ld KiB after fleet; JSON report %zu bytes\n", rss_floor, rss_fleet,
              report_bytes);
  if (!keep) fs::remove_all(dir);
  return 0;
}
