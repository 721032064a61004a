// A scenario's folder read back by roce-doctor's own readers: the recordings (record's reader, the
// mlx5 names through counters::canonicalize), the switch snapshots block by block (`show pfc
// counters`, `show queue counters`, `show interfaces counters` parsers), the LLDP files (the host
// bundles and the switch's `show lldp table`), and the truth.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "captures/bundle.hpp"
#include "counters/canonical.hpp"
#include "record/recording.hpp"
#include "sim/storm_truth.hpp"
#include "sim/storm_truth_json.hpp"
#include "storm_files.hpp"
#include "storm_score.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"
#include "switch/sonic_cli_tables.hpp"
#include "util/read_file.hpp"

namespace roce::test {

using namespace roce::sim;

namespace {

struct Written {
  TempDir dir;
  Scenario scenario;
  bench::FolderStats stats;
};

// One folder per cause, written once for every case below.
Written& written(StormCause cause, std::uint64_t seed) {
  static std::map<StormCause, std::unique_ptr<Written>> cache;
  auto& w = cache[cause];
  if (!w) {
    w = std::make_unique<Written>();
    w->scenario = make_scenario(cause, seed);
    auto stats = bench::write_scenario_folder(w->scenario, w->dir.path());
    REQUIRE(stats.ok());
    w->stats = *stats;
  }
  return *w;
}

std::string slurp(const std::string& path) {
  auto text = util::read_file(path);
  REQUIRE(text.ok());
  return *text;
}

// The snapshot file's blocks: each starts at a `date -u +%FT%T.%3NZ` line.
std::vector<std::pair<std::string, std::string>> blocks(const std::string& text) {
  std::vector<std::pair<std::string, std::string>> out;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t eol = text.find('\n', at);
    const std::string line = text.substr(at, eol - at);
    if (line.size() == 24 && line[4] == '-' && line[10] == 'T' && line.back() == 'Z')
      out.emplace_back(line, "");
    else if (!out.empty())
      out.back().second += line + "\n";
    at = eol == std::string::npos ? text.size() : eol + 1;
  }
  return out;
}

std::uint64_t canonical(const model::Host& h, const char* name) {
  const auto c = counters::canonicalize(&h.netdevs.at(0), &h.rdma_devices.at(0).ports.at(0));
  const auto it = c.find(name);
  REQUIRE(it != c.end());
  return it->second.value;
}

bool has_canonical(const model::Host& h, const char* name) {
  return counters::canonicalize(&h.netdevs.at(0), &h.rdma_devices.at(0).ports.at(0)).count(name) == 1;
}

}  // namespace

TEST_CASE("each host's recording reads back: a sample a second on its own clock, mlx5 counter names") {
  Written& w = written(StormCause::slow_receiver, 3);
  const Scenario& s = w.scenario;
  REQUIRE(w.stats.hosts == s.fabric.hosts.size());
  for (int node : s.fabric.hosts) {
    const std::string name = s.fabric.nodes[node].name;
    auto rec = record::read_recording(w.dir.path() + "/hosts/" + name + ".rec");
    REQUIRE(rec.ok());
    INFO(name);
    CHECK(rec->warnings.empty());
    const auto& samples = rec->samples;
    REQUIRE(samples.size() >= static_cast<std::size_t>(s.duration_s) - 1);
    const NodeClock& clock = s.clocks[node];
    CHECK(samples.front().hostname == name);
    CHECK(samples.front().time_unix_ms ==
          Approx(static_cast<double>(s.epoch_unix_ms) + clock.phase_ms + clock.skew_ms).margin(1));
    for (std::size_t i = 1; i < samples.size(); ++i) {
      CHECK(samples[i].time_unix_ms - samples[i - 1].time_unix_ms == Approx(1000).margin(1));
      CHECK(canonical(samples[i], "port.rx_bytes") >= canonical(samples[i - 1], "port.rx_bytes"));
    }
  }
  // The slow receiver: pauses sent on priority 3 while it is slow, out of buffer on its RoCE path or
  // its PCIe stalled; its switch port is stopped.
  const int origin = s.fabric.node(s.truth.origin->node);
  auto rec = record::read_recording(w.dir.path() + "/hosts/" + s.truth.origin->node + ".rec");
  REQUIRE(rec.ok());
  const model::Host& last = rec->samples.back();
  CHECK(canonical(last, "prio[3].tx_pause") > 0);
  CHECK(canonical(last, "prio[3].tx_pause_us") > 0);
  CHECK(canonical(last, "prio[3].rx_bytes") > 0);
  CHECK(canonical(last, "roce.ecn_marked") > 0);
  CHECK((canonical(last, "roce.out_of_buffer") > 0 || canonical(last, "pcie.stalled_wr_events") > 0));
  CHECK(canonical(rec->samples.front(), "prio[3].tx_pause") == 0);
  CHECK_FALSE(has_canonical(last, "prio[0].tx_pause"));  // mlx5 has pause counters only on PFC priorities
  CHECK(origin >= 0);
}

