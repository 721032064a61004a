// `roce-doctor metrics` against the real Prometheus tools: promtool's linter on the output of every
// simulated example host, node_exporter's textfile collector reading what --textfile wrote, a real
// Prometheus server reading serve's gauges back, and promtool parsing every dashboard query.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include "metrics/prometheus_harness.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {

namespace fs = std::filesystem;

TEST_CASE("promtool check metrics finds nothing to say about the metrics of every simulated example host") {
  if (!have_tool("promtool")) {
    WARN("ROCE-TEST-SKIP: promtool (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-promtool");
  for (const char* name : {"healthy", "ecn-off", "incast-headroom-small", "trust-pcp"}) {
    INFO(name);
    const std::string prom = dir.path(std::string(name) + ".prom");
    REQUIRE(run("--host " + shell_word(sim_host(name, dir)) + " metrics >" + shell_word(prom)).exit_code == 0);
    CHECK(slurp(prom).find("roce_doctor_check_severity{") != std::string::npos);
    const Run lint = shell("promtool check metrics <" + shell_word(prom));
    CHECK(lint.exit_code == 0);
    CHECK(lint.out + lint.err == "");
  }
}

TEST_CASE("node_exporter's textfile collector serves what metrics --textfile wrote, and no temporary file stays") {
  if (!have_tool("prometheus-node-exporter")) {
    WARN("ROCE-TEST-SKIP: prometheus-node-exporter is not installed");
    return;
  }
  const TempDir dir("metrics-textfile");
  const std::string textfiles = dir.mkdir("textfile");
  const Run written =
      run("--host " + shell_word(sim_host("ecn-off", dir)) + " metrics --textfile " + shell_word(textfiles));
  REQUIRE(written.exit_code == 0);
  CHECK(written.out + written.err == "");
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(textfiles)) {
    ++files;
    CHECK(entry.path().filename() == "roce_doctor.prom");
  }
  CHECK(files == 1);

  const int port = free_local_port();
  ChildProcess exporter(
      {"prometheus-node-exporter", "--web.listen-address=127.0.0.1:" + std::to_string(port),
       "--collector.disable-defaults", "--collector.textfile", "--collector.textfile.directory=" + textfiles},
      dir.path("node_exporter.log"));
  HttpReply reply;
  for (int i = 0; i < 100 && exporter.running(); ++i) {  // at most 10 s until it answers
    reply = http_get(port, "/metrics");
    if (reply.status == 200) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  exporter.stop();
  INFO(slurp(dir.path("node_exporter.log")));
  REQUIRE(reply.status == 200);
  CHECK(reply.body.find("node_textfile_scrape_error 0") != std::string::npos);
  CHECK(reply.body.find("roce_doctor_check_severity{check=\"ECN-NIC\",device=\"mlx5_0\",netdev=\"ens1f0np0\",port="
                        "\"1\"} 2") != std::string::npos);
  CHECK(reply.body.find("roce_doctor_pfc_info{") != std::string::npos);
}

TEST_CASE("a real Prometheus server scraping serve on a host with ECN off reads the critical ECN-NIC gauge back") {
  if (!have_tool("prometheus")) {
    WARN("ROCE-TEST-SKIP: prometheus (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-serve");
  Serve serve(sim_host("ecn-off", dir), dir, "serve");
  Prometheus prometheus(dir, {{"roce-doctor", {serve.instance}}});
  // Until Prometheus has scraped twice (the rate checks compare two sweeps), at most 20 s.
  const auto ecn_idle = prometheus.until_data("roce_doctor_check_severity{check=\"ECN-IDLE\",netdev=\"ens1f0np0\"}");
  const auto ecn_nic = samples_of(prometheus.query("roce_doctor_check_severity{check=\"ECN-NIC\"}"));
  const auto up = samples_of(prometheus.query("up{job=\"roce-doctor\"}"));
  const auto pause =
      samples_of(prometheus.query("roce_doctor_pfc_pause_seconds_total{priority=\"3\",direction=\"rx\"} > 0"));
  const HttpReply health = http_get(serve.port, "/healthz");
  prometheus.stop();
  serve.process->stop();
  INFO(slurp(dir.path("serve.log")));
  INFO(prometheus.log());
  REQUIRE(ecn_idle.size() == 1);
  CHECK(ecn_idle.front().value == 2);  // ECN idle while PFC pauses: critical
  REQUIRE(ecn_nic);
  REQUIRE(ecn_nic->size() == 1);
  CHECK(ecn_nic->front().value == 2);
  REQUIRE(up);
  REQUIRE(up->size() == 1);
  CHECK(up->front().value == 1);
  REQUIRE(pause);
  REQUIRE(pause->size() == 1);
  CHECK(pause->front().labels.at("netdev") == "ens1f0np0");
  CHECK(health.status == 200);
  CHECK(health.body.starts_with("ok: last sweep"));
}

TEST_CASE("every query of the shipped Grafana dashboard is PromQL that promtool accepts") {
  if (!have_tool("promtool")) {
    WARN("ROCE-TEST-SKIP: promtool (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-grafana");
  // Each query as a recording rule.
  std::string rules = "groups:\n  - name: dashboard\n    rules:\n";
  const auto queries = dashboard_queries("5m");
  CHECK(queries.size() >= 10);
  int n = 0;
  for (const auto& q : queries) {
    std::string quoted;
    for (char c : q.expr) quoted += c == '\'' ? std::string("''") : std::string(1, c);
    rules += "      - record: dashboard_" + std::to_string(++n) + "\n        expr: '" + quoted + "'\n";
  }
  const Run checked = shell("promtool check rules " + shell_word(dir.write("dashboard.rules.yml", rules)));
  INFO(checked.out << checked.err);
  CHECK(checked.exit_code == 0);
  CHECK(checked.out.find("SUCCESS: " + std::to_string(queries.size()) + " rules found") != std::string::npos);
}

}  // namespace roce::test
