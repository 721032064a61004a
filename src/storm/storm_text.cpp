// A storm origin's evidence and fixes, as text.
#include "storm/storm_text.hpp"

#include <fmt/format.h>

#include <cmath>

#include "util/time_text.hpp"

namespace roce::storm {
namespace {

// The sum of one counter over bins [first, last], skipping unknown values; nullopt when none is known.
template <class Get>
std::optional<double> total(const PortBins& p, std::size_t first, std::size_t last, Get get) {
  std::optional<double> sum;
  for (std::size_t b = first; b <= last && b < p.bins.size(); ++b) {
    const float v = get(p.bins[b]);
    if (std::isnan(v)) continue;
    sum = sum.value_or(0) + static_cast<double>(v);
  }
  return sum;
}

std::string lane_text(int lane) { return lane == kGlobal ? "802.3x global pause" : "priority " + std::to_string(lane); }

std::string count_text(double v) { return fmt::format("{:.0f}", v); }

}  // namespace

std::vector<std::string> origin_evidence(const PortStates& ps, std::size_t first, std::size_t last,
                                         const std::vector<std::size_t>& origin, Cause cause, int lane,
                                         const Grid& grid) {
  std::vector<std::string> out;
  const double seconds = static_cast<double>((last - first + 1) * static_cast<std::size_t>(grid.width_ms)) / 1000.0;
  for (std::size_t o : origin) {
    const PortBins& p = ps.ports[o];
    double peak = 0;
    for (std::size_t b = first; b <= last && b < ps.states[o].size(); ++b)
      peak = std::max(peak, static_cast<double>(ps.states[o][b].pause_share[lane]));
    std::string line = p.port.text() + ": " + (lane == kGlobal ? "802.3x pause" : lane_text(lane)) + ", up to " +
                       fmt::format("{:.0f}%", peak * 100) + " of a " + util::seconds_text(grid.width_ms / 1000.0) +
                       " bin paused, from " + util::utc_text(grid.bin_start(first), util::UtcForm::date_time) + " UTC";
    // What it received: its own count, else (a port with no counters) what its partner sent it.
    auto rx = total(p, first, last, [](const Moved& m) { return m.rx_bytes; });
    std::string from;
    if (!rx && ps.partner[o]) {
      rx = total(ps.ports[*ps.partner[o]], first, last, [](const Moved& m) { return m.tx_bytes; });
      from = ", as " + ps.ports[*ps.partner[o]].port.text() + " sent it";
    }
    if (rx) {
      const double gbps = *rx * 8 / 1e9 / seconds;
      line += fmt::format("; received {:.1f} Gb/s on average", gbps);
      if (p.line_gbps > 0) line += fmt::format(" ({:.0f}% of its {:.0f} Gb/s)", 100 * gbps / p.line_gbps, p.line_gbps);
      line += from;
    } else if (!p.port.is_switch) {
      line += "; the bytes it received are not in the data";
    }
    out.push_back(line);
    const auto add = [&](const char* what, std::optional<double> v) {
      if (v && *v > 0) out.push_back(p.port.text() + ": " + what + " +" + count_text(*v) + " during the storm");
    };
    add("out_of_buffer (a receive queue had no buffer)",
        total(p, first, last, [](const Moved& m) { return m.out_of_buffer; }));
    add("rx_discards_phy (the port dropped on receive)",
        total(p, first, last, [](const Moved& m) { return m.rx_discards_port; }));
    add("PCIe back-pressure (outbound stalls)", total(p, first, last, [](const Moved& m) { return m.pcie_stalls; }));
    add("ECN-marked packets", total(p, first, last, [](const Moved& m) { return m.ecn_marked; }));
    add("egress discards", total(p, first, last, [](const Moved& m) { return m.tx_discards; }));
    if (cause == Cause::incast) {
      std::size_t pausing = 0;
      for (std::size_t i = 0; i < ps.ports.size(); ++i) {
        if (i == o || !ps.ports[i].port.is_switch || ps.ports[i].port.node != p.port.node) continue;
        for (std::size_t b = first; b <= last && b < ps.states[i].size(); ++b)
          if ((ps.states[i][b].pausing >> lane) & 1u) {
            ++pausing;
            break;
          }
      }
      out.push_back(fmt::format("{}: {} other ports of {} paused their senders while this egress was full",
                                p.port.text(), pausing, p.port.node));
    }
  }
  if (cause == Cause::cycle) {
    std::string ring;
    for (std::size_t o : origin) ring += ps.ports[o].port.text() + " -> ";
    if (!origin.empty()) ring += ps.ports[origin.front()].port.text();
    out.push_back("each waits for the next: " + ring);
  }
  return out;
}

std::vector<std::string> origin_fixes(const PortStates& ps, const std::vector<std::size_t>& origin, Cause cause,
                                      int lane) {
  std::vector<std::string> out;
  if (origin.empty()) return out;
  const std::size_t o = origin.front();
  const PortId& port = ps.ports[o].port;
  const std::string facing = ps.partner[o] ? ps.ports[*ps.partner[o]].port.text() : "";
  const auto pfcwd = [&](const PortId& sw) {
    return "on " + sw.node + ": sudo config pfcwd start --action drop --restoration-time 200 " + sw.port +
           " 200 (the PFC watchdog drops what a stormed queue holds instead of pausing the fabric)";
  };
  switch (cause) {
    case Cause::slow_receiver:
      out.push_back("on " + port.node +
                    ": roce-doctor check, then roce-doctor tune --apply: the receive path (buffer " +
                    "headroom, ECN so that senders slow before PFC, PCIe) of " + port.port);
      if (ps.partner[o]) out.push_back(pfcwd(ps.ports[*ps.partner[o]].port));
      break;
    case Cause::nic_storm:
      out.push_back(
          "scontrol update NodeName=" + port.node + " State=DRAIN Reason=\"roce-doctor storm: " + port.port +
          " pauses while receiving little traffic\" (printed, never run), then reset the NIC or reboot the host");
      out.push_back("on " + port.node + ": ethtool --set-tunable " + port.port +
                    " pfc-prevention-tout 100 (the NIC stops pausing after 100 ms of a stuck queue)");
      if (ps.partner[o]) out.push_back(pfcwd(ps.ports[*ps.partner[o]].port));
      break;
    case Cause::incast:
      out.push_back("on " + port.node + ": ECN marking on the lossless queue of " + port.port +
                    " low enough that senders slow before its buffer pauses them (roce-doctor check --switch shows the "
                    "thresholds and the SONiC patch)");
      out.push_back("spread the traffic that converges on " + (facing.empty() ? port.text() : facing) +
                    " (rail-aligned collectives, NCCL's channels) or let DCQCN react (ECN-NIC, ECN-CNP)");
      break;
    case Cause::cycle: {
      std::string ports;
      for (std::size_t i : origin) ports += (ports.empty() ? "" : ", ") + ps.ports[i].port.text();
      out.push_back(
          "the switch buffers " + ports +
          " wait on each other: a routing loop or non-up-down routing puts flows into a cycle; fix the routes");
      for (std::size_t i : origin)
        if (ps.ports[i].port.is_switch) out.push_back(pfcwd(ps.ports[i].port));
      break;
    }
    case Cause::global_pause:
      out.push_back("on " + port.node + ": ethtool -A " + port.port +
                    " rx off tx off (802.3x pause stops every priority; PFC pauses the lossless ones only)");
      break;
    case Cause::unknown:
      out.push_back("give the counters of " + port.node + "'s other ports (show pfc counters, show queue counters): " +
                    "the egress its " + lane_text(lane) + " buffer waited for is not in the data");
      break;
  }
  return out;
}

}  // namespace roce::storm
