#pragma once
// The simulated host's model file (examples/sim/README.md documents every key): per port its
// configuration, the load offered to it, and the state the simulator keeps (clock, counters).
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "model/dcb.hpp"
#include "util/expected.hpp"

namespace roce::sim {

/// One class of traffic offered to a port: RoCE packets received with this DSCP and PCP.
struct LoadClass {
  std::uint8_t dscp = 26;
  std::uint8_t pcp = 0;
  double gbps = 0;           // offered, aggregate of every sender
  std::uint32_t incast = 1;  // senders converging on this port at once
  std::uint32_t message_bytes = 65536;
  bool operator==(const LoadClass&) const = default;
};

struct SimPort {
  std::string netdev;  // "ens1f0np0"
  std::string rdma;    // "mlx5_0"
  std::string driver = "mlx5_core";
  std::uint32_t speed_mbps = 100000;
  std::uint32_t cable_m = 7;  // the real cable (the headroom the port needs follows it)
  std::uint32_t mtu = 1500;
  // Configuration (what the tuner writes).
  std::string trust = "pcp";                       // "pcp" | "dscp"
  std::map<std::uint8_t, std::uint8_t> dscp_prio;  // DSCP -> priority overrides of mlx5's dscp>>3
  // DSCP values without an APP entry although trust is dscp: mlx5 lists all 64 when trust becomes
  // dscp, only the added ones when the first DSCP entry turned trust on, and drops deleted ones.
  std::set<std::uint8_t> dscp_unlisted;
  std::optional<std::vector<std::uint8_t>> apptrust;  // modelled only when the file has it
  std::uint8_t pfc_en = 0;                            // bit p: PFC on priority p
  std::uint16_t pfc_delay = 7;                        // mlx5: the cable length the driver assumes, metres
  model::Buffer buffer;
  model::Ets ets;
  std::uint8_t ecn_np = 0, ecn_rp = 0;  // bit p: DCQCN notification / reaction point on priority p
  std::vector<LoadClass> load;
  // State: counters by their mlx5 name (ethtool -S and hw_counters share one namespace here).
  std::map<std::string, std::uint64_t> counters;
  bool operator==(const SimPort&) const = default;
};

struct SimModel {
  std::string hostname = "sim-host";
  std::string kernel = "6.1.0-sim";
  std::int64_t start_unix_ms = 1764400000000;  // the wall clock at simulated time 0
  std::vector<SimPort> ports;
  std::uint64_t clock_ns = 0;  // simulated time elapsed ([state] clock_ns)
  bool operator==(const SimModel&) const = default;

  SimPort* port(std::string_view netdev) {
    for (auto& p : ports)
      if (p.netdev == netdev) return &p;
    return nullptr;
  }
};

/// Parses a model file's text; every error is FILE:LINE:COL: message.
Expected<SimModel> parse_sim_model(std::string_view text, const std::string& file);
/// The model as TOML that parse_sim_model reads back equal.
std::string render_sim_model(const SimModel& model);

/// The priority a class lands on: trust dscp -> the DSCP map (mlx5 default dscp>>3), else its PCP.
int classify(const SimPort& port, const LoadClass& load);

/// The DSCP entries of the kernel's APP table, as mlx5 keeps them: with trust dscp each listed DSCP
/// at its priority, with trust pcp none.
std::vector<model::AppEntry> dscp_app_table(const SimPort& port);

}  // namespace roce::sim
