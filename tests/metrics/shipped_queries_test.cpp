// Every alerting rule of dist/prometheus/roce-doctor.rules.yml and every query of the Grafana
// dashboard, read from the shipped files, run by one real Prometheus server that scraped `serve` on
// each simulated example host (and node_exporter serving a textfile that stopped being rewritten):
// each rule finds exactly the hosts with its problem, never the healthy one; each query has data.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "metrics/prometheus_harness.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {
namespace {

// The roce_doctor_* families a query reads, in order of appearance.
std::vector<std::string> families_in(const std::string& promql) {
  std::vector<std::string> out;
  static const std::regex name("roce_doctor_[a-z_]+");
  for (auto it = std::sregex_iterator(promql.begin(), promql.end(), name); it != std::sregex_iterator(); ++it)
    if (std::find(out.begin(), out.end(), it->str()) == out.end()) out.push_back(it->str());
  return out;
}

// The query with its 5-minute windows made 10 s: 10 scrapes 1 s apart, as 5 minutes hold 10 scrapes
// 30 s apart. The rest of it is as shipped.
std::string shortened(std::string promql) {
  for (auto p = promql.find("[5m]"); p != std::string::npos; p = promql.find("[5m]")) promql.replace(p, 4, "[10s]");
  return promql;
}

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : " ") + i;
  return out;
}

}  // namespace

