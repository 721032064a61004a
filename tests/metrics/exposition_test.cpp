// The Prometheus exposition of a sweep: curated series in base units, check gauges, and unknown
// values left out (named by roce_doctor_data_missing), on the ConnectX-6 Dx example hosts.
#include "metrics/exposition.hpp"

#include <catch2/catch.hpp>

#include <set>
#include <sstream>

#include "checks/registry.hpp"
#include "examples/cx6dx_example.hpp"
#include "profile/profile.hpp"

namespace roce::test {
namespace {

using examples::Cx6dx;

std::string sweep(const model::Host& before, const model::Host& now) {
  const auto profile = profile::default_profile();
  const engine::Context ctx(now, &before, 60, profile);
  const auto results = checks::run_checks(ctx);
  return metrics::render_exposition(ctx, results, {.finished_unix_seconds = 1700000000.5, .duration_seconds = 0.25});
}

std::string sweep(Cx6dx kind) { return sweep(examples::cx6dx_sample(kind, 0), examples::cx6dx_sample(kind, 1)); }

// The sample lines (not comments) whose text starts with `prefix`.
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (line.starts_with(prefix)) out.push_back(line);
  return out;
}

constexpr const char* kPort = R"(device="mlx5_0",port="1",netdev="ens1f0np0")";

}  // namespace

TEST_CASE("PFC pause time is exported in seconds, frames as counters, per priority and direction") {
  const auto host = examples::cx6dx_sample(Cx6dx::healthy, 1);
  const auto& stats = *host.netdev("ens1f0np0")->ethtool_stats;
  const std::string text = sweep(Cx6dx::healthy);
  const std::string port = kPort;
  CHECK(lines_starting(text, "roce_doctor_pfc_pause_frames_total{" + port + ",priority=\"3\",direction=\"rx\"} ") ==
        std::vector<std::string>{"roce_doctor_pfc_pause_frames_total{" + port + ",priority=\"3\",direction=\"rx\"} " +
                                 std::to_string(*stats.get("rx_prio3_pause"))});
  const auto seconds =
      lines_starting(text, "roce_doctor_pfc_pause_seconds_total{" + port + ",priority=\"3\",direction=\"tx\"} ");
  REQUIRE(seconds.size() == 1);
  const double value = std::stod(seconds[0].substr(seconds[0].rfind(' ') + 1));
  CHECK(value == Approx(double(*stats.get("tx_prio3_pause_duration")) / 1e6));
  CHECK(lines_starting(text, "# TYPE roce_doctor_pfc_pause_seconds_total counter").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_link_speed_bytes_per_second{" + port + "} ") ==
        std::vector<std::string>{"roce_doctor_link_speed_bytes_per_second{" + port + "} 1.25e+10"});
}

TEST_CASE("PFC is exported per priority with the per-priority counters' labels, for the lossless-drop rule's join") {
  const std::string text = sweep(Cx6dx::healthy);
  const std::string port = kPort;
  CHECK(lines_starting(text, "roce_doctor_pfc_enabled{" + port + ",priority=\"3\"} ") ==
        std::vector<std::string>{"roce_doctor_pfc_enabled{" + port + ",priority=\"3\"} 1"});
  CHECK(lines_starting(text, "roce_doctor_pfc_enabled{" + port + ",priority=\"0\"} ") ==
        std::vector<std::string>{"roce_doctor_pfc_enabled{" + port + ",priority=\"0\"} 0"});
  CHECK(lines_starting(text, "roce_doctor_pfc_enabled{").size() == 8);
  CHECK(lines_starting(text, "roce_doctor_priority_rx_discards_total{" + port + ",priority=\"3\"} ").size() == 1);
}

TEST_CASE("every check judged on the port has a severity gauge: ECN off is critical, the rest of the host ok") {
  const std::string text = sweep(Cx6dx::ecn_off);
  const std::string port = kPort;
  CHECK(lines_starting(text, "roce_doctor_check_severity{" + port + ",check=\"ECN-NIC\"} ") ==
        std::vector<std::string>{"roce_doctor_check_severity{" + port + ",check=\"ECN-NIC\"} 2"});
  CHECK(lines_starting(text, "roce_doctor_check_severity{" + port + ",check=\"LINK-STATE\"} 0").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_check_evaluated{check=\"ECN-NIC\"} 1").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_last_check_timestamp_seconds 1700000000.5").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_sweep_duration_seconds 0.25").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_sample_interval_seconds 60").size() == 1);

  const std::string healthy = sweep(Cx6dx::healthy);
  CHECK(lines_starting(healthy, "roce_doctor_check_severity{" + port + ",check=\"ECN-NIC\"} 0").size() == 1);
  for (const auto& line : lines_starting(healthy, "roce_doctor_check_severity{")) CHECK(line.ends_with(" 0"));
}

