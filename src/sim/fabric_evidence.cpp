// The findings a site's captures and exports would show of the simulated fabric.
#include "sim/fabric_evidence.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "sim/fabric_draws.hpp"

namespace roce::sim {
namespace {

using fabric::Component;
using fabric::Direction;
using fabric::Kind;

// Which finding a draw decides: each its own stream, so that adding switch exports leaves what the
// host captures show as it was.
enum class Sight : std::uint64_t { host = 1, host_false, switch_side, switch_false };

class Findings {
 public:
  Findings(const FabricSim& sim, const Visibility& visibility) : sim_(sim), v_(visibility) {}

  bool seen(Component c, Sight sight, double p) const {
    return Draws(key_of({sim_.seed(), static_cast<std::uint64_t>(Stream::evidence), sim_.rails().dense(c),
                         static_cast<std::uint64_t>(sight)}))
        .chance(p);
  }

  std::string port_of(fabric::HostRail hr) const {
    const auto& host = sim_.fabric().hosts[sim_.rails().host(hr)];
    const auto& rail = host.rails[sim_.rails().rail(hr)];
    return host.name + " " + (rail.netdev.empty() ? rail.device : rail.netdev);
  }
  const fabric::Rail& rail_of(fabric::HostRail hr) const {
    return sim_.fabric().hosts[sim_.rails().host(hr)].rails[sim_.rails().rail(hr)];
  }
  std::string switch_port_of(fabric::HostRail hr) const {
    const auto& rail = rail_of(hr);
    const std::string leaf = rail.leaf < 0 ? std::string("its switch") : sim_.fabric().leaves[rail.leaf];
    return leaf + (rail.leaf_port.empty() ? "" : " " + rail.leaf_port) + " (to " + port_of(hr) + ")";
  }
  std::string uplink_port_of(std::uint32_t u) const {
    const auto& link = sim_.fabric().uplinks[u];
    return sim_.fabric().leaves[link.leaf] + (link.leaf_port.empty() ? "" : " " + link.leaf_port) + " (to " +
           sim_.fabric().spines[link.spine] + ")";
  }

  void add(Component c, const char* check, std::string text, int severity) {
    out_.push_back({c, check, std::move(text), severity});
  }

  std::vector<fabric::Evidence> take() {
    const auto& rails = sim_.rails();
    std::stable_sort(out_.begin(), out_.end(), [&](const fabric::Evidence& a, const fabric::Evidence& b) {
      return std::tuple(rails.dense(a.component), a.check_id) < std::tuple(rails.dense(b.component), b.check_id);
    });
    out_.erase(std::unique(out_.begin(), out_.end(),
                           [](const fabric::Evidence& a, const fabric::Evidence& b) {
                             return a.component == b.component && a.check_id == b.check_id;
                           }),
               out_.end());
    return std::move(out_);
  }

  const FabricSim& sim_;
  const Visibility& v_;
  std::vector<fabric::Evidence> out_;
};

std::string gbps_text(double gbps) { return std::to_string(static_cast<long>(std::lround(gbps))) + " Gb/s"; }

void host_side(Findings& f, Component c, const Fault* fault, const EvidenceSources& sources) {
  const auto hr = c.index;
  const Visibility& v = f.v_;
  const double line = f.rail_of(hr).line_gbps;
  switch (c.kind) {
    case Kind::nic:
      if (fault && sources.host_captures && f.seen(c, Sight::host, v.link_speed))
        f.add(c, "LINK-SPEED",
              f.port_of(hr) + ": " + gbps_text(line * fault->share) + ", both ends advertise " + gbps_text(line), 2);
      break;
    case Kind::pcie:
      if (fault && sources.host_captures && f.seen(c, Sight::host, v.pcie_link))
        f.add(c, "PCIE-LINK",
              f.port_of(hr) + ": PCIe link at x8 of x16 (" + gbps_text(line * fault->share) + " usable)", 2);
      break;
    case Kind::cable: {
      const bool to_host = fault && fault->direction != Direction::out;
      const bool to_switch = fault && fault->direction != Direction::in;
      if (sources.host_captures &&
          (to_host ? f.seen(c, Sight::host, v.signal) : !fault && f.seen(c, Sight::host_false, v.false_signal)))
        f.add(c, "LINK-SIGNAL", f.port_of(hr) + ": FEC corrected blocks and symbol errors rising on receive", 1);
      if (to_switch && sources.switch_exports && f.seen(c, Sight::switch_side, v.signal))
        f.add({Kind::leaf_port, hr}, "XSW-COUNTERS", f.switch_port_of(hr) + ": FEC errors and input errors rising", 1);
      break;
    }
    case Kind::leaf_port:
      if (sources.switch_exports &&
          (fault ? f.seen(c, Sight::switch_side, v.switch_port) : f.seen(c, Sight::switch_false, v.false_switch)))
        f.add(c, "XSW-COUNTERS", f.switch_port_of(hr) + ": input errors and discards rising", 1);
      break;
    case Kind::spine_link: break;
  }
}

}  // namespace

std::vector<fabric::Evidence> evidence(const FabricSim& sim, const EvidenceSources& sources,
                                       const Visibility& visibility) {
  Findings f(sim, visibility);
  const auto& rails = sim.rails();
  const auto count = static_cast<std::uint32_t>(rails.component_count(sim.fabric()));
  for (std::uint32_t dense = 0; dense < count; ++dense) {
    const Component c = rails.component(dense, sim.fabric());
    const Fault* fault = sim.fault_on(c);
    if (c.kind != Kind::spine_link) {
      host_side(f, c, fault, sources);
    } else if (sources.switch_exports && (fault ? f.seen(c, Sight::switch_side, visibility.switch_port)
                                                : f.seen(c, Sight::switch_false, visibility.false_switch))) {
      f.add(c, "XSW-COUNTERS", f.uplink_port_of(c.index) + ": FEC errors and input errors rising", 1);
    }
  }
  return f.take();
}

}  // namespace roce::sim
