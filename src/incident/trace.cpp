// Sources read in two passes, each window analysed, the storms together.
#include "incident/trace.hpp"

#include <algorithm>
#include <atomic>
#include <map>
#include <thread>

#include "incident/cables.hpp"
#include "incident/inputs.hpp"
#include "util/exit_codes.hpp"

namespace roce::incident {
namespace {

// Runs job(i) for i in [0, n) on a few threads; each job touches only its own index's data.
template <class Job>
void parallel_for(std::size_t n, Job job) {
  const std::size_t threads = std::min<std::size_t>(n, std::clamp<unsigned>(std::thread::hardware_concurrency(), 1, 4));
  std::atomic<std::size_t> next{0};
  const auto worker = [&] {
    for (std::size_t i; (i = next++) < n;) job(i);
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
}

// A switch port's speed is its cable partner's (one speed per cable), else the speed most of its
// switch's ports have.
void fill_switch_speeds(std::vector<storm::PortSeries>& ports, const std::vector<storm::Cable>& cables) {
  std::map<storm::PortId, double> speed;
  for (const auto& p : ports)
    if (p.line_gbps > 0) speed[p.port] = p.line_gbps;
  std::map<std::string, std::map<double, int>> by_switch;
  for (auto& p : ports) {
    if (p.line_gbps > 0 || !p.port.is_switch) continue;
    for (const auto& c : cables) {
      const storm::PortId* other = c.a == p.port ? &c.b : c.b == p.port ? &c.a : nullptr;
      if (other && speed.count(*other)) p.line_gbps = speed[*other];
    }
    if (p.line_gbps > 0) ++by_switch[p.port.node][p.line_gbps];
  }
  for (auto& p : ports) {
    if (p.line_gbps > 0 || !p.port.is_switch || by_switch[p.port.node].empty()) continue;
    const auto& counts = by_switch[p.port.node];
    p.line_gbps =
        std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
  }
}

std::int64_t usual_interval(const std::vector<SourceScan>& scans) {
  std::vector<std::int64_t> steps;
  for (const auto& s : scans)
    if (s.interval_ms > 0) steps.push_back(s.interval_ms);
  if (steps.empty()) return 1000;
  std::nth_element(steps.begin(), steps.begin() + steps.size() / 2, steps.end());
  return std::max<std::int64_t>(1000, steps[steps.size() / 2]);
}

}  // namespace

Result<Traced> trace_storms(const Request& request) {
  auto found = sources_of(request.paths, request.switch_paths, request.switch_name);
  if (!found) return {std::move(found.error()), kExitInputError};
  Sources in = std::move(*found);
  if (request.prometheus) in.sources.push_back(prometheus_source(*request.prometheus));
  Traced out;
  out.sources = in.sources.size();
  std::vector<std::string> notes = std::move(in.notes);

  // Pass 1.
  ScanOptions scan_options;
  scan_options.bin_ms = request.bin_ms.value_or(1000);
  scan_options.join_ms = 60 * scan_options.bin_ms;
  scan_options.since_ms = request.since_ms;
  scan_options.until_ms = request.until_ms;
  std::vector<SourceScan> scans(in.sources.size());
  std::vector<std::vector<std::string>> source_notes(in.sources.size());
  parallel_for(in.sources.size(),
               [&](std::size_t i) { scans[i] = in.sources[i]->scan(scan_options, source_notes[i]); });
  for (std::size_t i = 0; i < in.sources.size(); ++i) {
    if (const Error* e = in.sources[i]->failure()) return {*e, kExitInputError};
    for (auto& n : source_notes[i]) notes.push_back(std::move(n));
    out.pause_counters = out.pause_counters || scans[i].pause_counters;
  }

  storm::AnalyzeOptions analyze;
  analyze.bin_ms = request.bin_ms.value_or(usual_interval(scans));
  analyze.max_skew_ms = request.max_skew_ms;
  WindowOptions wo;
  wo.margin_ms = 30 * analyze.bin_ms;
  wo.max_window_ms = 900 * analyze.bin_ms;
  wo.budget_port_samples = request.budget_port_samples;
  wo.since_ms = request.since_ms;
  wo.until_ms = request.until_ms;
  WindowPlan plan = plan_windows(scans, wo);
  for (auto& n : plan.notes) notes.push_back(std::move(n));
  out.windows = plan.windows.size();

  // Pass 2.
  std::int64_t pad = 2 * analyze.bin_ms;
  for (const auto& s : scans) pad = std::max(pad, s.interval_ms + analyze.bin_ms);
  std::vector<WindowSeries> series(in.sources.size(), WindowSeries(plan.windows.size()));
  std::vector<std::vector<std::string>> read_notes(in.sources.size());
  parallel_for(in.sources.size(), [&](std::size_t i) {
    std::vector<bool> mine(plan.windows.size(), false);
    bool any = false;
    for (std::size_t w = 0; w < plan.windows.size(); ++w) {
      const auto& srcs = plan.windows[w].sources;
      mine[w] = std::find(srcs.begin(), srcs.end(), i) != srcs.end();
      any = any || mine[w];
    }
    if (any) in.sources[i]->read(plan.windows, mine, pad, series[i], read_notes[i]);
  });
  for (auto& rn : read_notes)
    for (auto& n : rn) notes.push_back(std::move(n));

  // Cables, from every source's configuration and LLDP.
  std::vector<HostSide> hosts;
  std::vector<model::Switch> switches;
  std::vector<storm::PortId> host_ports;
  for (const auto& s : in.sources) {
    if (s->host()) hosts.push_back({s->host(), s->host_lldp()});
    if (s->switch_model()) switches.push_back(*s->switch_model());
  }
  for (const auto& per_source : series)
    for (const auto& w : per_source)
      for (const auto& p : w)
        if (!p.port.is_switch) host_ports.push_back(p.port);
  std::sort(host_ports.begin(), host_ports.end());
  host_ports.erase(std::unique(host_ports.begin(), host_ports.end()), host_ports.end());
  out.fabric.cables = incident_cables(hosts, std::move(switches), host_ports);

  // Each window analysed on its own; the storms together.
  out.analysis.grid.width_ms = analyze.bin_ms;
  std::map<storm::PortId, bool> seen;
  for (std::size_t w = 0; w < plan.windows.size(); ++w) {
    storm::Incident incident;
    for (auto& per_source : series)
      for (auto& p : per_source[w]) incident.ports.push_back(std::move(p));
    incident.cables = out.fabric.cables;
    fill_switch_speeds(incident.ports, incident.cables);
    for (const auto& p : incident.ports)
      if (seen.emplace(p.port, true).second) out.fabric.ports.push_back({p.port, p.source, p.line_gbps, {}});
    storm::Analysis a = storm::analyze(incident, analyze);
    if (w == 0) out.analysis.grid = a.grid;
    for (auto& s : a.storms) out.analysis.storms.push_back(std::move(s));
    for (auto& n : a.notes) notes.push_back(std::move(n));
  }
  out.analysis.ports = out.fabric.ports.size();
  out.analysis.cables = out.fabric.cables.size();
  out.analysis.notes = notes;
  out.fabric.notes = std::move(notes);
  return out;
}

}  // namespace roce::incident
