// The storm benchmark: draws each scenario of sim/storm_scenarios.hpp many times (fabric size, the
// port, loads, noise, start, clocks off by up to 100 ms), writes each draw's folder in roce-doctor's
// formats (storm_files.hpp) and prints what that costs; then what a day of recordings of 256 hosts
// at 1 s costs to write. Each draw is scored against its truth where the analysis is called
// (analyse_folder below).
// Usage: bench_storm [--draws N=10] [--dir DIR] [--keep] [--day-hosts H=256] [--day-minutes M=10]
//        (--day-minutes 1440 writes the whole day; shorter spans are scaled up to a day)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <unistd.h>

#include "sim/storm_truth.hpp"
#include "storm_files.hpp"
#include "storm_score.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// ---------------------------------------------------------------------------------------------
// THE ANALYSIS IS SCORED HERE. storm::analyze (the lead's, src/storm/analyze.hpp) reads the folder
// (hosts/*.rec, lldp/*.json, switches/*/) and its result fills a StormVerdict: cause name as
// sim::to_string spells it ("none" when no storm), origin port, the origin's time (Unix ms), the
// victims. Until it exists, nothing is scored.
std::optional<bench::StormVerdict> analyse_folder(const std::string& /*folder*/) { return std::nullopt; }
// ---------------------------------------------------------------------------------------------

struct Tally {
  int draws = 0, scored = 0, origin_right = 0, cause_right = 0, victim_as_origin = 0, within_two = 0, timed = 0;
  long found = 0, missed = 0, invented = 0;
  std::vector<double> model_ms, files_ms;
  std::uint64_t bytes = 0;
  void add(const bench::StormScore& s) {
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

}  // namespace

int main(int argc, char** argv) {
  int draws = 10, day_hosts = 256;
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
    else if (a == "--day-minutes" && value)
      day_minutes = std::atof(argv[++i]);
    else if (a == "--keep")
      keep = true;
    else {
      std::fprintf(stderr, "usage: bench_storm [--draws N] [--dir DIR] [--keep] [--day-hosts H] [--day-minutes M]\n");
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
        t.add(bench::score(*truth, *verdict));
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
      "\n| Scenario | scored | origin port right | cause right | victims found / missed / invented | "
      "victim named origin | origin within 2 intervals |\n|---|---|---|---|---|---|---|\n");
  Tally all;
  for (const auto& [name, t] : tallies) {
    std::printf("| %s | %d | %.0f%% | %.0f%% | %ld / %ld / %ld | %d | %.0f%% |\n", name.c_str(), t.scored,
                percent(t.origin_right, t.scored), percent(t.cause_right, t.scored), t.found, t.missed, t.invented,
                t.victim_as_origin, percent(t.within_two, t.timed));
    all.scored += t.scored, all.origin_right += t.origin_right, all.cause_right += t.cause_right;
    all.victim_as_origin += t.victim_as_origin;
  }
  if (all.scored == 0)
    std::printf("(nothing scored: storm::analyze is not called yet, see analyse_folder)\n");
  else
    std::printf("goals: origin >= 90%% (%s), cause >= 95%% (%s), no victim named origin (%s)\n",
                percent(all.origin_right, all.scored) >= 90 ? "met" : "missed",
                percent(all.cause_right, all.scored) >= 95 ? "met" : "missed",
                all.victim_as_origin == 0 ? "met" : "missed");

  // A day of recordings of a quiet fabric: 16 hosts per leaf, 4 spines.
  roce::sim::LeafSpineShape shape;
  shape.hosts_per_leaf = 16;
  shape.leaves = std::max(1, day_hosts / shape.hosts_per_leaf);
  shape.spines = 4;
  roce::sim::Scenario day = roce::sim::make_quiet_fabric(shape, day_minutes * 60, 1);
  bench::FolderOptions only_hosts;
  only_hosts.switches = false;
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
      "|---|---|---|---|---|---|---|\n| quiet fabric | %.0f min | %llu | %.1f MB | %.1f s | %.0f s | %.0f MB |\n",
      stats->hosts, day_minutes, static_cast<unsigned long long>(stats->host_samples), stats->recording_bytes / 1e6,
      took, took * scale, stats->recording_bytes * scale / 1e6);
  if (!keep) fs::remove_all(dir);
  return 0;
}
