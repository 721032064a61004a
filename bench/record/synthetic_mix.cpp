#include "synthetic_mix.hpp"

#include <cstdio>

namespace bench {
namespace {

using roce::model::Field;

// Counter names shaped like mlx5's: global names first, then per-priority, then per-queue groups.
std::vector<std::string> mlx5_like_names(int count) {
  std::vector<std::string> names = {"rx_packets",
                                    "rx_bytes",
                                    "tx_packets",
                                    "tx_bytes",
                                    "rx_vport_unicast_packets",
                                    "rx_vport_unicast_bytes",
                                    "tx_vport_unicast_packets",
                                    "tx_vport_unicast_bytes",
                                    "rx_vport_rdma_unicast_packets",
                                    "rx_vport_rdma_unicast_bytes",
                                    "tx_vport_rdma_unicast_packets",
                                    "tx_vport_rdma_unicast_bytes",
                                    "rx_out_of_buffer",
                                    "rx_discards_phy",
                                    "rx_crc_errors_phy",
                                    "rx_symbol_err_phy",
                                    "tx_pause_storm_warning_events",
                                    "tx_pause_storm_error_events",
                                    "rx_ecn_mark"};
  for (int p = 0; p < 8 && static_cast<int>(names.size()) < count; ++p)
    for (const char* f : {"rx_prio%d_bytes", "rx_prio%d_packets", "tx_prio%d_bytes", "tx_prio%d_packets",
                          "rx_prio%d_pause", "rx_prio%d_pause_duration", "tx_prio%d_pause", "tx_prio%d_pause_duration",
                          "rx_prio%d_discards", "rx_prio%d_buf_discard"}) {
      char b[64];
      std::snprintf(b, sizeof b, f, p);
      names.emplace_back(b);
    }
  for (int q = 0; static_cast<int>(names.size()) < count; ++q)
    for (const char* f : {"rx%d_packets", "rx%d_bytes", "rx%d_csum_complete", "rx%d_csum_none", "rx%d_xdp_drop",
                          "rx%d_wqe_err", "rx%d_buff_alloc_err", "rx%d_cache_reuse", "tx%d_packets", "tx%d_bytes",
                          "tx%d_nop", "tx%d_stopped", "tx%d_wake", "tx%d_dropped", "tx%d_xmit_more"}) {
      if (static_cast<int>(names.size()) >= count) break;
      char b[64];
      std::snprintf(b, sizeof b, f, q);
      names.emplace_back(b);
    }
  names.resize(count);
  return names;
}

bool is_traffic(const std::string& n) { return n.ends_with("_bytes") || n.ends_with("_packets"); }
bool is_bursty(const std::string& n) {
  return n.find("pause") != std::string::npos || n.find("discard") != std::string::npos ||
         n.find("out_of_buffer") != std::string::npos || n.find("ecn") != std::string::npos;
}

}  // namespace

SyntheticMix::SyntheticMix(int ports, int counters, std::uint64_t seed) : rng_(seed) {
  host_.hostname = "gpu-node-07";
  host_.kernel_release = "6.8.0-45-generic";
  host_.from = {"bench", "synthetic mlx5 mix"};
  const auto names = mlx5_like_names(counters);
  int traffic_budget = counters / 10;  // about 10% of the counters move with traffic
  for (int p = 0; p < ports; ++p) {
    roce::model::NetDev nd;
    nd.name = "ens" + std::to_string(p) + "np0";
    nd.mtu = Field<std::uint32_t>::of(9000, {"rtnetlink", nd.name + " IFLA_MTU"});
    nd.operstate = Field<std::string>::of("up", {"rtnetlink", nd.name + " IFLA_OPERSTATE"});
    nd.driver = Field<roce::model::DriverInfo>::of({"mlx5_core", "6.8.0", "28.39.1002", "0000:1a:00.0"},
                                                   {"ethtool-ioctl", nd.name + " ETHTOOL_GDRVINFO"});
    roce::model::CounterSet set;
    std::vector<Kind> kinds;
    int traffic = 0;
    for (const auto& n : names) {
      Kind k = Kind::constant;
      if (is_bursty(n) && !n.ends_with("_bytes") && !n.ends_with("_packets"))
        k = Kind::bursty;
      else if (is_traffic(n) && traffic < traffic_budget)
        k = Kind::traffic, ++traffic;
      kinds.push_back(k);
      // Constant counters hold what a long-running host shows: mostly 0, some fixed history.
      const std::uint64_t start = k == Kind::constant ? (rng_() % 4 == 0 ? rng_() % 100000 : 0) : rng_() % 1000000000;
      set.entries.emplace_back(n, start);
    }
    nd.ethtool_stats =
        Field<roce::model::CounterSet>::of(std::move(set), {"ethtool-ioctl", nd.name + " ETHTOOL_GSTATS"});
    host_.netdevs.push_back(std::move(nd));
    kinds_.push_back(std::move(kinds));
  }
  host_.time_unix_ms = 1795900000000;
  host_.monotonic_ns = 1000000000;
}

const roce::model::Host& SyntheticMix::next() {
  if (samples_ > 0) {
    host_.time_unix_ms += 1000;
    host_.monotonic_ns += 1000000000 + static_cast<std::int64_t>(rng_() % 200000);  // a little jitter
    // A burst of pauses/discards about every 10 minutes, lasting about 30 s.
    if (burst_left_ > 0)
      --burst_left_;
    else if (rng_() % 600 == 0)
      burst_left_ = 20 + static_cast<int>(rng_() % 20);
    const double load = 0.6 + 0.3 * ((samples_ / 300) % 3) / 2.0;  // drifts every 5 min
    for (std::size_t p = 0; p < host_.netdevs.size(); ++p) {
      auto& entries = host_.netdevs[p].ethtool_stats->entries;
      for (std::size_t c = 0; c < entries.size(); ++c) {
        auto& v = entries[c].second;
        switch (kinds_[p][c]) {
          case Kind::traffic: {
            const bool bytes = entries[c].first.ends_with("_bytes");
            const double mean = bytes ? 12.5e9 * load / 10 : 12.5e9 * load / 10 / 4096;
            v += static_cast<std::uint64_t>(mean * (0.9 + 0.2 * static_cast<double>(rng_() % 1000) / 1000.0));
            break;
          }
          case Kind::bursty:
            if (burst_left_ > 0 && rng_() % 3 == 0) v += rng_() % 5000;
            break;
          case Kind::constant: break;
        }
      }
    }
  }
  ++samples_;
  return host_;
}

void SyntheticMix::append_text_log(std::string& out) const {
  char line[160];
  std::snprintf(line, sizeof line, "=== %lld\n", static_cast<long long>(host_.time_unix_ms / 1000));
  out += line;
  for (const auto& nd : host_.netdevs) {
    out += "# ethtool -S " + nd.name + "\nNIC statistics:\n";
    for (const auto& [name, value] : nd.ethtool_stats->entries) {
      std::snprintf(line, sizeof line, "     %s: %llu\n", name.c_str(), static_cast<unsigned long long>(value));
      out += line;
    }
  }
}

}  // namespace bench
