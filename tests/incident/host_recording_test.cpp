// Host recordings (incident/recording_source.hpp, host_counters.hpp) written with the record writer
// from Host samples with mlx5's counter names: each port's storm counters, rotated parts read as one
// recording, only the samples around the pausing kept, a recording that stops named in a note.
#include <catch2/catch.hpp>

#include <filesystem>

#include "incident/host_counters.hpp"
#include "incident/recording_source.hpp"
#include "incident/scan_builder.hpp"
#include "incident/host_series.hpp"
#include "incident/trace.hpp"
#include "record/recording.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

using namespace roce::incident;

namespace {

constexpr std::int64_t kStart = 1'796'000'000'000;

// A ConnectX host with one port: ethtool -S and hw_counters as mlx5 names them.
model::Host mlx5_host(const std::string& name, std::int64_t t_ms, std::uint64_t pause_us, std::uint64_t k) {
  model::Host h;
  h.hostname = name;
  h.time_unix_ms = t_ms;
  model::NetDev nd;
  nd.name = "ens1f0np0";
  nd.driver = model::Field<model::DriverInfo>::of({"mlx5_core", "", "", "0000:b1:00.0"});
  nd.link = model::Field<model::LinkSettings>::of({200000, "full", true, 4});
  nd.mac = model::Field<std::string>::of("0c:42:a1:00:00:01");
  model::CounterSet s;
  s.entries = {{"rx_bytes_phy", 1000 * k},
               {"tx_bytes_phy", 2000 * k},
               {"rx_discards_phy", 3 * k},
               {"rx_out_of_buffer", 5 * k},
               {"rx_prio3_pause", 10},
               {"rx_prio3_pause_duration", 20},
               {"tx_prio3_pause", pause_us / 100},
               {"tx_prio3_pause_duration", pause_us},
               {"rx_prio3_discards", 7 * k},
               {"rx_prio3_buf_discard", 9 * k},
               {"outbound_pci_stalled_rd_events", k},
               {"outbound_pci_stalled_wr_events", 2 * k},
               {"outbound_pci_stalled_rd", 40}};
  nd.ethtool_stats = model::Field<model::CounterSet>::of(s);
  h.netdevs.push_back(nd);
  model::NetDev mgmt;  // no PFC counters, no RDMA port: not a port of the storm
  mgmt.name = "eno1";
  mgmt.ethtool_stats = model::Field<model::CounterSet>::of({{{"rx_bytes", 5}}});
  h.netdevs.push_back(mgmt);
  model::RdmaDevice dev;
  dev.name = "mlx5_0";
  model::RdmaPort port;
  port.number = 1;
  port.netdev = model::Field<std::string>::of("ens1f0np0");
  port.hw_counters = model::Field<model::CounterSet>::of({{{"out_of_buffer", 11 * k},
                                                           {"np_ecn_marked_roce_packets", 13 * k},
                                                           {"np_cnp_sent", 17 * k},
                                                           {"rp_cnp_handled", 19 * k}}});
  dev.ports.push_back(port);
  h.rdma_devices.push_back(dev);
  return h;
}

// Seconds [0, seconds) at 1 s; the NIC pauses 40% of each second in [from, to).
void write_recording(const std::string& path, const std::string& host, int seconds, int from, int to,
                     record::WriterOptions options = {}) {
  auto writer = record::RecordWriter::open(path, options);
  REQUIRE(writer);
  std::uint64_t pause_us = 0;
  for (int t = 0; t < seconds; ++t) {
    if (t > from && t <= to) pause_us += 400'000;
    REQUIRE((*writer)->append(mlx5_host(host, kStart + t * 1000, pause_us, static_cast<std::uint64_t>(t))));
  }
}

}  // namespace

