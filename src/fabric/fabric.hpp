#pragma once
// The fabric a bandwidth sweep runs over: hosts and their RDMA NICs (rails), the leaf switch port
// each NIC is cabled to, and the leaf-spine links. Plain values, indexed for speed (a fabric of
// 1,024 hosts x 8 rails has 8,192 NIC ports and ~33,000 components), with the components a test's
// traffic crosses. What is not known (a NIC's leaf, the spines) is left empty, never guessed.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roce::fabric {

/// One RDMA NIC port of a host and where its cable goes.
struct Rail {
  std::string device;       // "mlx5_3" (the RDMA device a test runs on)
  std::string netdev;       // "ens3f0np0"; empty when not known
  double line_gbps = 0;     // the port's line rate, Gb/s; 0 when not known
  int leaf = -1;            // index into Fabric::leaves; -1: not known
  std::string leaf_port{};  // "Ethernet12"; empty when not known
  bool operator==(const Rail&) const = default;
};

struct Host {
  std::string name;         // as the scheduler knows it: "gpu007"
  std::vector<Rail> rails;  // rail i is the host's i-th NIC; rail-aligned tests pair rail i with rail i
  bool operator==(const Host&) const = default;
};

/// A leaf-spine link, seen from the leaf.
struct Uplink {
  int leaf = -1;
  int spine = -1;
  std::string leaf_port{}, spine_port{};  // empty when not known
  bool operator==(const Uplink&) const = default;
};

struct Fabric {
  std::vector<Host> hosts;
  std::vector<std::string> leaves;  // switch names
  std::vector<std::string> spines;
  std::vector<Uplink> uplinks;
  std::string built_from;  // "parameters: 64 hosts x 8 rails, rail-optimized, 32 hosts per leaf, 8 spines"
  bool operator==(const Fabric&) const = default;
};

/// The kinds of component a test's traffic crosses, in path order from a host outward.
enum class Kind : std::uint8_t {
  nic,         // the NIC's port: its link as trained (speed, lanes)
  pcie,        // the host's PCIe link to that NIC, and the NIC's DMA: what a loopback test crosses
  cable,       // the cable or optic between the NIC and its leaf port
  leaf_port,   // the leaf switch's port facing that NIC
  spine_link,  // one leaf-spine link (Fabric::uplinks)
};
inline constexpr int kKinds = 5;
const char* to_string(Kind kind);  // "nic", "pcie", "cable", "leaf-port", "spine-link"

/// A host's NIC port, as an index into the flat table of every host's rails (`HostRails`).
using HostRail = std::uint32_t;

/// One component: a host-side one of a host rail, or a spine link by its uplink index.
struct Component {
  Kind kind = Kind::nic;
  std::uint32_t index = 0;  // HostRail for nic, pcie, cable, leaf_port; uplink index for spine_link
  bool operator==(const Component&) const = default;
  auto operator<=>(const Component&) const = default;
};

/// The flat table of every host's rails, so that a host rail is one small number.
class HostRails {
 public:
  explicit HostRails(const Fabric& fabric);
  std::size_t size() const { return host_.size(); }
  int host(HostRail hr) const { return host_[hr]; }
  int rail(HostRail hr) const { return rail_[hr]; }
  /// The host rail of host `h`'s rail `r`; nullopt when there is none.
  std::optional<HostRail> of(int h, int r) const;
  /// Every component of the fabric: four per host rail, then one per uplink.
  std::size_t component_count(const Fabric& fabric) const { return 4 * size() + fabric.uplinks.size(); }
  /// A dense number for a component, below component_count().
  std::uint32_t dense(Component c) const;
  Component component(std::uint32_t dense, const Fabric& fabric) const;

 private:
  std::vector<int> host_, rail_;
  std::vector<std::uint32_t> first_;  // first host rail of each host
};

/// How data crosses a component in a test: leaving the client host, or arriving at the server.
/// A dirty optic or one bad fibre slows one direction only.
enum class Direction : std::uint8_t { out, in, both };

struct Hop {
  Component component;
  Direction direction = Direction::both;
  bool operator==(const Hop&) const = default;
};

/// What a test between two host rails crosses. Loopback (client == server): the PCIe link only (the
/// NIC turns the traffic round inside, before its port: no port, cable or switch). Between leaves the spine
/// a flow takes is chosen by the switches' ECMP hash, which a host cannot see: each candidate
/// spine gives the two spine links of that way (up from the client's leaf, down to the server's).
struct Path {
  std::vector<Hop> fixed;                       // crossed whichever way the flow goes
  std::vector<std::vector<Hop>> spine_choices;  // empty within one leaf or when spines are unknown
  bool operator==(const Path&) const = default;
};

Path path_of(const Fabric& fabric, const HostRails& rails, HostRail client, HostRail server);

/// A component as a person reads it: "gpu007 mlx5_3 NIC port", "gpu007 mlx5_3 PCIe",
/// "cable gpu007 mlx5_3 - leaf-r3-1 Ethernet12", "leaf-r3-1 Ethernet12", "leaf-r3-1 Ethernet64 - spine-2".
std::string name_of(const Fabric& fabric, const HostRails& rails, Component c);
/// "gpu007 mlx5_3".
std::string name_of(const Fabric& fabric, const HostRails& rails, HostRail hr);

}  // namespace roce::fabric