TEST_CASE("a host on 802.3x pause records global pause, not PFC") {
  Written& w = written(StormCause::global_pause, 2);
  const Scenario& s = w.scenario;
  auto rec = record::read_recording(w.dir.path() + "/hosts/" + s.truth.origin->node + ".rec");
  REQUIRE(rec.ok());
  const model::Host& last = rec->samples.back();
  CHECK(canonical(last, "global.tx_pause") > 0);
  CHECK(canonical(last, "global.tx_pause_us") > 0);
  CHECK_FALSE(has_canonical(last, "prio[3].tx_pause"));
  REQUIRE(last.netdevs[0].pause.ok());
  CHECK(last.netdevs[0].pause->tx);
  CHECK(last.netdevs[0].ethtool_stats->get("tx_pause_ctrl_phy") == canonical(last, "global.tx_pause"));
}

TEST_CASE("switch snapshots parse block by block with the SONiC parsers, counters never going back") {
  Written& w = written(StormCause::incast, 3);
  const Scenario& s = w.scenario;
  const int leaf = s.fabric.node(s.truth.origin->node);
  const auto& ports = s.fabric.nodes[leaf].ports;
  const std::string file = w.dir.path() + "/switches/" + s.truth.origin->node + "/snapshots.txt";
  const auto all = blocks(slurp(file));
  REQUIRE(all.size() >= static_cast<std::size_t>(s.duration_s) - 1);
  std::map<std::string, std::uint64_t> last_tx_pfc3, last_ecn3;
  std::uint64_t pauses_sent_in_storm = 0;
  for (std::size_t b = 0; b < all.size(); ++b) {
    INFO("block " << b << " at " << all[b].first);
    auto pfc = switches::parse_show_pfc_counters(all[b].second, file);
    REQUIRE(pfc.ok());
    REQUIRE(pfc->size() == 2 * ports.size());
    for (const auto& row : *pfc) {
      REQUIRE(row.frames[3]);
      if (!row.tx) continue;
      CHECK(*row.frames[3] >= last_tx_pfc3[row.port]);
      if (b > 0 && *row.frames[3] > last_tx_pfc3[row.port]) ++pauses_sent_in_storm;
      last_tx_pfc3[row.port] = *row.frames[3];
    }
    auto queues = switches::parse_show_queue_counters(all[b].second, file);
    REQUIRE(queues.ok());
    CHECK(queues->size() == 2 * 8 * ports.size());  // UC0-7 of `queue counters` and of `wredcounters`
    for (const auto& q : *queues)
      if (q.queue == 3 && q.ecn_marked_packets) {
        CHECK(*q.ecn_marked_packets >= last_ecn3[q.port]);
        last_ecn3[q.port] = *q.ecn_marked_packets;
      }
    auto interfaces = switches::parse_show_interfaces_counters(all[b].second, file);
    REQUIRE(interfaces.ok());
    CHECK(interfaces->size() == ports.size());
  }
  CHECK(pauses_sent_in_storm > 0);
  CHECK(last_ecn3[s.truth.origin->port] > 0);  // the congested egress marks
}

