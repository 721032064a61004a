// The input series of dist/prometheus/roce-doctor.rules.test.yml (what `promtool test rules` feeds
// the shipped rules) are what `serve` exports on the simulated example hosts: each test case named
// after a host (`# examples/sim/NAME.toml ...`) holds exactly the series of that host, minute by
// minute, that the rules read and that are not 0 throughout, with their real labels and values;
// every other series there, written by hand, has a name serve exports with serve's label names.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "metrics/prometheus_harness.hpp"
#include "support/files.hpp"
#include "support/paths.hpp"
#include "support/run_binary.hpp"

namespace roce::test {
namespace {

constexpr int kMinutes = 31;  // the values of a series: minutes 0..30

using LabelSet = std::map<std::string, std::string>;
struct Series {
  std::string name;
  LabelSet labels;
  bool operator<(const Series& o) const { return std::tie(name, labels) < std::tie(o.name, o.labels); }
};

// `name{a="x",b="y"}` as a series (promtool's and the exposition's syntax; no escaped quotes here).
Series parse_series(const std::string& text) {
  Series s;
  const auto brace = text.find('{');
  s.name = text.substr(0, brace);
  if (brace == std::string::npos) return s;
  static const std::regex label(R"re(([a-zA-Z_][a-zA-Z0-9_]*)="([^"]*)")re");
  const std::string body = text.substr(brace);
  for (auto it = std::sregex_iterator(body.begin(), body.end(), label); it != std::sregex_iterator(); ++it)
    s.labels[(*it)[1]] = (*it)[2];
  return s;
}

std::string render_series(const Series& s) {
  std::string out = s.name + "{";
  // instance and job first, as Prometheus shows them; the rest in serve's order is not kept: sorted.
  bool first = true;
  const auto add = [&](const std::string& k, const std::string& v) {
    out += (first ? "" : ",") + k + "=\"" + v + "\"";
    first = false;
  };
  for (const char* k : {"instance", "job"})
    if (s.labels.contains(k)) add(k, s.labels.at(k));
  for (const auto& [k, v] : s.labels)
    if (k != "instance" && k != "job") add(k, v);
  return out + "}";
}

std::string number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

// promtool's expanding notation: a counter that grows by floor(rate * t) as its straight line `a+bxN`
// (each value within one of the real one; `axN` when b is 0), else runs of a constant step.
std::string expanding(const std::vector<double>& values) {
  const std::size_t n = values.size();
  if (n >= 2) {
    const double step = std::stod(number((values.back() - values.front()) / double(n - 1)));
    bool straight = true;
    for (std::size_t i = 0; i < n; ++i) straight = straight && std::abs(values[i] - (values[0] + step * i)) <= 1;
    if (straight) return number(values[0]) + (step == 0 ? "" : "+" + number(step)) + "x" + std::to_string(n - 1);
  }
  std::string out;
  for (std::size_t i = 0; i < values.size();) {
    std::size_t j = i;
    const std::string step = i + 1 < values.size() ? number(values[i + 1] - values[i]) : "0";
    while (j + 1 < values.size() && number(values[j + 1] - values[j]) == step) ++j;
    out += (out.empty() ? "" : " ") + number(values[i]);
    out += step == "0" ? "x" + std::to_string(j - i) : "+" + step + "x" + std::to_string(j - i);
    i = j + 1;
  }
  return out;
}

// The families the shipped rules read, but the sweep's end time: serve gives the wall clock, a
// promtool test its own clock from 0, so that series is written by hand there.
std::set<std::string> rule_families() {
  std::set<std::string> out;
  static const std::regex name("roce_doctor_[a-z_]+");
  for (const auto& r : shipped_rules())
    for (auto it = std::sregex_iterator(r.expr.begin(), r.expr.end(), name); it != std::sregex_iterator(); ++it)
      out.insert(it->str());
  out.erase("roce_doctor_last_check_timestamp_seconds");
  return out;
}

struct Scrapes {
  std::map<Series, std::vector<double>> values;              // every series of every family
  std::map<std::string, std::set<std::string>> label_names;  // family -> serve's label names
};

// `metrics --interval 1m` kMinutes times on a copy of the simulated host: serve's exposition at
// each minute of simulated time, labelled as Prometheus labels a scrape of serve on HOSTNAME:9877.
Scrapes scrape_minutes(const std::string& host, const TempDir& dir) {
  Scrapes out;
  const std::string spec = sim_host(host, dir);
  for (int minute = 0; minute < kMinutes; ++minute) {
    const Run r = run("--host " + shell_word(spec) + " metrics --interval 1m");
    REQUIRE(r.exit_code == 0);
    std::istringstream in(r.out);
    std::vector<std::pair<Series, double>> samples;
    std::string hostname;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line[0] == '#') continue;
      const auto space = line.rfind(' ');
      Series s = parse_series(line.substr(0, space));
      if (s.name == "roce_doctor_host_info") hostname = s.labels["hostname"];
      for (const auto& [k, v] : s.labels) out.label_names[s.name].insert(k);
      out.label_names[s.name];  // a family without labels too
      samples.emplace_back(std::move(s), std::stod(line.substr(space + 1)));
    }
    REQUIRE(!hostname.empty());
    for (auto& [s, v] : samples) {
      s.labels["instance"] = hostname + ":9877";
      s.labels["job"] = "roce-doctor";
      out.values[s].push_back(v);
    }
  }
  return out;
}

// The input_series block of a case generated from a host's scrapes, as the test file spells it.
std::string generated_block(const Scrapes& scrapes) {
  const std::set<std::string> families = rule_families();
  std::string out;
  for (const auto& [series, values] : scrapes.values) {
    if (!families.contains(series.name) || values.size() != kMinutes) continue;
    if (std::all_of(values.begin(), values.end(), [](double v) { return v == 0; })) continue;
    out += "      - series: '" + render_series(series) + "'\n        values: '" + expanding(values) + "'\n";
  }
  return out;
}

struct TestCase {
  std::string host;                // examples/sim/HOST.toml, empty for a case written by hand
  std::string generated, by_hand;  // the input_series lines before and after `# by hand`
};

// The cases of the committed test file, in order.
std::vector<TestCase> committed_cases() {
  std::istringstream in(slurp(std::string(ROCE_SOURCE_DIR) + "/dist/prometheus/roce-doctor.rules.test.yml"));
  std::vector<TestCase> cases;
  static const std::regex host_comment(R"(^  # examples/sim/([a-z-]+)\.toml)");
  std::string pending_host;
  bool in_series = false, by_hand = false;
  for (std::string line; std::getline(in, line);) {
    std::smatch m;
    if (std::regex_search(line, m, host_comment)) pending_host = m[1];
    if (line.starts_with("  - interval:")) {
      cases.push_back({pending_host, "", ""});
      pending_host.clear();
      in_series = by_hand = false;
    } else if (line == "    input_series:") {
      in_series = true;
    } else if (line.starts_with("    alert_rule_test:")) {
      in_series = false;
    } else if (in_series && line.find("# by hand") != std::string::npos) {
      by_hand = true;
    } else if (in_series && !cases.empty() && line.find_first_not_of(' ') != std::string::npos &&
               line[line.find_first_not_of(' ')] != '#') {
      (by_hand || cases.back().host.empty() ? cases.back().by_hand : cases.back().generated) += line + "\n";
    }
  }
  return cases;
}

}  // namespace

TEST_CASE("the input series of the shipped rules' promtool test are what serve exports on the simulated hosts") {
  const TempDir dir("metrics-rules-series");
  const auto cases = committed_cases();
  REQUIRE(cases.size() >= 4);
  std::map<std::string, std::set<std::string>> label_names;  // over every host
  std::set<std::string> hosts;
  for (const auto& c : cases) {
    if (c.host.empty()) continue;
    INFO("examples/sim/" << c.host << ".toml");
    hosts.insert(c.host);
    const Scrapes scrapes = scrape_minutes(c.host, dir);
    for (const auto& [family, names] : scrapes.label_names) label_names[family].insert(names.begin(), names.end());
    const std::string expected = generated_block(scrapes);
    if (c.generated != expected) {
      // Unwrapped, to paste under the case's input_series (ctest runs this in the build's tests/metrics).
      const std::string file = std::filesystem::absolute("rules-test-series-" + c.host + ".yml").string();
      std::ofstream(file) << expected;
      FAIL_CHECK("the series of examples/sim/" << c.host << ".toml differ from what serve exports; they are in " << file
                                               << ":\n"
                                               << expected);
    }
  }
  CHECK(hosts == std::set<std::string>{"ecn-off", "healthy", "incast-headroom-small", "trust-pcp"});

  // The series written by hand: a family serve exports (or Prometheus's own `up`), with its labels.
  static const std::regex series_line(R"(- series: '([^']*)')");
  int by_hand = 0;
  for (const auto& c : cases) {
    for (auto it = std::sregex_iterator(c.by_hand.begin(), c.by_hand.end(), series_line); it != std::sregex_iterator();
         ++it, ++by_hand) {
      const Series s = parse_series((*it)[1]);
      INFO((*it)[1]);
      std::set<std::string> names;
      for (const auto& [k, v] : s.labels)
        if (k != "instance" && k != "job") names.insert(k);
      if (s.name == "up") {
        CHECK(names.empty());
        continue;
      }
      REQUIRE(label_names.contains(s.name));
      CHECK(names == label_names.at(s.name));
    }
  }
  CHECK(by_hand >= 5);
}

}  // namespace roce::test
