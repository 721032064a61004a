// A Prometheus server's `serve` series as port series.
#include "incident/prometheus_source.hpp"

#include <fmt/format.h>
#include <cmath>

#include <algorithm>
#include <map>
#include <set>

#include "incident/http_get.hpp"
#include "incident/prometheus_json.hpp"
#include "incident/scan_builder.hpp"

namespace roce::incident {
namespace {

constexpr const char* kPauseFamilies[] = {"roce_doctor_pfc_pause_frames_total", "roce_doctor_pfc_pause_seconds_total",
                                          "roce_doctor_pause_frames_total"};
constexpr const char* kAllSeries =
    "roce_doctor_pfc_pause_frames_total|roce_doctor_pfc_pause_seconds_total|roce_doctor_pause_frames_total|"
    "roce_doctor_priority_rx_discards_total|roce_doctor_priority_rx_buffer_discards_total|"
    "roce_doctor_port_discards_total|roce_doctor_rx_out_of_buffer_total|roce_doctor_roce_out_of_buffer_total|"
    "roce_doctor_roce_ecn_marked_packets_total|roce_doctor_port_ecn_marked_packets_total|"
    "roce_doctor_roce_cnp_sent_total|roce_doctor_roce_cnp_handled_total|roce_doctor_port_bytes_total|"
    "roce_doctor_link_speed_bytes_per_second";

std::string seconds(std::int64_t ms) { return fmt::format("{:.3f}", static_cast<double>(ms) / 1000.0); }

std::string label(const PromSeries& s, const char* name) {
  const auto it = s.labels.find(name);
  return it == s.labels.end() ? "" : it->second;
}

std::string regex_quote(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (std::string_view(".^$|?*+()[]{}\\").find(c) != std::string_view::npos) out += "\\\\";
    if (c == '"') out += '\\';
    out += c;
  }
  return out;
}

void put(std::optional<std::uint64_t>& into, double v, bool larger = false, bool sum = false) {
  const auto n = static_cast<std::uint64_t>(std::llround(std::max(0.0, v)));
  if (!into)
    into = n;
  else if (larger)
    into = std::max(*into, n);
  else if (sum)
    *into += n;
}

// One series' value at one scrape into the port's counters.
void apply(const PromSeries& s, double v, storm::Counters& c, double& line_gbps) {
  const std::string name = label(s, "__name__"), direction = label(s, "direction");
  const bool tx = direction == "tx";
  int prio = -1;
  if (const std::string p = label(s, "priority"); p.size() == 1 && p[0] >= '0' && p[0] <= '7') prio = p[0] - '0';
  if (name == "roce_doctor_pfc_pause_frames_total" && prio >= 0) put((tx ? c.tx_pause : c.rx_pause)[prio], v);
  if (name == "roce_doctor_pfc_pause_seconds_total" && prio >= 0)
    put((tx ? c.tx_pause_us : c.rx_pause_us)[prio], v * 1e6);
  if (name == "roce_doctor_pause_frames_total") put(tx ? c.global_tx_pause : c.global_rx_pause, v);
  if ((name == "roce_doctor_priority_rx_discards_total" || name == "roce_doctor_priority_rx_buffer_discards_total") &&
      prio >= 0)
    put(c.rx_discards[prio], v, true);
  if (name == "roce_doctor_port_discards_total") put(tx ? c.tx_discards : c.rx_discards_port, v);
  if (name == "roce_doctor_rx_out_of_buffer_total" || name == "roce_doctor_roce_out_of_buffer_total")
    put(c.out_of_buffer, v, false, true);
  if (name == "roce_doctor_roce_ecn_marked_packets_total" || name == "roce_doctor_port_ecn_marked_packets_total")
    put(c.ecn_marked, v);
  if (name == "roce_doctor_roce_cnp_sent_total") put(c.cnp_sent, v);
  if (name == "roce_doctor_roce_cnp_handled_total") put(c.cnp_handled, v);
  if (name == "roce_doctor_port_bytes_total") put(tx ? c.tx_bytes : c.rx_bytes, v);
  if (name == "roce_doctor_link_speed_bytes_per_second" && v > 0) line_gbps = v * 8 / 1e9;
}

class PrometheusSource : public Source {
 public:
  explicit PrometheusSource(PrometheusQuery q) : q_(std::move(q)) {
    while (q_.url.ends_with("/")) q_.url.pop_back();
  }

