// The storm benchmark: draws each scenario of sim/storm_scenarios.hpp many times (fabric size, the
// port, loads, noise, start, clocks off by up to 100 ms), writes each draw's folder in roce-doctor's
// formats (storm_files.hpp), reads it back as `roce-doctor storm` does and scores the analysis against
// the draw's truth; then what a day of recordings of 256 hosts at 1 s costs to write and to analyse.
// Usage: bench_storm [--draws N=10] [--dir DIR] [--keep] [--day-hosts H=256] [--day-minutes M=10]
//        (--day-minutes 1440 writes the whole day; shorter spans are scaled up to a day)
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include <sys/resource.h>
#include <unistd.h>

#include "incident/trace.hpp"
#include "record/recording.hpp"
#include "sim/storm_truth.hpp"
#include "storm_files.hpp"
#include "storm_score.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// THE ANALYSIS IS SCORED HERE: the folder (hosts/*.rec, lldp/*.json, switches/*/) read as `roce-doctor
// storm` reads it (incident::trace_storms); its first storm fills the verdict ("none" without one).
std::optional<bench::StormVerdict> analyse_folder(const std::string& folder) {
  roce::incident::Request request;
  request.paths = {folder + "/hosts", folder + "/lldp"};
  request.switch_paths = {folder + "/switches"};
  auto traced = roce::incident::trace_storms(request);
  if (!traced) {
    std::fprintf(stderr, "bench_storm: %s: %s\n", folder.c_str(), traced.error().message.c_str());
    return std::nullopt;
  }
  bench::StormVerdict v;
  if (traced->analysis.storms.empty()) return v;
  const auto& storm = traced->analysis.storms.front();
  v.cause = roce::storm::to_string(storm.cause);
  if (!storm.origin.empty()) v.origin = bench::PortKey{storm.origin.front().node, storm.origin.front().port};
  v.origin_unix_ms = storm.start_ms;
  for (const auto& r : storm.reached)
    if (r.victim) v.victims.push_back({r.port.node, r.port.port});
  return v;
}

double peak_rss_mb() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_maxrss) / 1024.0;
}

struct Tally {
  int draws = 0, scored = 0, origin_right = 0, cause_right = 0, victim_as_origin = 0, within_two = 0, timed = 0;
  int unscored = 0;  // the fault raised no storm in the model
  int unscored_named = 0, unscored_named_fault = 0;  // of those, the analysis named a storm (at the fault's port)
  long found = 0, missed = 0, invented = 0;
  std::vector<double> model_ms, files_ms;
  std::uint64_t bytes = 0;
  void add(const bench::StormScore& s) {
    if (s.unscored) {
      ++unscored;
      unscored_named += s.unscored_named;
      unscored_named_fault += s.unscored_named_fault;
      return;
    }
    ++scored;
    origin_right += s.origin_right;
    cause_right += s.cause_right;
    victim_as_origin += s.victim_named_origin;
    found += s.victims_found;
    missed += s.victims_missed;
    invented += s.victims_invented;
    if (s.origin_time_error_intervals) {
      ++timed;
      within_two += *s.origin_time_error_intervals <= 2;
    }
  }
};

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

double percent(int part, int whole) { return whole ? 100.0 * part / whole : 0; }

// The obvious way to find when pause counters moved: decode every sample of every recording (on as
// many threads as trace_storms uses). Returns the samples decoded.
std::uint64_t decode_every_sample(const std::string& folder) {
  std::vector<std::string> files;
  for (const auto& e : fs::directory_iterator(folder)) files.push_back(e.path().string());
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> samples{0};
  const auto worker = [&] {
    for (std::size_t i; (i = next++) < files.size();)
      (void)roce::record::for_each_sample(files[i], [&](const roce::model::Host&) { return ++samples, true; });
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::clamp(std::thread::hardware_concurrency(), 1u, 4u); ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  return samples;
}

}  // namespace

