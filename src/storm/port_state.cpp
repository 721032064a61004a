// Each port's pausing, paused and congested flags per bin, from its own counters and its partner's.
#include "storm/port_state.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace roce::storm {
namespace {

bool has(float v) { return !std::isnan(v); }
float value(float v) { return has(v) ? v : 0.0f; }

// The seconds one pause frame stops its partner for: full quanta, 65535 x 512 bit times.
double seconds_per_frame(double gbps) { return 65535.0 * 512.0 / (gbps * 1e9); }

// The share of a bin that pauses sent (`tx`) or received on one lane cover: the duration counter
// when there is one, else the frames times a frame's pause.
double share_of(float us, float frames, double bin_s, double gbps) {
  if (has(us)) return std::min(1.0, static_cast<double>(us) * 1e-6 / bin_s);
  if (has(frames)) return std::min(1.0, static_cast<double>(frames) * seconds_per_frame(gbps) / bin_s);
  return 0;
}

}  // namespace

PortStates port_states(std::vector<PortBins> ports, const std::vector<Cable>& cables, std::int64_t bin_ms,
                       const StateOptions& options) {
  PortStates out;
  out.ports = std::move(ports);
  const std::size_t n = out.ports.size();
  std::map<PortId, std::size_t> index;
  for (std::size_t i = 0; i < n; ++i) index.emplace(out.ports[i].port, i);
  out.partner.assign(n, std::nullopt);
  for (const auto& c : cables) {
    const auto a = index.find(c.a), b = index.find(c.b);
    if (a != index.end() && b != index.end()) {
      out.partner[a->second] = b->second;
      out.partner[b->second] = a->second;
    }
  }
  const double bin_s = static_cast<double>(bin_ms) / 1000.0;
  out.states.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    const PortBins& me = out.ports[i];
    const double gbps = me.line_gbps > 0 ? me.line_gbps : options.default_gbps;
    out.states[i].resize(me.bins.size());
    for (std::size_t b = 0; b < me.bins.size(); ++b) {
      const Moved& m = me.bins[b];
      State& s = out.states[i][b];
      s.known = m.known;
      if (!m.known) continue;
      for (int lane = 0; lane < kLanes; ++lane) {
        const bool global = lane == kGlobal;
        const double sent = global ? share_of(NAN, m.global_tx_pause, bin_s, gbps)
                                   : share_of(m.tx_pause_us[lane], m.tx_pause[lane], bin_s, gbps);
        double got = global ? share_of(NAN, m.global_rx_pause, bin_s, gbps)
                            : share_of(m.rx_pause_us[lane], m.rx_pause[lane], bin_s, gbps);
        if (!global && value(m.pfcwd_storms[lane]) > 0) got = std::max(got, options.pfcwd_share);
        if (sent >= options.pause_share) s.pausing |= static_cast<std::uint16_t>(1u << lane);
        if (got >= options.pause_share) s.paused |= static_cast<std::uint16_t>(1u << lane);
        s.pause_share[lane] = static_cast<float>(std::max(sent, got));
      }
      const double line_bytes = gbps * 1e9 / 8 * bin_s;
      s.receiving = value(m.rx_bytes) >= options.busy_share * line_bytes;
      s.rx_known = has(m.rx_bytes);
      float discards = value(m.rx_discards_port) + value(m.tx_discards) + value(m.out_of_buffer);
      for (float d : m.rx_discards) discards += value(d);
      s.congested =
          discards > 0 || value(m.ecn_marked) > 0 || value(m.tx_bytes) >= options.congested_share * line_bytes;
    }
  }
  // A port is paused by what its partner sends, and pausing what its partner receives: fill in
  // each side from the other where its own counters say less (a switch counts frames only).
  for (std::size_t i = 0; i < n; ++i) {
    if (!out.partner[i]) continue;
    const std::size_t j = *out.partner[i];
    for (std::size_t b = 0; b < out.states[i].size() && b < out.states[j].size(); ++b) {
      State& me = out.states[i][b];
      const State& other = out.states[j][b];
      if (!other.known) continue;
      me.paused |= other.pausing;
      me.pausing |= other.paused;
      // What one end sent the other received: the same share of the bin.
      for (int lane = 0; lane < kLanes; ++lane)
        me.pause_share[lane] = std::max(me.pause_share[lane], other.pause_share[lane]);
      if (!me.known) {
        // No counters of its own in this bin: what it received is what its partner sent.
        me.known = true;
        const float sent = out.ports[j].bins[b].tx_bytes;
        const double gbps = out.ports[i].line_gbps > 0 ? out.ports[i].line_gbps : options.default_gbps;
        me.rx_known = has(sent);
        me.receiving = value(sent) >= options.busy_share * gbps * 1e9 / 8 * bin_s;
      }
    }
  }
  return out;
}

}  // namespace roce::storm