TEST_CASE("a host sample's port counters come from canonical names; a port without PFC or RDMA is left out") {
  HostCounters hc;
  const model::Host h = mlx5_host("gpu1", kStart, 1234, 2);
  const auto& ports = hc.ports(h);
  REQUIRE(ports.size() == 1);
  CHECK(ports[0].id == storm::PortId{"gpu1", "ens1f0np0", false});
  CHECK(ports[0].line_gbps == 200);
  std::vector<storm::Counters> c;
  hc.read(h, c);
  REQUIRE(c.size() == 1);
  CHECK(c[0].tx_pause_us[3] == 1234u);
  CHECK(c[0].tx_pause[3] == 12u);
  CHECK(c[0].rx_pause[3] == 10u);
  CHECK(c[0].rx_pause_us[3] == 20u);
  CHECK(c[0].rx_discards[3] == 18u);  // the larger of rx_prio3_discards (14) and rx_prio3_buf_discard (18)
  CHECK(c[0].out_of_buffer == 32u);   // rx_out_of_buffer 10 + hw_counters out_of_buffer 22
  CHECK(c[0].pcie_stalls == 6u);      // the *_events, never the stalled_rd percentage
  CHECK(c[0].rx_bytes == 2000u);
  CHECK(c[0].rx_discards_port == 6u);
  CHECK(c[0].ecn_marked == 26u);
  CHECK(c[0].cnp_sent == 34u);
  CHECK(c[0].cnp_handled == 38u);
  CHECK_FALSE(c[0].tx_pause[0]);  // not in the sample: absent, never 0
  CHECK_FALSE(c[0].global_tx_pause);
  // A counter that appears (PFC turned on for priority 4) is read from the next sample on.
  model::Host more = mlx5_host("gpu1", kStart + 1000, 1234, 3);
  more.netdevs[0].ethtool_stats->entries.push_back({"tx_prio4_pause", 99});
  hc.read(more, c);
  CHECK(c[0].tx_pause[4] == 99u);
}

TEST_CASE("a recording of an hour keeps only the minutes around its pausing; rotated parts are one recording") {
  const TempDir dir("storm-rec");
  // gpu1 pauses from minute 30 to 31; its recording rotated into parts (FILE.1 the older).
  write_recording(dir.path("gpu1.rec"), "gpu1", 3600, 1800, 1860, {.samples_per_frame = 10, .rotate_seconds = 1200});
  write_recording(dir.path("gpu2.rec"), "gpu2", 3600, -1, -1);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir.path()))
    if (e.path().extension() != ".lock") files.push_back(e.path().string());
  CHECK(files.size() > 2);
  const auto groups = group_recording_parts(files);
  REQUIRE(groups.size() == 2);

  Request r;
  r.paths = {dir.path()};
  const auto traced = trace_storms(r);
  REQUIRE(traced);
  CHECK(traced->pause_counters);
  CHECK(traced->windows == 1);
  REQUIRE(traced->analysis.storms.size() == 1);
  const auto& storm = traced->analysis.storms[0];
  CHECK(storm.origin == std::vector<storm::PortId>{{"gpu1", "ens1f0np0", false}});
  CHECK(storm.start_ms == kStart + 1'800'000);  // the bin its first pause moved in
  // Only the pausing host was read in the window (gpu2 never paused), and only around it.
  CHECK(traced->fabric.ports.size() == 1);
}

