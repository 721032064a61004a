// The Prometheus path of `storm` against a real Prometheus server: the simulated NIC storm's host
// recordings (examples/storm/nic-storm-45) written as the series `serve` exports (names, labels and
// units as man/roce-doctor.8 PROMETHEUS METRICS gives them, from the same canonical counters),
// backfilled with `promtool tsdb create-blocks-from openmetrics`, served by `prometheus` on
// 127.0.0.1 and read back through its HTTP API; the storm found is the one the files give.
#include <catch2/catch.hpp>

#include <fmt/format.h>
#include <filesystem>
#include <map>

#include "counters/canonical.hpp"
#include "incident/prometheus_json.hpp"
#include "record/recording.hpp"
#include "storm_example.hpp"
#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/http_get.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

namespace {

namespace fs = std::filesystem;

// family -> labels -> (unix ms, value), each series in time order.
using Series = std::map<std::string, std::map<std::string, std::vector<std::pair<std::int64_t, double>>>>;

void add(Series& s, const std::string& family, const std::string& labels, std::int64_t t, double v) {
  s[family][labels].push_back({t, v});
}

// One host sample as `serve` exports it: the port's canonical counters under the documented names.
void add_sample(Series& s, const model::Host& h) {
  const std::string instance = h.hostname + ":9877";
  const std::string host_labels = fmt::format("instance=\"{}\",job=\"roce-doctor\"", instance);
  add(s, "roce_doctor_host_info", host_labels + fmt::format(",hostname=\"{}\"", h.hostname), h.time_unix_ms, 1);
  for (const auto& nd : h.netdevs) {
    const model::RdmaPort* port = nullptr;
    for (const auto& d : h.rdma_devices)
      for (const auto& p : d.ports)
        if (p.netdev.ok() && *p.netdev == nd.name) port = &p;
    const auto c = counters::canonicalize(&nd, port);
    const std::string labels = host_labels + fmt::format(",netdev=\"{}\"", nd.name);
    const auto put = [&](const std::string& canonical, const std::string& family, const std::string& more,
                         double scale = 1) {
      if (auto it = c.find(canonical); it != c.end())
        add(s, family, labels + more, h.time_unix_ms, static_cast<double>(it->second.value) * scale);
    };
    for (int p = 0; p < 8; ++p)
      for (const char* dir : {"rx", "tx"}) {
        const std::string more = fmt::format(",priority=\"{}\",direction=\"{}\"", p, dir);
        put(counters::prio_name(p, std::string(dir) + "_pause"), "roce_doctor_pfc_pause_frames_total", more);
        put(counters::prio_name(p, std::string(dir) + "_pause_us"), "roce_doctor_pfc_pause_seconds_total", more, 1e-6);
      }
    for (int p = 0; p < 8; ++p)
      put(counters::prio_name(p, "rx_discards"), "roce_doctor_priority_rx_discards_total",
          fmt::format(",priority=\"{}\"", p));
    for (const char* dir : {"rx", "tx"}) {
      const std::string more = fmt::format(",direction=\"{}\"", dir);
      put(std::string("global.") + dir + "_pause", "roce_doctor_pause_frames_total", more);
      put(std::string("port.") + dir + "_bytes", "roce_doctor_port_bytes_total", more);
      put(std::string("port.") + dir + "_discards", "roce_doctor_port_discards_total", more);
    }
    put("host.rx_out_of_buffer", "roce_doctor_rx_out_of_buffer_total", "");
    put("roce.out_of_buffer", "roce_doctor_roce_out_of_buffer_total", "");
    put("roce.ecn_marked", "roce_doctor_roce_ecn_marked_packets_total", "");
    put("roce.cnp_sent", "roce_doctor_roce_cnp_sent_total", "");
    put("roce.cnp_handled", "roce_doctor_roce_cnp_handled_total", "");
    if (nd.link.ok() && nd.link->speed_mbps)
      add(s, "roce_doctor_link_speed_bytes_per_second", labels, h.time_unix_ms, *nd.link->speed_mbps * 1e6 / 8);
  }
}

std::string openmetrics(const Series& s) {
  std::string out;
  for (const auto& [family, series] : s)
    for (const auto& [labels, points] : series)
      for (const auto& [t, v] : points) out += fmt::format("{}{{{}}} {} {:.3f}\n", family, labels, v, t / 1000.0);
  return out + "# EOF\n";
}

bool ready(int port) {
  for (int i = 0; i < 300; ++i) {
    if (http_get(port, "/-/ready", std::chrono::milliseconds(500)).status == 200) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  return false;
}

}  // namespace

TEST_CASE("prometheus_json reads a matrix answer and names an error answer") {
  auto ok = incident::parse_prometheus_matrix(
      R"({"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"x","netdev":"eth0"},)"
      R"("values":[[1796000000.5,"12"],[1796000001.5,"NaN"],[1796000002.5,"13e0"]]}]}})",
      "answer");
  REQUIRE(ok);
  REQUIRE(ok->size() == 1);
  CHECK((*ok)[0].labels.at("netdev") == "eth0");
  CHECK((*ok)[0].points == std::vector<std::pair<std::int64_t, double>>{{1796000000500, 12}, {1796000002500, 13}});
  auto error = incident::parse_prometheus_matrix(
      R"({"status":"error","errorType":"bad_data","error":"parse error at char 3"})", "answer");
  REQUIRE_FALSE(error);
  CHECK_THAT(error.error().message, Catch::Contains("bad_data: parse error at char 3"));
  CHECK_FALSE(incident::parse_prometheus_matrix("<html>", "answer"));
  CHECK_FALSE(
      incident::parse_prometheus_matrix(R"({"status":"success","data":{"resultType":"vector","result":[]}})", "a"));
}

