// The real Prometheus server and the shipped queries for the exporter's tests (prometheus_harness.hpp).
#include "metrics/prometheus_harness.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "support/files.hpp"
#include "support/paths.hpp"

namespace roce::test {

namespace fs = std::filesystem;

std::string sim_host(const std::string& name, const TempDir& dir, const std::string& copy) {
  const fs::path target = dir.path((copy.empty() ? name : copy) + ".toml");
  fs::copy_file(fs::path(ROCE_SIM_EXAMPLES_DIR) / (name + ".toml"), target, fs::copy_options::overwrite_existing);
  return "sim:" + target.string();
}

Serve::Serve(const std::string& host_spec, const TempDir& dir, const std::string& log)
    : port(free_local_port()), instance("127.0.0.1:" + std::to_string(port)) {
  process = std::make_unique<ChildProcess>(
      std::vector<std::string>{ROCE_DOCTOR_BIN, "--host", host_spec, "serve", "--listen", instance},
      dir.path(log + ".log"));
}

std::optional<std::vector<Sample>> samples_of(const HttpReply& reply) {
  const auto json = nlohmann::json::parse(reply.body, nullptr, false);
  if (json.is_discarded() || json.value("status", "") != "success") return std::nullopt;
  const auto& data = json["data"];
  std::vector<Sample> out;
  const auto value = [](const nlohmann::json& pair) { return std::stod(pair.at(1).get<std::string>()); };
  if (data.value("resultType", "") == "scalar") return std::vector<Sample>{Sample{{}, value(data["result"])}};
  for (const auto& r : data["result"]) {
    Sample s;
    for (const auto& [k, v] : r["metric"].items()) s.labels[k] = v.get<std::string>();
    s.value = value(r["value"]);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<std::string> instances_of(const std::vector<Sample>& samples) {
  std::vector<std::string> out;
  for (const auto& s : samples)
    if (auto it = s.labels.find("instance"); it != s.labels.end()) out.push_back(it->second);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

Prometheus::Prometheus(const TempDir& dir, const std::vector<std::pair<std::string, std::vector<std::string>>>& jobs,
                       const std::string& rule_file)
    : dir_(dir.path()), port_(free_local_port()) {
  std::ostringstream config;
  config << "global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n  evaluation_interval: 1s\n";
  if (!rule_file.empty()) config << "rule_files: ['" << rule_file << "']\n";
  config << "scrape_configs:\n";
  for (const auto& [job, targets] : jobs) {
    config << "  - job_name: " << job << "\n    static_configs:\n      - targets: [";
    for (std::size_t i = 0; i < targets.size(); ++i) config << (i ? ", '" : "'") << targets[i] << "'";
    config << "]\n";
  }
  const std::string file = dir.write("prometheus.yml", config.str());
  process_ = std::make_unique<ChildProcess>(
      std::vector<std::string>{"prometheus", "--config.file=" + file, "--storage.tsdb.path=" + dir.path("data"),
                               "--web.listen-address=127.0.0.1:" + std::to_string(port_)},
      dir.path("prometheus.log"));
}

HttpReply Prometheus::query(const std::string& promql) {
  std::string encoded;
  for (char c : promql) {
    char hex[4];
    std::snprintf(hex, sizeof hex, "%%%02X", static_cast<unsigned char>(c));
    encoded += std::isalnum(static_cast<unsigned char>(c)) || c == '_' ? std::string(1, c) : hex;
  }
  return http_get(port_, "/api/v1/query?query=" + encoded, std::chrono::milliseconds(2000));
}

std::vector<Sample> Prometheus::until_data(const std::string& promql, int seconds) {
  for (int i = 0; i < seconds * 5 && running(); ++i) {
    if (auto s = samples_of(query(promql)); s && !s->empty()) return *s;
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
  }
  return {};
}

std::string Prometheus::log() const { return slurp(dir_ + "/prometheus.log"); }

std::vector<ShippedRule> shipped_rules() {
  std::istringstream in(slurp(std::string(ROCE_SOURCE_DIR) + "/dist/prometheus/roce-doctor.rules.yml"));
  std::vector<ShippedRule> rules;
  bool in_expr = false;
  const auto value_after = [](const std::string& line, const std::string& key) {
    return line.substr(line.find(key) + key.size());
  };
  for (std::string line; std::getline(in, line);) {
    const auto indent = line.find_first_not_of(' ');
    if (line.find("- alert: ") != std::string::npos) {
      rules.push_back({value_after(line, "- alert: "), "", ""});
      in_expr = false;
      continue;
    }
    if (rules.empty() || indent == std::string::npos) continue;
    ShippedRule& rule = rules.back();
    if (line.compare(indent, 6, "expr: ") == 0) {
      const std::string v = value_after(line, "expr: ");
      in_expr = v == "|";
      if (!in_expr) rule.expr = v;
    } else if (in_expr && indent > 8) {
      rule.expr += line.substr(indent) + "\n";
    } else {
      in_expr = false;
      if (line.compare(indent, 5, "for: ") == 0) rule.for_duration = value_after(line, "for: ");
    }
  }
  return rules;
}

std::string shipped_rule_expr(const std::string& alert) {
  for (const auto& r : shipped_rules())
    if (r.alert == alert) return r.expr;
  return "";
}

std::vector<DashboardQuery> dashboard_queries(const std::string& rate_interval) {
  const auto dashboard =
      nlohmann::json::parse(slurp(std::string(ROCE_SOURCE_DIR) + "/dist/grafana/roce-doctor.json"), nullptr, false);
  std::vector<DashboardQuery> out;
  if (dashboard.is_discarded()) return out;
  const auto walk = [&](const nlohmann::json& panels, auto&& self) -> void {
    for (const auto& panel : panels) {
      for (const auto& target : panel.value("targets", nlohmann::json::array())) {
        std::string expr = target.value("expr", "");
        if (expr.empty()) continue;
        for (const auto& [var, value] :
             {std::pair<std::string, std::string>{"$__rate_interval", rate_interval}, {"$instance", ".*"}})
          for (auto p = expr.find(var); p != std::string::npos; p = expr.find(var)) expr.replace(p, var.size(), value);
        out.push_back({panel.value("title", ""), expr});
      }
      if (panel.contains("panels")) self(panel["panels"], self);
    }
  };
  walk(dashboard.value("panels", nlohmann::json::array()), walk);
  return out;
}

}  // namespace roce::test
