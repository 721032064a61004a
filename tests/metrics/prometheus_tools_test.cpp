// `roce-doctor metrics` against the real Prometheus tools: promtool's linter on the output of every
// simulated example host, and node_exporter's textfile collector reading what --textfile wrote.
#include <unistd.h>

#include <catch2/catch.hpp>

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "support/child_process.hpp"
#include "support/files.hpp"
#include "support/http_get.hpp"
#include "support/paths.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {
namespace {

namespace fs = std::filesystem;

// Runs a shell command; its exit code, and stdout+stderr in `output`.
int shell(const std::string& command, std::string& output, const fs::path& dir) {
  const std::string out = (dir / "shell.out").string();
  const int status = std::system(("(" + command + ") >'" + out + "' 2>&1").c_str());
  output = slurp(out);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Copies examples/sim/NAME.toml into `dir` (the simulator rewrites its file) and returns the --host spec.
std::string sim_host(const std::string& name, const fs::path& dir) {
  const fs::path copy = dir / (name + ".toml");
  fs::copy_file(fs::path(ROCE_EXAMPLES_DIR) / "sim" / (name + ".toml"), copy, fs::copy_options::overwrite_existing);
  return "sim:" + copy.string();
}

// A PromQL instant query to the Prometheus server on `port`.
HttpReply prometheus_query(int port, const std::string& promql) {
  std::string encoded;
  for (char c : promql) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
    encoded += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? std::string(1, c) : hex;
  }
  return http_get(port, "/api/v1/query?query=" + encoded, std::chrono::milliseconds(2000));
}

// The expr of the shipped alerting rule `alert` (dist/prometheus/roce-doctor.rules.yml), its
// block lines joined.
std::string shipped_rule_expr(const std::string& alert) {
  std::istringstream in(slurp(std::string(ROCE_SOURCE_DIR) + "/dist/prometheus/roce-doctor.rules.yml"));
  std::string expr;
  bool in_alert = false, in_expr = false;
  for (std::string line; std::getline(in, line);) {
    if (line.find("- alert: ") != std::string::npos) in_alert = line.ends_with("- alert: " + alert);
    if (!in_alert) continue;
    if (line.find("expr: |") != std::string::npos) {
      in_expr = true;
      continue;
    }
    if (in_expr && (line.find(" for: ") != std::string::npos || line.find("labels:") != std::string::npos)) break;
    if (in_expr) expr += line + "\n";
  }
  return expr;
}

}  // namespace