TEST_CASE("storm --prometheus reads the storm from a real Prometheus as from the recordings") {
  if (!have_tool("prometheus") || !have_tool("promtool")) {
    std::puts("ROCE-TEST-SKIP: prometheus or promtool not installed");
    return;
  }
  const TempDir tmp("storm-prom");
  Series series;
  for (const auto& e : fs::directory_iterator(storm_example() + "/hosts")) {
    auto read = record::for_each_sample(e.path().string(), [&](const model::Host& h) {
      add_sample(series, h);
      return true;
    });
    REQUIRE(read);
  }
  write_file(tmp.path("series.om"), openmetrics(series));
  const Run backfill = run_process({"/bin/sh", "-c",
                                    "promtool tsdb create-blocks-from openmetrics " +
                                        shell_word(tmp.path("series.om")) + " " + shell_word(tmp.path("tsdb"))});
  REQUIRE(backfill.exit_code == 0);
  write_file(tmp.path("prometheus.yml"), "global:\n  scrape_interval: 1m\n");
  const int port = free_local_port();
  ChildProcess prometheus(
      {"prometheus", "--config.file=" + tmp.path("prometheus.yml"), "--storage.tsdb.path=" + tmp.path("tsdb"),
       "--storage.tsdb.retention.time=100y", "--web.listen-address=127.0.0.1:" + std::to_string(port)},
      tmp.path("prometheus.log"));
  REQUIRE(ready(port));

  const std::string url = "http://127.0.0.1:" + std::to_string(port);
  const std::string window = " --since 2026-11-30T00:53:00Z --until 2026-11-30T00:55:00Z";
  // The hosts from Prometheus, the cables from their LLDP bundles and the switches' snapshots.
  const Run r = run("storm --prometheus " + url + window + " " + shell_word(storm_example() + "/lldp") + " --switch " +
                    shell_word(storm_example() + "/switches"));
  INFO(r.out << r.err << slurp(tmp.path("prometheus.log")));
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.out, Catch::StartsWith("storm 1: nic-storm on priority 3, origin gpu003 ens1f0np0\n"));
  CHECK_THAT(r.out, Catch::Contains("gpu005 ens1f0np0"));
  // Prometheus alone: the five hosts whose pause counters moved (gpu004's never did) are read; without
  // cables the analysis cannot tell who paused whom.
  const Run alone = run("storm --prometheus " + url + window);
  CHECK(alone.exit_code == 2);
  CHECK_THAT(alone.out, Catch::EndsWith("5 ports read, 0 cables\n"));
  // A server that answers nothing is an input error naming it.
  const Run down = run("storm --prometheus http://127.0.0.1:" + std::to_string(free_local_port()) + window);
  CHECK(down.exit_code == 3);
  CHECK_THAT(down.err, Catch::Contains("127.0.0.1"));
}

}  // namespace roce::test
