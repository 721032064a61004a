#pragma once
// A simulated fabric for bandwidth sweeps: the faults it holds and what a test between two NIC
// ports measures through them. A test is limited by the slowest component on its path (as a share
// of line rate), times an efficiency, times run-to-run noise, now and then times a busy host; a
// flow between two leaves takes the spine the switches' ECMP hash picks from its client, server
// and flow, which no host sees. The leaf-spine links are taken as non-blocking: flows that share
// one are not slowed by each other. The simulator knows the faults; a localizer must read only
// what measure() and evidence() (fabric_evidence.hpp) return. Every draw is keyed on the seed and
// the test: the same test gives the same figure in any order and in any process.
#include <cstdint>
#include <optional>
#include <vector>

#include "fabric/fabric.hpp"
#include "fabric/test.hpp"

namespace roce::sim {

/// One degraded component. What each class does to a test (issue 29's physics):
/// - nic (the port trained at part of its speed): every test through it, both directions; not
///   its loopback, which the NIC turns round inside, before the PHY;
/// - pcie (the host's link to the NIC narrower or slower): both directions and its loopback;
/// - cable (a dirty optic, one bad fibre): only the direction of `direction`; not the loopback;
/// - leaf_port: both directions; not the loopback;
/// - spine_link: only flows that ECMP hashes onto it.
struct Fault {
  fabric::Component component;  // its kind is the fault's class
  /// Cables: the bad fibre, `out` from the host to its leaf (tests it sends), `in` from the leaf
  /// to the host (tests it receives), or both. Every other class: both.
  fabric::Direction direction = fabric::Direction::both;
  double share = 0.5;  // what the component still carries, as a share of line rate: (0, 1]
  bool lossy = false;  // lossy: varies from test to test (Physics::lossy_sd); steady: only the usual noise
  bool operator==(const Fault&) const = default;
};

/// The numbers of the physical model.
struct Physics {
  double efficiency = 0.96;                // what a healthy path reaches of line rate (RDMA write, 1 MiB)
  double noise_sd = 0.025;                 // run-to-run noise: normal, relative, cut at 2 sd (+-5%)
  double lossy_sd = 0.08;                  // a lossy fault's spread from test to test, relative to its share
  double busy_host = 0.01;                 // the chance that a test's host is busy (host noise)
  double busy_low = 0.4, busy_high = 0.8;  // what a busy host leaves of the figure
  bool operator==(const Physics&) const = default;
};

class FabricSim {
 public:
  /// `faults` must name components of `fabric`, one fault per component.
  FabricSim(fabric::Fabric fabric, std::vector<Fault> faults, std::uint64_t seed, Physics physics = {});

  const fabric::Fabric& fabric() const { return fabric_; }
  const fabric::HostRails& rails() const { return rails_; }
  const std::vector<Fault>& faults() const { return faults_; }
  std::uint64_t seed() const { return seed_; }
  const Physics& physics() const { return physics_; }

  /// What the test measures, Gb/s (the client's BW average). 0 when a line rate is not known.
  double measure(const fabric::Test& test) const;
  /// The line rate a test is judged against: the slower end's, Gb/s.
  double line_gbps(const fabric::Test& test) const;
  /// The spine the flow of `test` crosses (index into fabric().spines); nullopt when it crosses
  /// none (loopback, one leaf, leaves or spines not known). Hidden from the planner and localizer.
  std::optional<int> spine_of(const fabric::Test& test) const;
  /// The fault on `component`; nullptr when it is healthy.
  const Fault* fault_on(fabric::Component component) const;

 private:
  double capped_share(const fabric::Test& test) const;
  void cap(double& share, const fabric::Test& test, fabric::Component c, fabric::Direction travel) const;
  int leaf_of(fabric::HostRail hr) const;

  fabric::Fabric fabric_;
  fabric::HostRails rails_;
  std::vector<Fault> faults_;
  std::uint64_t seed_;
  Physics physics_;
  std::vector<int> fault_at_;               // dense component -> index into faults_, or -1
  std::vector<std::vector<int>> leaf_ups_;  // per leaf: its uplinks, in uplink order
  std::vector<int> uplink_at_;              // leaf * spines + spine -> uplink, or -1
};

}  // namespace roce::sim