TEST_CASE("the first pass, passing quiet frames over, learns what decoding every sample learns") {
  const TempDir dir("storm-skip");
  const std::string path = dir.path("gpu1.rec");
  {
    // Pausing in [300, 330) and [2000, 2002); a stretch of 40 s with no sample at 1000 s; one
    // sample 2.5 s late at 1500 s.
    auto writer = record::RecordWriter::open(path, {});
    REQUIRE(writer);
    std::uint64_t pause_us = 0;
    for (int t = 0; t < 3600; ++t) {
      if (t >= 1000 && t < 1040) continue;
      if ((t > 300 && t <= 330) || (t > 2000 && t <= 2002)) pause_us += 400'000;
      const std::int64_t late = t == 1500 ? 2500 : 0;
      REQUIRE((*writer)->append(mlx5_host("gpu1", kStart + t * 1000 + late, pause_us, static_cast<std::uint64_t>(t))));
    }
  }
  ScanOptions options;
  options.join_ms = 5000;
  std::vector<std::string> notes;
  const SourceScan skipping = recording_source({path}, "gpu1.rec")->scan(options, notes);
  CHECK(notes.empty());

  ScanBuilder builder("every sample", options);
  HostSeriesReader reader("gpu1.rec");
  REQUIRE(record::for_each_sample(path, [&](const model::Host& h) {
    std::size_t ports = 0;
    const std::uint64_t fingerprint = reader.fingerprint(h, ports);
    builder.sample(h.time_unix_ms, fingerprint, ports);
    return true;
  }));
  const SourceScan every = builder.finish();

  CHECK(skipping.active == every.active);
  REQUIRE(every.active.size() == 2);
  CHECK(skipping.gaps == every.gaps);
  REQUIRE(every.gaps.size() == 2);  // the 40 s and the 3.5 s before the late sample
  CHECK(skipping.first_ms == every.first_ms);
  CHECK(skipping.last_ms == every.last_ms);
  CHECK(skipping.samples == every.samples);
  CHECK(skipping.interval_ms == every.interval_ms);
  CHECK(skipping.ports == every.ports);
}

TEST_CASE("a host that stopped recording before the storm ended is named in a note") {
  const TempDir dir("storm-stop");
  write_recording(dir.path("gpu1.rec"), "gpu1", 600, 300, 400);
  write_recording(dir.path("gpu2.rec"), "gpu2", 330, -1, -1);  // its recorder stopped at 5 min 30 s
  Request r;
  r.paths = {dir.path()};
  const auto traced = trace_storms(r);
  REQUIRE(traced);
  bool named = false;
  for (const auto& n : traced->analysis.notes)
    named =
        named || (n.find("gpu2 (recording") != std::string::npos && n.find("its samples end at") != std::string::npos);
  CHECK(named);
}

TEST_CASE("a recording cut in the middle of a frame is read up to its last whole frame") {
  const TempDir dir("storm-torn");
  const std::string path = dir.path("gpu1.rec");
  write_recording(path, "gpu1", 600, 100, 200);
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 50);
  Request r;
  r.paths = {path};
  const auto traced = trace_storms(r);
  REQUIRE(traced);
  REQUIRE(traced->analysis.storms.size() == 1);
  bool torn = false;
  for (const auto& n : traced->analysis.notes) torn = torn || n.find("torn") != std::string::npos;
  CHECK(torn);
}

TEST_CASE("windows: movements joined, widened by the margin, cut past the longest, and past the budget named") {
  SourceScan a{"a", {{100'000, 110'000}, {130'000, 140'000}, {900'000, 901'000}}, {}, 0, 1'000'000, 1000, 2, 1000,
               true};
  SourceScan quiet{"q", {}, {{120'000, 180'000}}, 0, 1'000'000, 1000, 2, 1000, true};
  WindowOptions o;
  o.margin_ms = 10'000;
  auto plan = plan_windows({a, quiet}, o);
  REQUIRE(plan.windows.size() == 2);
  CHECK(plan.windows[0].span == Interval{90'000, 150'000});
  CHECK(plan.windows[0].active == Interval{100'000, 140'000});
  CHECK(plan.windows[0].sources == std::vector<std::size_t>{0});
  bool gap = false;
  for (const auto& n : plan.notes) gap = gap || n.rfind("q: no sample from", 0) == 0;
  CHECK(gap);
  o.max_window_ms = 20'000;
  plan = plan_windows({a, quiet}, o);
  CHECK(plan.windows.size() == 5);  // 60 s in three, 21 s in two
  o.max_window_ms = 3'600'000;
  o.budget_port_samples = 100;
  plan = plan_windows({a, quiet}, o);
  CHECK(plan.windows.size() == 1);  // the first is always read
  CHECK_THAT(plan.notes.back(), Catch::Contains("is not analysed"));
}

}  // namespace roce::test
