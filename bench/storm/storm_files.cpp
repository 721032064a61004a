// Writing a storm scenario's folder.
#include "storm_files.hpp"

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

#include "captures/bundle.hpp"
#include "sim/fabric_host_sample.hpp"
#include "sim/fabric_sampler.hpp"
#include "sim/fabric_switch_text.hpp"
#include "sim/storm_truth.hpp"
#include "sim/storm_truth_json.hpp"
#include "switch/host_lldp.hpp"
#include "util/atomic_write.hpp"

namespace bench {

namespace fs = std::filesystem;
using namespace roce;

namespace {

void add_queue_counters(model::Host& h, int queues) {
  static const char* const kMoving[] = {"packets", "bytes"};
  static const char* const kStill[] = {"csum_complete", "wqe_err", "mpwqe_filler_cqes", "buff_alloc_err",
                                       "cache_reuse"};
  for (auto& nd : h.netdevs) {
    if (!nd.ethtool_stats.ok()) continue;
    auto& entries = nd.ethtool_stats->entries;
    const auto t = static_cast<std::uint64_t>(h.time_unix_ms);
    for (int q = 0; q < queues; ++q) {
      const auto n = static_cast<std::uint64_t>(q + 1);
      for (const char* dir : {"rx", "tx"}) {
        const std::string prefix = dir + std::to_string(q) + "_";
        entries.emplace_back(prefix + kMoving[0], t / 7 * n);
        entries.emplace_back(prefix + kMoving[1], t * 1311 * n);
        for (const char* still : kStill) entries.emplace_back(prefix + still, std::string(dir) == "rx" ? 0 : n);
      }
    }
  }
}

}  // namespace

Expected<FolderStats> write_scenario_folder(sim::Scenario& s, const std::string& dir, const FolderOptions& options) {
  const sim::Fabric& fabric = s.fabric;
  std::error_code ec;
  for (const char* sub : {"hosts", "lldp", "switches"}) fs::create_directories(fs::path(dir) / sub, ec);
  if (ec) return fail(dir + ": cannot create its folders: " + ec.message());

  FolderStats stats;
  std::vector<std::unique_ptr<record::RecordWriter>> writers(fabric.nodes.size());
  std::vector<std::string> snapshots(fabric.nodes.size());
  std::vector<std::optional<model::Host>> first_sample(fabric.nodes.size());
  sim::HostSampleBuilder hosts(fabric, s.traffic.global_pause_hosts, s.name);
  sim::SwitchSnapshotBuilder switches(fabric);
  std::optional<Error> failed;

  sim::FabricSampler sampler(
      s,
      [&](const sim::NodeSample& n) {
        if (failed) return;
        if (fabric.nodes[n.node].is_switch()) {
          snapshots[n.node] += switches.block(n.node, n.true_s, n.rows, n.unix_ms);
          ++stats.switch_blocks;
          return;
        }
        model::Host h = hosts.sample(n.node, n.true_s, n.rows, n.unix_ms);
        if (options.queues > 0) add_queue_counters(h, options.queues);
        if (!writers[n.node]) {
          const std::string path = dir + "/hosts/" + fabric.nodes[n.node].name + ".rec";
          auto w = record::RecordWriter::open(path, options.recording);
          if (!w) return void(failed = w.error());
          writers[n.node] = std::move(*w);
          first_sample[n.node] = h;
        }
        if (auto ok = writers[n.node]->append(h); !ok) return void(failed = ok.error());
        ++stats.host_samples;
      },
      [&](int node) { return fabric.nodes[node].is_switch() ? options.switches : options.hosts; });
  sim::run_scenario(s, &sampler);
  if (failed) return fail(*failed);

  for (std::size_t n = 0; n < fabric.nodes.size(); ++n) {
    const std::string& name = fabric.nodes[n].name;
    if (writers[n]) {
      if (auto ok = writers[n]->flush(); !ok) return fail(ok.error());
      writers[n].reset();
      fs::remove(dir + "/hosts/" + name + ".rec.lock", ec);  // the writer's flock file: not part of a copied recording
      stats.recording_bytes += fs::file_size(dir + "/hosts/" + name + ".rec", ec);
      ++stats.hosts;
      // The host's bundle: its first sample and the neighbour its lldpd reports.
      const std::string lldp_text = sim::host_lldpctl_json(fabric, static_cast<int>(n));
      auto neighbours = switches::parse_lldpctl_json(lldp_text, name + " lldpctl -f json");
      if (!neighbours) return fail(neighbours.error());
      captures::Bundle bundle;
      bundle.tool_version = "0.1.0";
      bundle.created_unix_ms = first_sample[n]->time_unix_ms;
      bundle.samples.push_back(std::move(*first_sample[n]));
      bundle.observations.switches.host_lldp = std::move(*neighbours);
      if (auto ok = captures::write_bundle_file(dir + "/lldp/" + name + ".json", bundle); !ok) return fail(ok.error());
    }
    if (!snapshots[n].empty()) {
      const std::string folder = dir + "/switches/" + name;
      fs::create_directories(folder, ec);
      if (auto ok = util::write_file_atomically(folder + "/snapshots.txt", snapshots[n]); !ok) return fail(ok.error());
      if (auto ok = util::write_file_atomically(folder + "/show_lldp_table.txt",
                                                sim::switch_lldp_table(fabric, static_cast<int>(n)));
          !ok)
        return fail(ok.error());
      stats.snapshot_bytes += snapshots[n].size();
      ++stats.switches;
    }
  }
  if (auto ok = util::write_file_atomically(dir + "/truth.json", sim::truth_json(s)); !ok) return fail(ok.error());
  return stats;
}

}  // namespace bench
