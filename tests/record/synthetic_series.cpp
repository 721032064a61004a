#include "synthetic_series.hpp"

#include <string>

#include "examples/cx6dx_example.hpp"
#include "record/host_counters.hpp"

namespace roce::test {
namespace {

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (auto at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

void rename_provenance(model::Provenance& p, const std::string& from, const std::string& to) {
  p.locator = replace_all(p.locator, from, to);
}

}  // namespace

model::Host mlx5_host(int ports) {
  const model::Host example = examples::cx6dx_sample(examples::Cx6dx::healthy, 0);
  model::Host host = example;
  host.netdevs.clear();
  host.rdma_devices.clear();
  const model::NetDev& nic = *example.netdev("ens1f0np0");
  for (int p = 0; p < ports; ++p) {
    model::NetDev n = nic;
    n.name = "ens" + std::to_string(p + 1) + "f0np0";
    rename_provenance(n.ethtool_stats.from, "ens1f0np0", n.name);
    if (n.ifindex.value) *n.ifindex.value += static_cast<std::uint32_t>(p);
    auto& entries = n.ethtool_stats.value->entries;
    for (int q = 0; q < 24; ++q) {
      const std::string rx = "rx" + std::to_string(q) + "_";
      for (const char* c :
           {"packets", "bytes", "csum_complete", "csum_unnecessary", "csum_none", "xdp_drop", "lro_packets",
            "removed_vlan_packets", "wqe_err", "cache_reuse", "cache_full", "congst_umr", "arfs_err", "recover"})
        entries.emplace_back(rx + c, 0);
      const std::string tx = "tx" + std::to_string(q) + "_";
      for (const char* c : {"packets", "bytes", "tso_packets", "tso_bytes", "nop", "stopped", "dropped"})
        entries.emplace_back(tx + c, 0);
    }
    host.netdevs.push_back(std::move(n));
  }
  for (int p = 0; p < ports; ++p) {
    model::RdmaDevice d = example.rdma_devices.front();
    d.name = "mlx5_" + std::to_string(p);
    host.rdma_devices.push_back(std::move(d));
  }
  return host;
}

std::uint64_t TrafficModel::next() {
  state_ ^= state_ >> 12;
  state_ ^= state_ << 25;
  state_ ^= state_ >> 27;
  return state_ * 2685821657736338717ULL;
}

void TrafficModel::advance(model::Host& host, std::int64_t step_ms) {
  host.time_unix_ms += step_ms + static_cast<std::int64_t>(next() % 3);
  host.monotonic_ns += step_ms * 1'000'000 + static_cast<std::int64_t>(next() % 2'000'000);
  const double seconds = static_cast<double>(step_ms) / 1000.0;
  const auto grow = [&](std::uint64_t& v, double per_second) {
    if (per_second <= 0) return;
    v += static_cast<std::uint64_t>(per_second * seconds * (0.7 + 0.6 * uniform()));
  };
  // Rate of a counter by what its name counts, on a port carrying `load` of line rate.
  const auto rate = [](const std::string& name, double load) -> double {
    const bool queue = (name[0] == 'r' || name[0] == 't') && name[2] >= '0' && name[2] <= '9';
    if (queue) {
      const int q = std::stoi(name.substr(2));
      if (q >= 8) return 0;  // the other channels stay quiet
      load /= 8;
      if (name.find("csum_none") != std::string::npos || name.find("err") != std::string::npos) return 0;
    }
    if (name.find("pause_duration") != std::string::npos)
      return name.find("prio3") != std::string::npos ? 1900 * load : 0;
    if (name.find("pause") != std::string::npos) return name.find("prio3") != std::string::npos ? 12 * load : 0;
    if (name.find("bytes") != std::string::npos) return 1.1e10 * load;
    if (name.find("packets") != std::string::npos || name.find("csum_unnecessary") != std::string::npos ||
        name.find("csum_complete") != std::string::npos)
      return 2.6e6 * load;
    if (name.find("ecn") != std::string::npos || name.find("cnp") != std::string::npos) return 2410 * load;
    if (name.find("cache_reuse") != std::string::npos) return 1.5e5 * load;
    return 0;
  };
  for (std::size_t p = 0; p < host.netdevs.size(); ++p) {
    const double load = p < host.netdevs.size() / 2 ? 0.85 : 0.001;
    auto& n = host.netdevs[p];
    for (auto& [name, value] : n.ethtool_stats.value->entries) grow(value, rate(name, load));
    if (n.stats.value) {
      grow(n.stats.value->rx_bytes, 1.1e10 * load);
      grow(n.stats.value->tx_bytes, 1.1e10 * load);
      grow(n.stats.value->rx_packets, 2.6e6 * load);
      grow(n.stats.value->tx_packets, 2.6e6 * load);
      grow(n.stats.value->multicast, 2 * load);
    }
    if (n.dcb.pfc.value) {
      grow(n.dcb.pfc.value->requests[3], 7 * load);
      grow(n.dcb.pfc.value->indications[3], 12 * load);
    }
    if (n.qdiscs.value)
      for (auto& q : *n.qdiscs.value)
        if (q.stats) {
          grow(q.stats->bytes, 3e4 * load);
          grow(q.stats->packets, 300 * load);
        }
    if (p < host.rdma_devices.size())
      for (auto& port : host.rdma_devices[p].ports)
        for (auto* set : {&port.counters, &port.hw_counters})
          if (set->value)
            for (auto& [name, value] : set->value->entries) {
              if (name.find("data") != std::string::npos)
                grow(value, 2.7e9 * load);
              else if (name.find("packets") != std::string::npos)
                grow(value, 2.6e6 * load);
              else
                grow(value, rate(name, load));
            }
  }
}

std::vector<model::Host> mlx5_series(int ports, int count, std::uint64_t seed) {
  std::vector<model::Host> series;
  series.reserve(static_cast<std::size_t>(count));
  model::Host host = mlx5_host(ports);
  TrafficModel traffic(seed);
  for (int i = 0; i < count; ++i) {
    traffic.advance(host);
    series.push_back(host);
  }
  return series;
}

std::size_t counter_count(const model::Host& host) { return record::split_sample(host).values.size(); }

}  // namespace roce::test
