// Host samples as pause fingerprints (pass 1) and as the windows' port series (pass 2).
#include "incident/host_series.hpp"

#include "incident/scan_builder.hpp"

namespace roce::incident {

std::uint64_t HostSeriesReader::fingerprint(const model::Host& sample, std::size_t& ports) {
  counters_.pause_sums(sample, sums_);
  ports = sums_.size();
  std::uint64_t fp = 0;
  for (std::uint64_t v : sums_) fp = fingerprint_add(fp, v);
  return fp;
}

void HostSeriesReader::add(const model::Host& sample, const std::vector<Window>& windows, const std::vector<bool>& mine,
                           std::int64_t pad_ms, WindowSeries& out) {
  windows_near(windows, sample.time_unix_ms, pad_ms, near_);
  bool wanted = false;
  for (std::size_t w : near_) wanted = wanted || mine[w];
  if (!wanted) return;
  const auto& ports = counters_.ports(sample);
  counters_.read(sample, values_);
  for (std::size_t w : near_) {
    if (!mine[w]) continue;
    for (std::size_t p = 0; p < ports.size(); ++p) {
      const auto [it, added] = at_.try_emplace({w, ports[p].id}, out[w].size());
      if (added) out[w].push_back({ports[p].id, source_, ports[p].line_gbps, {}});
      storm::PortSeries& s = out[w][it->second];
      if (s.line_gbps <= 0) s.line_gbps = ports[p].line_gbps;
      s.samples.push_back({sample.time_unix_ms, values_[p]});
    }
  }
}

model::Host configuration_of(const model::Host& host) {
  model::Host c = host;
  for (auto& nd : c.netdevs) nd.ethtool_stats = {};
  for (auto& d : c.rdma_devices)
    for (auto& p : d.ports) p.counters = p.hw_counters = {};
  return c;
}

}  // namespace roce::incident