TEST_CASE("the hosts' bundles and the switches' LLDP tables give the same cables") {
  Written& w = written(StormCause::incast, 3);
  const Scenario& s = w.scenario;
  for (int leaf : s.fabric.leaves) {
    const std::string name = s.fabric.nodes[leaf].name;
    const std::string file = w.dir.path() + "/switches/" + name + "/show_lldp_table.txt";
    auto table = switches::parse_show_lldp_table(slurp(file), file);
    REQUIRE(table.ok());
    CHECK(table->size() == s.fabric.nodes[leaf].ports.size());
    for (const auto& row : *table) {
      const int peer = s.fabric.node(row.remote_device);
      REQUIRE(peer >= 0);
      if (s.fabric.nodes[peer].is_switch()) continue;
      auto bundle = captures::read_bundle_file(w.dir.path() + "/lldp/" + row.remote_device + ".json");
      REQUIRE(bundle.ok());
      REQUIRE(bundle->observations.switches.host_lldp.size() == 1);
      const auto& seen = bundle->observations.switches.host_lldp[0];
      CHECK(seen.system_name == name);
      CHECK(seen.port_id == row.local_port);
      CHECK(seen.netdev == "ens1f0np0");
      // The switch knows the host by the MAC its netdev has.
      REQUIRE(bundle->samples.size() == 1);
      CHECK(*bundle->samples[0].netdevs[0].mac == row.remote_port_id);
    }
  }
}

TEST_CASE("the truth file reads back, and a verdict equal to it scores right") {
  Written& w = written(StormCause::incast, 3);
  auto truth = bench::read_truth_file(w.dir.path() + "/truth.json");
  REQUIRE(truth.ok());
  CHECK(truth->cause == "incast");
  REQUIRE(truth->origin);
  CHECK(truth->origin->node == w.scenario.truth.origin->node);
  CHECK(truth->victims.size() == w.scenario.truth.victims.size());

  bench::StormVerdict right;
  right.cause = "incast";
  right.origin = truth->origin;
  right.origin_unix_ms = *truth->onset_unix_ms + 1500;
  right.victims = truth->victims;
  const auto good = bench::score(*truth, right);
  CHECK(good.origin_right);
  CHECK(good.cause_right);
  CHECK(good.victims_found == static_cast<int>(truth->victims.size()));
  CHECK(good.victims_missed == 0);
  CHECK(good.victims_invented == 0);
  CHECK_FALSE(good.victim_named_origin);
  CHECK(*good.origin_time_error_intervals == Approx(1.5));

  bench::StormVerdict wrong;
  wrong.cause = "slow-receiver";
  wrong.origin = truth->victims.front();
  wrong.victims = {{"gpu999", "ens1f0np0"}};
  const auto bad = bench::score(*truth, wrong);
  CHECK_FALSE(bad.origin_right);
  CHECK_FALSE(bad.cause_right);
  CHECK(bad.victim_named_origin);
  CHECK(bad.victims_invented == 1);
  CHECK(bad.victims_missed == static_cast<int>(truth->victims.size()));
}

TEST_CASE("the example storm folder is what the model gives for its seed, and reads back") {
  const std::string dir = std::string(ROCE_EXAMPLES_DIR) + "/storm/nic-storm-45";
  Scenario s = make_scenario(StormCause::nic_pause_storm, 45);
  run_scenario(s, nullptr);
  CHECK(slurp(dir + "/truth.json") == truth_json(s));  // else regenerate it: examples/storm/README.md
  for (int node : s.fabric.hosts) {
    auto rec = record::read_recording(dir + "/hosts/" + s.fabric.nodes[node].name + ".rec");
    REQUIRE(rec.ok());
    CHECK(rec->warnings.empty());
    CHECK(rec->samples.size() >= static_cast<std::size_t>(s.duration_s) - 1);
  }
}

}  // namespace roce::test
