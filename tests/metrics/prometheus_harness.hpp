#pragma once
// What the tests of the exporter against the real Prometheus tools share: simulated example hosts,
// `serve` on one of them, a real Prometheus server scraping targets (bounded, stopped by its PID),
// its HTTP API's answers as samples, and the shipped rules' and dashboard's queries as read from
// dist/.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "support/child_process.hpp"
#include "support/http_get.hpp"
#include "support/temp_dir.hpp"

namespace roce::test {

/// Copies examples/sim/NAME.toml into `dir` (the simulator rewrites its file) and returns the
/// --host spec of the copy; `copy` names the copy (default NAME).
std::string sim_host(const std::string& name, const TempDir& dir, const std::string& copy = "");

/// `roce-doctor --host SPEC serve` on 127.0.0.1 at a free port, its output in DIR/LOG.log.
struct Serve {
  Serve(const std::string& host_spec, const TempDir& dir, const std::string& log);
  int port;
  std::string instance;  // 127.0.0.1:PORT, the instance label Prometheus gives its series
  std::unique_ptr<ChildProcess> process;
};

/// One sample of an instant query's answer.
struct Sample {
  std::map<std::string, std::string> labels;
  double value = 0;
};
/// The samples of an instant vector answer (a scalar as one sample without labels); nullopt when
/// the answer is not a success.
std::optional<std::vector<Sample>> samples_of(const HttpReply& reply);
/// The instance labels of the samples, sorted, each once.
std::vector<std::string> instances_of(const std::vector<Sample>& samples);

/// A Prometheus server on 127.0.0.1 scraping `jobs` (job name, its targets) every second, with
/// `rule_file` loaded and evaluated every second when one is given; storage and log in `dir`.
class Prometheus {
 public:
  Prometheus(const TempDir& dir, const std::vector<std::pair<std::string, std::vector<std::string>>>& jobs,
             const std::string& rule_file = "");
  /// A PromQL instant query through the HTTP API.
  HttpReply query(const std::string& promql);
  /// The query's samples once it has any, polled at most `seconds`; empty if it never had.
  std::vector<Sample> until_data(const std::string& promql, int seconds = 20);
  bool running() { return process_->running(); }
  void stop() { process_->stop(); }
  std::string log() const;

 private:
  std::string dir_;
  int port_;
  std::unique_ptr<ChildProcess> process_;
};

/// An alerting rule of dist/prometheus/roce-doctor.rules.yml.
struct ShippedRule {
  std::string alert;
  std::string expr;          // its block's lines joined
  std::string for_duration;  // empty: none
};
std::vector<ShippedRule> shipped_rules();
/// The expr of the shipped rule `alert`, empty if there is none.
std::string shipped_rule_expr(const std::string& alert);

/// A query of the shipped Grafana dashboard (dist/grafana/roce-doctor.json), with Grafana's
/// variables replaced by what they stand for: every host ($instance) and a rate window.
struct DashboardQuery {
  std::string panel;
  std::string expr;
};
std::vector<DashboardQuery> dashboard_queries(const std::string& rate_interval);

}  // namespace roce::test
