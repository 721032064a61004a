#pragma once
// A discrete-time fluid model of lossless queues on a simulated fabric. Each step (1 us by default)
// every egress port serves its priority queues that its peer has not paused, each queue's flows in
// proportion to their bytes in it (FIFO mixing), at the port's line rate; the bytes arrive at the
// peer: a switch ingress priority group (which holds them until they leave by the flow's next egress
// port) or a host's receive buffer (drained at the host's receive rate). A switch PG above its
// dynamic threshold sends PFC XOFF to its peer, refreshes it every half pause quantum while above,
// and XON below threshold - xon gap; a host NIC does the same on its receive buffer (802.3x global
// pause on the whole buffer for a host configured so). A paused egress sends nothing on that
// priority (every priority for global pause) from the next step. Bytes beyond a PG's headroom or a
// host's buffer are dropped and counted. Switch egress queues mark ECN by RED on their depth.
//
// Time is compressed between changes: after a flow or fault starts or ends, the model runs in
// chunks (1 ms) until two chunks agree (the queues have settled into their steady pattern) and then
// extends the last chunk's rates to the next change. What the counters say per second (who paused
// whom, for how long, traffic, marks, drops) is kept; the sub-millisecond order of events inside a
// steady pattern is not, and a process slower than the settle budget (40 chunks) is cut short.
#include <cstdint>
#include <vector>

#include "sim/lossless_buffers.hpp"
#include "sim/lossless_counters.hpp"
#include "sim/lossless_fabric.hpp"
#include "sim/lossless_traffic.hpp"

namespace roce::sim {

struct SimClock {
  double dt_us = 1;
  double chunk_us = 1000;
  int max_settle_chunks = 40;
  double steady_tolerance = 0.03;  // relative change between two chunks that still counts as settled
};

struct SwitchBufferSettings {
  SwitchPool pool;
  double lossy_queue_bytes = 2e6;  // what a lossy queue holds before it tail-drops
};

/// Receives the run as stretches of time over which every counter moved linearly. Rows are
/// port_count() x slot::kCount, port-major.
class CounterSink {
 public:
  virtual ~CounterSink() = default;
  virtual void stretch(double t0_us, const std::vector<double>& at_t0, double t1_us,
                       const std::vector<double>& at_t1) = 0;
};

class LosslessSim {
 public:
  LosslessSim(const Fabric& fabric, const Traffic& traffic, const SimClock& clock = {},
              const SwitchBufferSettings& buffers = {});

  /// Runs up to `until_s` of simulated time, handing each stretch to `sink` (may be null).
  void run_until(double until_s, CounterSink* sink);
  /// Exactly `steps` steps of dt, no compression (for tests).
  void step(long steps = 1);

  double now_us() const { return now_us_; }
  const Fabric& fabric() const { return fabric_; }
  int port_count() const { return static_cast<int>(ports_.size()); }
  int port_index(int node, int port) const { return first_port_[node] + port; }
  const std::vector<double>& counters() const { return counters_; }
  double counter(int node, int port, int slot) const {
    return counters_[static_cast<std::size_t>(port_index(node, port)) * slot::kCount + slot];
  }

  double queue_bytes(int node, int port, int prio) const;  // egress queue of the port
  double held_bytes(int node, int port, int prio) const;   // switch: ingress PG; host: receive buffer
  bool pausing(int node, int port, int prio) const;        // asks its peer to stop (prio -1: 802.3x)
  bool paused(int node, int port, int prio) const;         // stopped by its peer on prio
  const NicBuffer& nic_buffer_of(int node, int port) const { return ports_[port_index(node, port)].nic; }
  const SwitchPgBuffer& pg_buffer_of(int node, int port) const { return ports_[port_index(node, port)].pg; }
  /// The dynamic threshold of a switch's PGs now: alpha * (pool - what the switch holds).
  double pg_threshold(int switch_node) const;

  /// From `us` on, remember when each port first sent a pause and was first paused.
  void watch_from(double us);
  double first_pausing_us(int gp) const { return first_pausing_[gp]; }  // -1: never since watch_from
  double first_paused_us(int gp) const { return first_paused_[gp]; }

 private:
  struct Port {
    int node = 0, peer = -1;
    bool is_switch = false;
    double bytes_per_us = 0, refresh_us = 0;
    std::uint8_t pfc = 0;       // bit p: honours and sends PFC on p
    bool global_pause = false;  // honours (switch side) or sends (host side) 802.3x pause
    NicBuffer nic;              // hosts
    SwitchPgBuffer pg;          // switches
    EcnProfile ecn;             // switch egress
  };
  struct HopState {
    int queue = -1;  // egress queue index (port * 8 + prio) the bytes wait in
    int pg = -1;     // switch ingress PG index holding them (-1: the source host's send queue)
    int next = -1;   // next hop, or -1: delivered to `rx` (the destination's receive buffer)
    int rx = -1;
    int flow = -1;
    int node = -1;
    double bytes = 0, marked = 0;
  };
  struct FlowState {
    int first_hop = -1, src_port = -1, dst_port = -1;
    double bytes_per_us = 0, start_us = 0, end_us = 0;
  };
  struct Chunk {
    double moved = 0, frames = 0, paused = 0, held = 0;
  };

  void build(const Traffic& traffic);
  void one_step();
  struct PauseLane {
    std::uint8_t* xoff;
    double* next_refresh;
    int tx_frames, rx_frames, rx_transitions, tx_us, rx_us;  // counter slots
    bool peer_honours;
  };
  void pause_step(int gp, const PauseLane& lane, bool want);
  void update_pauses(int gp, int prio, bool want);
  void update_global_pause(int gp, bool want);
  void apply_faults();
  Chunk chunk_summary(const std::vector<double>& before) const;
  double& c(int gp, int s) { return counters_[static_cast<std::size_t>(gp) * slot::kCount + s]; }

  Fabric fabric_;
  SimClock clock_;
  SwitchBufferSettings buffers_;
  std::vector<Fault> faults_;
  std::vector<int> first_port_;
  std::vector<Port> ports_;
  std::vector<HopState> hops_;
  std::vector<FlowState> flows_;
  std::vector<double> events_us_;
  std::uint8_t used_prios_ = 0;

  double now_us_ = 0, watch_from_us_ = 0;
  std::vector<double> counters_;
  // Per port * 8 + prio.
  std::vector<double> queue_, held_, rxbuf_, next_refresh_, served_fraction_, arrivals_pg_, departed_pg_, admit_ratio_;
  std::vector<std::uint8_t> xoff_;
  // Per port.
  std::vector<std::uint8_t> gxoff_, storm_;
  std::vector<double> g_next_refresh_, rx_share_, step_arrived_, first_pausing_, first_paused_;
  std::vector<int> fault_ports_;
  std::vector<SlowCause> slow_cause_;
  std::vector<std::uint8_t> slow_;
  // Per node.
  std::vector<double> node_held_;
  // Per hop.
  std::vector<double> arriving_, arriving_marked_;
};

}  // namespace roce::sim