TEST_CASE(
    "every shipped rule finds exactly the simulated hosts with its problem in a real Prometheus, "
    "and every dashboard query has data") {
  for (const char* tool : {"prometheus", "prometheus-node-exporter", "faketime"})
    if (!have_tool(tool)) {
      WARN("ROCE-TEST-SKIP: " << tool << " (Debian package " << tool << ") is not installed");
      return;
    }
  const TempDir dir("metrics-shipped");
  // The hosts, each served by its own `serve`; `stopped` is a healthy host whose serve the test stops.
  Serve healthy(sim_host("healthy", dir), dir, "healthy");
  Serve ecn_off(sim_host("ecn-off", dir), dir, "ecn-off");
  Serve incast(sim_host("incast-headroom-small", dir), dir, "incast");
  Serve trust_pcp(sim_host("trust-pcp", dir), dir, "trust-pcp");
  Serve stopped(sim_host("healthy", dir, "stopped"), dir, "stopped");
  // A textfile `metrics --textfile` wrote 16 minutes ago and nothing rewrote since, as node_exporter
  // keeps serving it (the clock of that one run set back by faketime).
  const std::string textfiles = dir.mkdir("textfile");
  const Run written =
      shell("faketime -f -16m " + shell_word(ROCE_DOCTOR_BIN) + " --host " +
            shell_word(sim_host("healthy", dir, "textfile-host")) + " metrics --textfile " + shell_word(textfiles));
  REQUIRE(written.exit_code == 0);
  const int node_port = free_local_port();
  const std::string old_textfile = "127.0.0.1:" + std::to_string(node_port);
  ChildProcess node_exporter(
      {"prometheus-node-exporter", "--web.listen-address=" + old_textfile, "--collector.disable-defaults",
       "--collector.textfile", "--collector.textfile.directory=" + textfiles},
      dir.path("node_exporter.log"));

  const std::string rules = std::string(ROCE_SOURCE_DIR) + "/dist/prometheus/roce-doctor.rules.yml";
  Prometheus prometheus(
      dir,
      {{"gpu-nodes", {healthy.instance, ecn_off.instance, incast.instance, trust_pcp.instance, stopped.instance}},
       {"node", {old_textfile}}},
      rules);
  // Every target scraped through a 10 s window.
  const auto scraped = prometheus.until_data("count(count_over_time(up[10s]) >= 9) == 6", 40);
  if (scraped.empty()) FAIL("the targets were not scraped 9 times within 40 s\n" << prometheus.log());
  stopped.process->stop();
  REQUIRE(!prometheus.until_data("up{instance=\"" + stopped.instance + "\"} == 0").empty());

  {  // each rule: exactly the hosts with its problem; the healthy serve in none
    const std::map<std::string, std::vector<std::string>> expected = {
        {"RoceDoctorPauseStorm", {ecn_off.instance}},    // paused 24% of the time (PAUSE-STORM)
        {"RoceDoctorLosslessDrops", {incast.instance}},  // trust-pcp drops on lossy priority 0: not it
        {"RoceDoctorEcnIdleUnderPauses", {ecn_off.instance}},
        {"RoceDoctorCriticalCheck", {ecn_off.instance, incast.instance, trust_pcp.instance}},
        {"RoceDoctorStale", {old_textfile}},
        {"RoceDoctorDown", {stopped.instance}},
        {"RoceDoctorGone", {stopped.instance}},
    };
    const auto rules_shipped = shipped_rules();
    REQUIRE(rules_shipped.size() == expected.size());
    for (const auto& rule : rules_shipped) {
      INFO(rule.alert << ":\n" << shortened(rule.expr));
      // Windows other than these would need a thought about their length here.
      CHECK(std::regex_replace(rule.expr, std::regex("\\[(5m|1h)\\]"), "").find('[') == std::string::npos);
      REQUIRE(expected.contains(rule.alert));  // a shipped rule this test has no host for
      std::vector<std::string> want = expected.at(rule.alert);
      std::sort(want.begin(), want.end());
      const auto answer = samples_of(prometheus.query(shortened(rule.expr)));
      REQUIRE(answer);
      CHECK(instances_of(*answer) == want);
    }
    // The lossless drops are on priority 3, the PFC priority of the incast host.
    const auto drops = samples_of(prometheus.query(shortened(shipped_rule_expr("RoceDoctorLosslessDrops"))));
    REQUIRE(drops);
    REQUIRE(drops->size() == 1);
    CHECK(drops->front().labels.at("priority") == "3");
  }

  {  // the shipped rules loaded as they are: the lossless-drops alert, which has no `for`, fires
    const auto firing = prometheus.until_data("ALERTS{alertname=\"RoceDoctorLosslessDrops\",alertstate=\"firing\"}");
    CHECK(instances_of(firing) == std::vector<std::string>{incast.instance});
  }

  {  // each dashboard query: data; the problem it shows is non-zero on the host that has it
    // By the first family a query reads: the host where its value must be above 0, or none where
    // no simulated host has it (their links are up; the simulator models no retransmit timeout).
    const std::map<std::string, std::optional<std::string>> nonzero_on = {
        {"roce_doctor_check_severity", ecn_off.instance},
        {"roce_doctor_last_check_timestamp_seconds", old_textfile},
        {"roce_doctor_link_up", std::nullopt},
        {"roce_doctor_pfc_pause_seconds_total", ecn_off.instance},
        {"roce_doctor_priority_rx_discards_total", incast.instance},
        {"roce_doctor_roce_ecn_marked_packets_total", healthy.instance},
        {"roce_doctor_roce_cnp_sent_total", healthy.instance},
        {"roce_doctor_roce_cnp_handled_total", healthy.instance},
        {"roce_doctor_roce_out_of_sequence_total", incast.instance},
        {"roce_doctor_roce_retransmits_total", incast.instance},
        {"roce_doctor_roce_retransmit_timeouts_total", std::nullopt},
        {"roce_doctor_link_speed_bytes_per_second", healthy.instance},
        {"roce_doctor_sweep_duration_seconds", healthy.instance},
    };
    const auto queries = dashboard_queries("10s");
    CHECK(queries.size() >= 10);
    for (const auto& q : queries) {
      INFO(q.panel << ": " << q.expr);
      const auto families = families_in(q.expr);
      REQUIRE(!families.empty());
      REQUIRE(nonzero_on.contains(families.front()));  // a dashboard query this test has no host for
      const auto answer = samples_of(prometheus.query(q.expr));
      REQUIRE(answer);
      CHECK(!answer->empty());
      if (const auto& host = nonzero_on.at(families.front())) {
        INFO("must be above 0 on " << *host);
        CHECK(std::any_of(answer->begin(), answer->end(), [&](const Sample& s) {
          return s.labels.contains("instance") && s.labels.at("instance") == *host && s.value > 0;
        }));
      }
    }
  }

  {  // every family a rule or a dashboard query reads is exported by serve or the textfile
    std::set<std::string> used;
    for (const auto& r : shipped_rules())
      for (const auto& f : families_in(r.expr)) used.insert(f);
    for (const auto& q : dashboard_queries("10s"))
      for (const auto& f : families_in(q.expr)) used.insert(f);
    std::vector<std::string> missing;
    for (const auto& family : used) {
      const auto answer = samples_of(prometheus.query("count(" + family + "{job=\"gpu-nodes\"})"));
      if (!answer || answer->empty()) missing.push_back(family);
    }
    INFO("read by a shipped query, exported by no serve: " << joined(missing));
    CHECK(missing.empty());
    CHECK(used.size() >= 15);
  }

  prometheus.stop();
  node_exporter.stop();
}

}  // namespace roce::test