TEST_CASE("promtool check metrics finds nothing to say about the metrics of every simulated example host") {
  if (!have_tool("promtool")) {
    WARN("ROCE-TEST-SKIP: promtool (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-promtool");
  for (const char* name : {"healthy", "ecn-off", "incast-headroom-small", "trust-pcp"}) {
    INFO(name);
    const fs::path prom = dir.path(std::string(name) + ".prom");
    std::string output;
    REQUIRE(shell("'" + std::string(ROCE_DOCTOR_BIN) + "' --host " + sim_host(name, dir.path()) + " metrics >'" +
                      prom.string() + "'",
                  output, dir.path()) == 0);
    CHECK(slurp(prom.string()).find("roce_doctor_check_severity{") != std::string::npos);
    CHECK(shell("promtool check metrics <'" + prom.string() + "'", output, dir.path()) == 0);
    CHECK(output == "");
  }
}

TEST_CASE("node_exporter's textfile collector serves what metrics --textfile wrote, and no temporary file stays") {
  if (!have_tool("prometheus-node-exporter")) {
    WARN("ROCE-TEST-SKIP: prometheus-node-exporter is not installed");
    return;
  }
  const TempDir dir("metrics-textfile");
  const fs::path textfiles = dir.path("textfile");
  fs::create_directories(textfiles);
  std::string output;
  REQUIRE(shell("'" + std::string(ROCE_DOCTOR_BIN) + "' --host " + sim_host("ecn-off", dir.path()) +
                    " metrics --textfile '" + textfiles.string() + "'",
                output, dir.path()) == 0);
  CHECK(output == "");
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(textfiles)) {
    ++files;
    CHECK(entry.path().filename() == "roce_doctor.prom");
  }
  CHECK(files == 1);

  const int port = free_local_port();
  ChildProcess exporter(
      {"prometheus-node-exporter", "--web.listen-address=127.0.0.1:" + std::to_string(port),
       "--collector.disable-defaults", "--collector.textfile", "--collector.textfile.directory=" + textfiles.string()},
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

}  // namespace roce::test

namespace roce::test {

TEST_CASE("a real Prometheus server scraping serve on a host with ECN off reads the critical ECN-NIC gauge back") {
  if (!have_tool("prometheus")) {
    WARN("ROCE-TEST-SKIP: prometheus (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-serve");
  const int serve_port = free_local_port();
  ChildProcess serve({ROCE_DOCTOR_BIN, "--host", sim_host("ecn-off", dir.path()), "serve", "--listen",
                      "127.0.0.1:" + std::to_string(serve_port)},
                     dir.path("serve.log"));
  const fs::path config = dir.path("prometheus.yml");
  std::ofstream(config) << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                           "  - job_name: roce-doctor\n    static_configs:\n      - targets: ['127.0.0.1:"
                        << serve_port << "']\n";
  const int prometheus_port = free_local_port();
  ChildProcess prometheus({"prometheus", "--config.file=" + config.string(), "--storage.tsdb.path=" + dir.path("data"),
                           "--web.listen-address=127.0.0.1:" + std::to_string(prometheus_port)},
                          dir.path("prometheus.log"));
  // Until Prometheus has scraped twice (the rate checks compare two sweeps), at most 20 s.
  const auto query = [&](const std::string& promql) { return prometheus_query(prometheus_port, promql); };
  HttpReply ecn_idle;
  for (int i = 0; i < 100 && serve.running() && prometheus.running(); ++i) {
    ecn_idle = query("roce_doctor_check_severity{check=\"ECN-IDLE\",netdev=\"ens1f0np0\"}");
    if (ecn_idle.body.find("\"value\":[") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  const HttpReply ecn_nic = query("roce_doctor_check_severity{check=\"ECN-NIC\"}");
  const HttpReply up = query("up{job=\"roce-doctor\"}");
  const HttpReply pause = query("roce_doctor_pfc_pause_seconds_total{priority=\"3\",direction=\"rx\"} > 0");
  const HttpReply health = http_get(serve_port, "/healthz");
  prometheus.stop();
  serve.stop();
  INFO(slurp(dir.path("serve.log")));
  INFO(slurp(dir.path("prometheus.log")));
  CHECK(ecn_idle.body.find("\"value\":[") != std::string::npos);
  CHECK(ecn_idle.body.find("\"2\"]") != std::string::npos);  // ECN idle while PFC pauses: critical
  CHECK(ecn_nic.body.find("\"check\":\"ECN-NIC\"") != std::string::npos);
  CHECK(ecn_nic.body.find("\"2\"]") != std::string::npos);
  CHECK(up.body.find("\"1\"]") != std::string::npos);
  CHECK(pause.body.find("\"netdev\":\"ens1f0np0\"") != std::string::npos);
  CHECK(health.status == 200);
  CHECK(health.body.starts_with("ok: last sweep"));
}

}  // namespace roce::test

namespace roce::test {

TEST_CASE("the shipped lossless-drops rule finds the incast host's drops in a real Prometheus, not the healthy's") {
  if (!have_tool("prometheus")) {
    WARN("ROCE-TEST-SKIP: prometheus (Debian package prometheus) is not installed");
    return;
  }
  const std::string expr = shipped_rule_expr("RoceDoctorLosslessDrops");
  REQUIRE(expr.find("roce_doctor_pfc_enabled == 1") != std::string::npos);
  const TempDir dir("metrics-rule");
  const int incast_port = free_local_port(), healthy_port = free_local_port();
  ChildProcess incast({ROCE_DOCTOR_BIN, "--host", sim_host("incast-headroom-small", dir.path()), "serve", "--listen",
                       "127.0.0.1:" + std::to_string(incast_port)},
                      dir.path("incast.log"));
  ChildProcess healthy({ROCE_DOCTOR_BIN, "--host", sim_host("healthy", dir.path()), "serve", "--listen",
                        "127.0.0.1:" + std::to_string(healthy_port)},
                       dir.path("healthy.log"));
  const fs::path config = dir.path("prometheus.yml");
  std::ofstream(config) << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                           "  - job_name: roce-doctor\n    static_configs:\n      - targets: ['127.0.0.1:"
                        << incast_port << "', '127.0.0.1:" << healthy_port << "']\n";
  const int prometheus_port = free_local_port();
  ChildProcess prometheus({"prometheus", "--config.file=" + config.string(), "--storage.tsdb.path=" + dir.path("data"),
                           "--web.listen-address=127.0.0.1:" + std::to_string(prometheus_port)},
                          dir.path("prometheus.log"));
  // increase() needs two samples of each target in its window: at most 20 s.
  HttpReply drops;
  for (int i = 0; i < 100 && incast.running() && healthy.running() && prometheus.running(); ++i) {
    drops = prometheus_query(prometheus_port, expr);
    if (drops.body.find("\"value\":[") != std::string::npos) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  const HttpReply healthy_pfc =
      prometheus_query(prometheus_port, "roce_doctor_pfc_enabled{instance=\"127.0.0.1:" + std::to_string(healthy_port) +
                                            "\",priority=\"3\"}");
  prometheus.stop();
  incast.stop();
  healthy.stop();
  INFO(slurp(dir.path("prometheus.log")));
  INFO(drops.body);
  CHECK(drops.body.find("\"instance\":\"127.0.0.1:" + std::to_string(incast_port) + "\"") != std::string::npos);
  CHECK(drops.body.find("\"priority\":\"3\"") != std::string::npos);
  CHECK(drops.body.find("127.0.0.1:" + std::to_string(healthy_port)) == std::string::npos);
  // The healthy host is quiet for lack of drops, not for lack of the series the rule joins on.
  CHECK(healthy_pfc.body.find("\"1\"]") != std::string::npos);
}

TEST_CASE("the shipped down and gone rules find a serve that a real Prometheus scraped and that was then stopped") {
  if (!have_tool("prometheus")) {
    WARN("ROCE-TEST-SKIP: prometheus (Debian package prometheus) is not installed");
    return;
  }
  const std::string down = shipped_rule_expr("RoceDoctorDown"), gone = shipped_rule_expr("RoceDoctorGone");
  REQUIRE(down.find("up == 0") != std::string::npos);
  REQUIRE(gone.find("unless") != std::string::npos);
  const TempDir dir("metrics-down");
  const int serve_port = free_local_port();
  const std::string instance = "127.0.0.1:" + std::to_string(serve_port);
  ChildProcess serve({ROCE_DOCTOR_BIN, "--host", sim_host("healthy", dir.path()), "serve", "--listen", instance},
                     dir.path("serve.log"));
  const fs::path config = dir.path("prometheus.yml");
  std::ofstream(config) << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n"
                           "  - job_name: gpu-nodes\n    static_configs:\n      - targets: ['"
                        << instance << "']\n";
  const int prometheus_port = free_local_port();
  ChildProcess prometheus({"prometheus", "--config.file=" + config.string(), "--storage.tsdb.path=" + dir.path("data"),
                           "--web.listen-address=127.0.0.1:" + std::to_string(prometheus_port)},
                          dir.path("prometheus.log"));
  const auto until_data = [&](const std::string& promql) {
    HttpReply r;
    for (int i = 0; i < 100 && prometheus.running(); ++i) {
      r = prometheus_query(prometheus_port, promql);
      if (r.body.find("\"value\":[") != std::string::npos) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
    }
    return r;
  };
  const HttpReply scraped = until_data("roce_doctor_host_info");
  const HttpReply quiet_down = prometheus_query(prometheus_port, down),
                  quiet_gone = prometheus_query(prometheus_port, gone);
  serve.stop();
  const HttpReply fired_down = until_data(down);
  const HttpReply fired_gone = until_data(gone);
  prometheus.stop();
  INFO(slurp(dir.path("prometheus.log")));
  INFO(fired_down.body << "\n" << fired_gone.body);
  CHECK(scraped.body.find("\"instance\":\"" + instance + "\"") != std::string::npos);
  CHECK(quiet_down.body.starts_with("{\"status\":\"success\""));
  CHECK(quiet_down.body.find("\"value\":[") == std::string::npos);  // up: nothing to say
  CHECK(quiet_gone.body.starts_with("{\"status\":\"success\""));
  CHECK(quiet_gone.body.find("\"value\":[") == std::string::npos);
  CHECK(fired_down.body.find("\"instance\":\"" + instance + "\"") != std::string::npos);
  CHECK(fired_down.body.find("\"job\":\"gpu-nodes\"") != std::string::npos);
  CHECK(fired_gone.body.find("\"hostname\":\"sim-healthy\"") != std::string::npos);
}

TEST_CASE("every query of the shipped Grafana dashboard is PromQL that promtool accepts") {
  if (!have_tool("promtool")) {
    WARN("ROCE-TEST-SKIP: promtool (Debian package prometheus) is not installed");
    return;
  }
  const TempDir dir("metrics-grafana");
  const std::string dashboard = slurp(std::string(ROCE_SOURCE_DIR) + "/dist/grafana/roce-doctor.json");
  REQUIRE(!dashboard.empty());
  // Each "expr": "..." as a recording rule, Grafana's variables replaced by what they stand for.
  std::string rules = "groups:\n  - name: dashboard\n    rules:\n";
  int exprs = 0;
  for (std::size_t at = dashboard.find("\"expr\": \""); at != std::string::npos;
       at = dashboard.find("\"expr\": \"", at + 1)) {
    std::string expr;
    for (std::size_t i = at + 9; i < dashboard.size() && dashboard[i] != '"'; ++i) {
      if (dashboard[i] == '\\') ++i;  // \" inside the JSON string
      expr += dashboard[i];
    }
    for (const auto& [var, value] :
         {std::pair<std::string, std::string>{"$__rate_interval", "5m"}, {"$instance", ".*"}})
      for (auto p = expr.find(var); p != std::string::npos; p = expr.find(var)) expr.replace(p, var.size(), value);
    std::string quoted;
    for (char c : expr) quoted += c == '\'' ? std::string("''") : std::string(1, c);
    rules += "      - record: dashboard_" + std::to_string(++exprs) + "\n        expr: '" + quoted + "'\n";
  }
  CHECK(exprs >= 10);
  const fs::path file = dir.path("dashboard.rules.yml");
  std::ofstream(file) << rules;
  std::string output;
  CHECK(shell("promtool check rules '" + file.string() + "'", output, dir.path()) == 0);
  INFO(output);
  CHECK(output.find("SUCCESS: " + std::to_string(exprs) + " rules found") != std::string::npos);
}

}  // namespace roce::test