TEST_CASE("a value that is unknown is left out and named by roce_doctor_data_missing, never exported as 0") {
  auto before = examples::cx6dx_sample(Cx6dx::healthy, 0);
  auto now = examples::cx6dx_sample(Cx6dx::healthy, 1);
  for (auto* h : {&before, &now}) {
    auto& n = h->netdevs.back();
    REQUIRE(n.name == "ens1f0np0");
    n.dcb.pfc = model::Field<model::Pfc>::missing(model::Availability::unsupported, "dcbnl: Operation not supported");
    auto& e = n.ethtool_stats->entries;
    std::erase_if(e, [](const auto& entry) { return entry.first == "rx_prio3_pause"; });
  }
  const std::string text = sweep(before, now);
  const std::string port = kPort;
  CHECK(lines_starting(text, "roce_doctor_pfc_info{").empty());
  CHECK(lines_starting(text, "roce_doctor_pfc_enabled{").empty());
  CHECK(lines_starting(text, "roce_doctor_data_missing{" + port + ",data=\"pfc\",reason=\"unsupported\"} 1").size() ==
        1);
  CHECK(
      lines_starting(text, "roce_doctor_pfc_pause_frames_total{" + port + ",priority=\"3\",direction=\"rx\"}").empty());
  CHECK(
      lines_starting(text, "roce_doctor_pfc_pause_frames_total{" + port + ",priority=\"3\",direction=\"tx\"}").size() ==
      1);
  // PFC-LOSSLESS cannot judge the port without PFC: no gauge for it there.
  CHECK(lines_starting(text, "roce_doctor_check_severity{" + port + ",check=\"PFC-LOSSLESS\"}").empty());
}

TEST_CASE("one sample: the rate checks are reported as not evaluated and have no severity gauge") {
  const auto now = examples::cx6dx_sample(Cx6dx::ecn_off, 1);
  const auto profile = profile::default_profile();
  const engine::Context ctx(now, nullptr, 0, profile);
  const auto results = checks::run_checks(ctx);
  const std::string text = metrics::render_exposition(ctx, results, {});
  CHECK(lines_starting(text, "roce_doctor_check_evaluated{check=\"PAUSE-STORM\"} 0").size() == 1);
  CHECK(lines_starting(text, "roce_doctor_check_severity{" + std::string(kPort) + ",check=\"PAUSE-STORM\"}").empty());
  CHECK(lines_starting(text, "roce_doctor_sample_interval_seconds").empty());
}

TEST_CASE("the exposition groups each family under one HELP and TYPE and stays under ~100 series per port") {
  const std::string text = sweep(Cx6dx::healthy);
  std::set<std::string> typed;
  std::string current;
  std::size_t samples = 0;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with("# TYPE ")) {
      const std::string name = line.substr(7, line.find(' ', 7) - 7);
      CHECK(typed.insert(name).second);  // a family appears once
      current = name;
      continue;
    }
    if (line.starts_with("#")) continue;
    ++samples;
    CHECK(line.starts_with(current));  // every sample under its own family
  }
  CHECK(samples <= 145);  // one port, host-wide series included (one evaluated gauge per catalog check)
}

TEST_CASE("label values escape backslash, double quote and newline; values read back exactly") {
  CHECK(metrics::escape_label_value("a\"b\\c\nd") == "a\\\"b\\\\c\\nd");
  CHECK(metrics::escape_label_value("gpu-n\xf6"
                                    "de") ==
        "gpu-n\xef\xbf\xbd"
        "de");  // the format is UTF-8
  CHECK(metrics::format_value(0.25) == "0.25");
  CHECK(metrics::format_value(1e-06) == "1e-06");
  CHECK(metrics::format_value(1.0 / 0.0) == "+Inf");
  metrics::Family family{"x_total", "counter", "help"};
  metrics::Exposition e({&family, 1});
  e.add("x_total", {{"a", "q\""}, {"empty", ""}}, std::uint64_t{18446744073709551615u});
  CHECK(e.render() == "# HELP x_total help\n# TYPE x_total counter\nx_total{a=\"q\\\"\"} 18446744073709551615\n");
}

}  // namespace roce::test