int main(int argc, char** argv) {
  int draws = 10, day_hosts = 256, day_queues = 24;
  double day_minutes = 10;
  bool keep = false;
  std::string dir;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const bool value = i + 1 < argc;
    if (a == "--draws" && value)
      draws = std::atoi(argv[++i]);
    else if (a == "--dir" && value)
      dir = argv[++i];
    else if (a == "--day-hosts" && value)
      day_hosts = std::atoi(argv[++i]);
    else if (a == "--day-queues" && value)
      day_queues = std::atoi(argv[++i]);
    else if (a == "--day-minutes" && value)
      day_minutes = std::atof(argv[++i]);
    else if (a == "--keep")
      keep = true;
    else {
      std::fprintf(
          stderr,
          "usage: bench_storm [--draws N] [--dir DIR] [--keep] [--day-hosts H] [--day-minutes M] [--day-queues Q]\n");
      return 3;
    }
  }
  if (dir.empty()) {
    // tmpfs when there is one: the recorder's fdatasync per frame is then not a disk's.
    const std::string root = fs::exists("/dev/shm") ? "/dev/shm" : fs::temp_directory_path().string();
    dir = root + "/bench-storm-" + std::to_string(::getpid());
  }
  std::printf("bench_storm: %d draws per scenario, folders under %s%s\n\n", draws, dir.c_str(),
              keep ? " (kept)" : " (removed afterwards)");

  std::map<std::string, Tally> tallies;
  std::map<std::string, Tally> host_gone;  // the same draws once the origin host's files are removed
  for (roce::sim::StormCause cause : roce::sim::kStormCauses) {
    Tally& t = tallies[std::string(roce::sim::to_string(cause))];
    for (int seed = 1; seed <= draws; ++seed) {
      roce::sim::Scenario alone = roce::sim::make_scenario(cause, static_cast<std::uint64_t>(seed));
      auto start = Clock::now();
      roce::sim::run_scenario(alone, nullptr);
      t.model_ms.push_back(seconds_since(start) * 1e3);

      roce::sim::Scenario s = roce::sim::make_scenario(cause, static_cast<std::uint64_t>(seed));
      const std::string folder = dir + "/" + s.name;
      start = Clock::now();
      auto stats = bench::write_scenario_folder(s, folder);
      if (!stats) {
        std::fprintf(stderr, "bench_storm: %s\n", stats.error().message.c_str());
        return 4;
      }
      t.files_ms.push_back(seconds_since(start) * 1e3);
      t.bytes += stats->recording_bytes + stats->snapshot_bytes;
      ++t.draws;
      if (auto verdict = analyse_folder(folder)) {
        auto truth = bench::read_truth_file(folder + "/truth.json");
        if (!truth) {
          std::fprintf(stderr, "bench_storm: %s\n", truth.error().message.c_str());
          return 4;
        }
        const auto scored = bench::score(*truth, *verdict);
        t.add(scored);
        // The draws scored wrong, for reading them by hand (kept with --keep).
        if (!scored.unscored && (!scored.origin_right || !scored.cause_right))
          std::fprintf(stderr, "bench_storm: %s: truth %s at %s %s, named %s at %s %s\n", folder.c_str(),
                       truth->cause.c_str(), truth->origin ? truth->origin->node.c_str() : "-",
                       truth->origin ? truth->origin->port.c_str() : "-", verdict->cause.c_str(),
                       verdict->origin ? verdict->origin->node.c_str() : "-",
                       verdict->origin ? verdict->origin->port.c_str() : "-");
        // A host that left nothing (no recording, no bundle): is its NIC still named, from its switch port?
        const bool host_origin = truth->origin && fs::exists(folder + "/hosts/" + truth->origin->node + ".rec");
        if (!scored.unscored && host_origin) {
          fs::remove(folder + "/hosts/" + truth->origin->node + ".rec");
          fs::remove(folder + "/lldp/" + truth->origin->node + ".json");
          if (auto gone = analyse_folder(folder))
            host_gone[std::string(roce::sim::to_string(cause))].add(bench::score(*truth, *gone));
        }
      }
      if (!keep) fs::remove_all(folder);
    }
  }

  std::printf(
      "| Scenario | draws | model (median) | model + files (median) | files per draw |\n|---|---|---|---|---|\n");
  for (const auto& [name, t] : tallies)
    std::printf("| %s | %d | %.0f ms | %.0f ms | %.1f MB |\n", name.c_str(), t.draws, median(t.model_ms),
                median(t.files_ms), t.draws ? t.bytes / 1e6 / t.draws : 0.0);

  std::printf(
      "\n| Scenario | scored (no storm raised: named one anyway, at the fault) | origin port right | cause right | victims found / missed / invented | "
      "victim named origin | origin within 2 intervals |\n|---|---|---|---|---|---|---|\n");
  Tally all;
  for (const auto& [name, t] : tallies) {
    // A quiet fabric has no storm, so no start to time.
    const std::string within =
        t.timed == 0 ? "-" : std::to_string(static_cast<int>(percent(t.within_two, t.timed) + 0.5)) + "%";
    std::printf("| %s | %d (%d: %d, %d) | %.0f%% | %.0f%% | %ld / %ld / %ld | %d | %s |\n", name.c_str(), t.scored,
                t.unscored, t.unscored_named, t.unscored_named_fault,
                percent(t.origin_right, t.scored), percent(t.cause_right, t.scored), t.found, t.missed, t.invented,
                t.victim_as_origin, within.c_str());
    all.scored += t.scored, all.origin_right += t.origin_right, all.cause_right += t.cause_right;
    all.victim_as_origin += t.victim_as_origin;
  }
  std::printf(
      "\n| Origin host's recording and bundle removed | draws | origin port right | cause right | victims found / "
      "missed / invented | victim named origin |\n|---|---|---|---|---|---|\n");
  for (const auto& [name, t] : host_gone)
    std::printf("| %s | %d | %.0f%% | %.0f%% | %ld / %ld / %ld | %d |\n", name.c_str(), t.scored,
                percent(t.origin_right, t.scored), percent(t.cause_right, t.scored), t.found, t.missed, t.invented,
                t.victim_as_origin);
  if (all.scored == 0)
    std::printf("(nothing scored)\n");
  else
    std::printf("goals: origin >= 90%% (%s), cause >= 95%% (%s), no victim named origin (%s)\n",
                percent(all.origin_right, all.scored) >= 90 ? "met" : "missed",
                percent(all.cause_right, all.scored) >= 95 ? "met" : "missed",
                all.victim_as_origin == 0 ? "met" : "missed");

  // A day of recordings of a fabric of 16 hosts per leaf, 4 spines.
  roce::sim::LeafSpineShape shape;
  shape.hosts_per_leaf = 16;
  shape.leaves = std::max(1, day_hosts / shape.hosts_per_leaf);
  shape.spines = 4;
  roce::sim::Scenario day = roce::sim::make_quiet_fabric(shape, day_minutes * 60, 1);
  // Half way through, one incident to find: a NIC that pauses its switch port for a minute while
  // three hosts send to it (the SIGCOMM'16 storm).
  const double noon = day_minutes * 30;
  const auto& hosts = day.fabric.hosts;
  const int stormy = hosts[hosts.size() / 3];
  for (std::size_t k = 1; k <= 3; ++k)
    day.traffic.flows.push_back({.src = hosts[(hosts.size() / 3 + 5 * k) % hosts.size()],
                                 .dst = stormy,
                                 .priority = 3,
                                 .gbps = shape.speed_mbps / 1000.0 * 0.2,
                                 .start_s = noon - 10,
                                 .end_s = noon + 70});
  day.traffic.faults.push_back(
      {.kind = roce::sim::FaultKind::nic_pause_storm, .host = stormy, .start_s = noon, .end_s = noon + 60});
  bench::FolderOptions only_hosts;
  only_hosts.switches = false;
  only_hosts.queues = day_queues;
  const auto start = Clock::now();
  auto stats = bench::write_scenario_folder(day, dir + "/day", only_hosts);
  const double took = seconds_since(start);
  if (!stats) {
    std::fprintf(stderr, "bench_storm: %s\n", stats.error().message.c_str());
    return 4;
  }
  const double scale = 1440 / day_minutes;
  std::printf(
      "\n| %zu hosts at 1 s | simulated | samples | written | took | a day would take | a day's bytes |\n"
      "|---|---|---|---|---|---|---|\n| a NIC storm of a minute half way | %.0f min | %llu | %.1f MB | %.1f s | %.0f s | %.0f MB |\n",
      stats->hosts, day_minutes, static_cast<unsigned long long>(stats->host_samples), stats->recording_bytes / 1e6,
      took, took * scale, stats->recording_bytes * scale / 1e6);

  // The same day read back and analysed as `roce-doctor storm hosts/` does.
  const double rss_before = peak_rss_mb();
  const auto read_start = Clock::now();
  const auto cpu_start = std::clock();
  roce::incident::Request request;
  request.paths = {dir + "/day/hosts"};
  auto traced = roce::incident::trace_storms(request);
  const double read_took = seconds_since(read_start);
  const double cpu = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  if (!traced) {
    std::fprintf(stderr, "bench_storm: %s\n", traced.error().message.c_str());
    return 4;
  }
  std::string origin = "-";
  if (!traced->analysis.storms.empty() && !traced->analysis.storms[0].origin.empty())
    origin = traced->analysis.storms[0].origin[0].node + " " + traced->analysis.storms[0].origin[0].port + " (truth " +
             day.fabric.nodes[static_cast<std::size_t>(stormy)].name + ")";
  const auto decode_start = Clock::now();
  const auto decode_cpu_start = std::clock();
  const std::uint64_t decoded = decode_every_sample(dir + "/day/hosts");
  const double decode_took = seconds_since(decode_start);
  const double decode_cpu = static_cast<double>(std::clock() - decode_cpu_start) / CLOCKS_PER_SEC;
  std::printf(
      "\n| %zu hosts' recordings, %.0f min, a NIC storm half way | wall | CPU | a day would take (wall) | storms "
      "(first one's origin) | peak RSS |\n|---|---|---|---|---|---|\n"
      "| analysed (incident::trace_storms: quiet frames passed over on their summaries) | %.2f s | %.2f s | %.1f s | "
      "%zu (%s) | %.0f MB (%.0f MB before) |\n"
      "| every sample decoded (the obvious first pass; %llu samples) | %.2f s | %.2f s | %.1f s | - | - |\n",
      stats->hosts, day_minutes, read_took, cpu, read_took * scale, traced->analysis.storms.size(), origin.c_str(),
      peak_rss_mb(), rss_before, static_cast<unsigned long long>(decoded), decode_took, decode_cpu, decode_took * scale);
  if (!keep) fs::remove_all(dir);
  return 0;
}