  SourceScan scan(const ScanOptions& options, std::vector<std::string>& notes) override {
    ScanBuilder builder("prometheus " + url_for_messages(q_.url), options);
    SourceScan scan = builder.finish();
    scan.first_ms = q_.since_ms;
    scan.last_ms = q_.until_ms;
    scan.interval_ms = options.bin_ms;
    const std::int64_t span = std::max<std::int64_t>(q_.until_ms - q_.since_ms, 1000);
    const std::int64_t step = std::max<std::int64_t>(15'000, (span / 10'000 + 999) / 1000 * 1000);
    // Host names.
    auto info = range("roce_doctor_host_info", step, notes);
    if (!info) {
      failure_ = info.error();
      return scan;
    }
    for (const auto& s : *info)
      if (!label(s, "hostname").empty()) hostnames_[label(s, "instance")] = label(s, "hostname");
    // When each port's pause counters changed; also whether any port has them. One query per family:
    // changes() drops the metric's name, and two families' series would then collide.
    std::set<std::string> ports;
    for (const char* family : kPauseFamilies) {
      const std::string moved = fmt::format("sum by (instance, netdev) (changes({}[{}s]))", family, 2 * step / 1000);
      auto changes = range(moved, step, notes);
      if (!changes) return scan;
      for (const auto& s : *changes) {
        scan.pause_counters = true;
        ports.insert(label(s, "instance") + " " + label(s, "netdev"));
        for (const auto& [t, v] : s.points) {
          ++scan.samples;
          if (v > 0) {
            scan.active.push_back({t - 2 * step, t});
            active_.push_back({{t - 2 * step, t}, label(s, "instance")});
          }
        }
      }
    }
    std::sort(scan.active.begin(), scan.active.end(),
              [](const Interval& a, const Interval& b) { return a.from_ms < b.from_ms; });
    std::vector<Interval> joined;
    for (const auto& a : scan.active) add_interval(joined, a, options.join_ms);
    scan.active = std::move(joined);
    scan.ports = ports.size();
    return scan;
  }

  void read(const std::vector<Window>& windows, const std::vector<bool>& mine, std::int64_t pad_ms, WindowSeries& out,
            std::vector<std::string>& notes) override {
    for (std::size_t w = 0; w < windows.size(); ++w) {
      if (!mine[w]) continue;
      const std::int64_t from = windows[w].span.from_ms - pad_ms, to = windows[w].span.to_ms + pad_ms;
      std::set<std::string> instances;
      for (const auto& [when, instance] : active_)
        if (when.to_ms >= from - 60'000 && when.from_ms <= to + 60'000) instances.insert(instance);
      std::string pick;
      for (const auto& i : instances) pick += (pick.empty() ? "" : "|") + regex_quote(i);
      const std::string query = fmt::format("{{__name__=~\"{}\"{}}}[{}ms]", kAllSeries,
                                            pick.empty() ? "" : ",instance=~\"" + pick + "\"", to - from);
      auto series = instant(query, to, notes);
      if (!series) continue;
      // Per port, its counters at each scrape.
      std::map<std::pair<std::string, std::string>, std::map<std::int64_t, storm::Counters>> at;
      std::map<std::pair<std::string, std::string>, double> speed;
      for (const auto& s : *series) {
        const auto key = std::make_pair(label(s, "instance"), label(s, "netdev"));
        if (key.second.empty()) continue;
        double gbps = 0;
        for (const auto& [t, v] : s.points) apply(s, v, at[key][t], gbps);
        if (gbps > 0) speed[key] = gbps;
      }
      for (auto& [key, samples] : at) {
        const auto host = hostnames_.count(key.first) ? hostnames_[key.first] : key.first;
        storm::PortSeries ps{{host, key.second, false}, "prometheus " + url_for_messages(q_.url), speed[key], {}};
        for (auto& [t, c] : samples) ps.samples.push_back({t, std::move(c)});
        out[w].push_back(std::move(ps));
      }
    }
  }

 private:
  Expected<std::vector<PromSeries>> get(const std::string& path, std::vector<std::string>& notes) {
    const std::string url = q_.url + path;
    auto answer = http_get(url);
    if (!answer) {
      notes.push_back(answer.error().message);
      return fail(std::move(answer.error()));
    }
    auto series = parse_prometheus_matrix(answer->body, "GET " + url_for_messages(url));
    if (!series) {
      notes.push_back(series.error().message +
                      (answer->status != 200 ? " (HTTP " + std::to_string(answer->status) + ")" : ""));
      return fail(std::move(series.error()));
    }
    return series;
  }
  Expected<std::vector<PromSeries>> range(const std::string& query, std::int64_t step,
                                          std::vector<std::string>& notes) {
    return get("/api/v1/query_range?query=" + url_encode(query) + "&start=" + seconds(q_.since_ms) +
                   "&end=" + seconds(q_.until_ms) + "&step=" + seconds(step),
               notes);
  }
  Expected<std::vector<PromSeries>> instant(const std::string& query, std::int64_t at,
                                            std::vector<std::string>& notes) {
    return get("/api/v1/query?query=" + url_encode(query) + "&time=" + seconds(at), notes);
  }

  const Error* failure() const override { return failure_ ? &*failure_ : nullptr; }

  PrometheusQuery q_;
  std::optional<Error> failure_;
  std::map<std::string, std::string> hostnames_;
  std::vector<std::pair<Interval, std::string>> active_;  // when, which instance
};

}  // namespace

std::unique_ptr<Source> prometheus_source(PrometheusQuery query) {
  return std::make_unique<PrometheusSource>(std::move(query));
}

}  // namespace roce::incident
