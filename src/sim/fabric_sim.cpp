// What a test measures on the simulated fabric.
#include "sim/fabric_sim.hpp"

#include <algorithm>

#include "sim/fabric_draws.hpp"

namespace roce::sim {

using fabric::Component;
using fabric::Direction;
using fabric::HostRail;
using fabric::Kind;

FabricSim::FabricSim(fabric::Fabric fabric, std::vector<Fault> faults, std::uint64_t seed, Physics physics)
    : fabric_(std::move(fabric)),
      rails_(fabric_),
      faults_(std::move(faults)),
      seed_(seed),
      physics_(physics),
      fault_at_(rails_.component_count(fabric_), -1),
      leaf_ups_(fabric_.leaves.size()),
      uplink_at_(fabric_.leaves.size() * fabric_.spines.size(), -1) {
  for (std::size_t i = 0; i < faults_.size(); ++i) {
    const std::uint32_t dense = rails_.dense(faults_[i].component);
    if (dense < fault_at_.size()) fault_at_[dense] = static_cast<int>(i);
  }
  for (std::size_t u = 0; u < fabric_.uplinks.size(); ++u) {
    const auto& link = fabric_.uplinks[u];
    if (link.leaf < 0 || link.leaf >= static_cast<int>(fabric_.leaves.size()) || link.spine < 0 ||
        link.spine >= static_cast<int>(fabric_.spines.size()))
      continue;
    leaf_ups_[link.leaf].push_back(static_cast<int>(u));
    int& at = uplink_at_[link.leaf * fabric_.spines.size() + link.spine];
    if (at < 0) at = static_cast<int>(u);
  }
}

const Fault* FabricSim::fault_on(Component component) const {
  const std::uint32_t dense = rails_.dense(component);
  if (dense >= fault_at_.size() || fault_at_[dense] < 0) return nullptr;
  return &faults_[fault_at_[dense]];
}

int FabricSim::leaf_of(HostRail hr) const { return fabric_.hosts[rails_.host(hr)].rails[rails_.rail(hr)].leaf; }

double FabricSim::line_gbps(const fabric::Test& test) const {
  const auto rate = [&](HostRail hr) { return fabric_.hosts[rails_.host(hr)].rails[rails_.rail(hr)].line_gbps; };
  return std::min(rate(test.client), rate(test.server));
}

std::optional<int> FabricSim::spine_of(const fabric::Test& test) const {
  if (test.loopback()) return std::nullopt;
  const int a = leaf_of(test.client), b = leaf_of(test.server);
  if (a < 0 || b < 0 || a == b) return std::nullopt;
  // The spines both leaves reach, in the order of a's uplinks (as fabric::path_of lists them).
  const auto reaches_b = [&](int up) { return uplink_at_[b * fabric_.spines.size() + fabric_.uplinks[up].spine] >= 0; };
  const auto& ups = leaf_ups_[a];
  const auto total = static_cast<std::uint64_t>(std::count_if(ups.begin(), ups.end(), reaches_b));
  if (total == 0) return std::nullopt;
  std::uint64_t pick =
      Draws(key_of({seed_, static_cast<std::uint64_t>(Stream::ecmp), test.client, test.server, test.flow}))
          .below(total);
  for (int up : ups)
    if (reaches_b(up) && pick-- == 0) return fabric_.uplinks[up].spine;
  return std::nullopt;
}

void FabricSim::cap(double& share, const fabric::Test& test, Component c, Direction travel) const {
  const Fault* f = fault_on(c);
  if (!f || (f->direction != Direction::both && f->direction != travel)) return;
  double carried = f->share;
  if (f->lossy) {
    Draws d(key_of({seed_, static_cast<std::uint64_t>(Stream::lossy), test.id, test.client, test.server, test.flow,
                    rails_.dense(c)}));
    carried *= 1.0 + physics_.lossy_sd * d.normal();
  }
  share = std::min(share, std::clamp(carried, std::min(0.01, f->share), 1.0));
}

double FabricSim::capped_share(const fabric::Test& test) const {
  double share = 1.0;
  if (test.loopback()) {  // the NIC turns it round inside: its PCIe only
    cap(share, test, {Kind::pcie, test.client}, Direction::both);
    return share;
  }
  for (Kind k : {Kind::nic, Kind::pcie, Kind::cable, Kind::leaf_port}) {
    cap(share, test, {k, test.client}, Direction::out);
    cap(share, test, {k, test.server}, Direction::in);
  }
  if (const auto spine = spine_of(test)) {
    const std::size_t spines = fabric_.spines.size();
    const int up = uplink_at_[leaf_of(test.client) * spines + *spine];
    const int down = uplink_at_[leaf_of(test.server) * spines + *spine];
    cap(share, test, {Kind::spine_link, static_cast<std::uint32_t>(up)}, Direction::out);
    cap(share, test, {Kind::spine_link, static_cast<std::uint32_t>(down)}, Direction::in);
  }
  return share;
}

double FabricSim::measure(const fabric::Test& test) const {
  const double line = line_gbps(test);
  if (!(line > 0)) return 0;
  Draws noise(key_of({seed_, static_cast<std::uint64_t>(Stream::noise), test.id, test.client, test.server, test.flow}));
  const double jitter = std::clamp(physics_.noise_sd * noise.normal(), -2 * physics_.noise_sd, 2 * physics_.noise_sd);
  Draws busy(key_of({seed_, static_cast<std::uint64_t>(Stream::busy), test.id, test.client, test.server, test.flow}));
  const double host = busy.chance(physics_.busy_host) ? busy.uniform(physics_.busy_low, physics_.busy_high) : 1.0;
  return line * capped_share(test) * physics_.efficiency * (1.0 + jitter) * host;
}

}  // namespace roce::sim
