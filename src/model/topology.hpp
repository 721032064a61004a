#pragma once
// The GPU–NIC topology of a host: its GPUs and RDMA NICs, the PCIe path of each up to its root
// complex with every link's current and maximum width and speed, NUMA nodes, and the distance of
// each GPU–NIC pair in nvidia-smi's vocabulary (PIX/PXB/PHB/NODE/SYS). Plain data, no I/O.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/field.hpp"

namespace roce::model {

/// How far apart a GPU and a NIC are, as `nvidia-smi topo -m` names it, nearest first. NCCL uses
/// GPUDirect RDMA by default only up to `pxb`.
enum class PciDistance { pix, pxb, phb, node, sys };

/// "PIX", "PXB", "PHB", "NODE", "SYS".
const char* to_string(PciDistance d);
/// The distance named by `text` (case-insensitive), nullopt for anything else.
std::optional<PciDistance> pci_distance_from(std::string_view text);

/// One PCI function on a device's path: a bridge port or the device itself, with the link that
/// leads up from it. Unknown values are nullopt, never zero.
struct PcieHop {
  std::string address{};                       // "0000:16:00.0"
  std::optional<std::string> current_speed{};  // "16.0 GT/s PCIe" as sysfs prints it
  std::optional<std::string> max_speed{};
  std::optional<std::uint32_t> current_width{};  // lanes
  std::optional<std::uint32_t> max_width{};
  bool operator==(const PcieHop&) const = default;
};

/// A GPU or an RDMA NIC.
struct TopoDevice {
  std::string name{};         // "GPU0", "mlx5_0"
  std::string pci_address{};  // "0000:18:00.0"; empty when the source does not say
  std::string vendor{};       // "0x10de"; empty when unknown
  std::optional<int> numa_node{};
  std::string root{};           // the root complex, "pci0000:15"; empty when unknown
  std::vector<PcieHop> path{};  // below the root complex, root port first, the device last
  bool operator==(const TopoDevice&) const = default;
};

/// One GPU–NIC pair and how far apart they are.
struct GpuNicPair {
  std::string gpu{};  // TopoDevice::name
  std::string nic{};
  PciDistance distance = PciDistance::sys;
  bool operator==(const GpuNicPair&) const = default;
};

/// Everything known of the host's GPU–NIC topology and where it was read.
struct Topology {
  std::vector<TopoDevice> gpus;
  std::vector<TopoDevice> nics;
  std::vector<GpuNicPair> pairs;  // every GPU with every NIC the source relates
  /// Whether the source shows PCIe link widths and speeds (sysfs, NCCL XML) or not (nvidia-smi).
  bool has_links = false;
  Provenance from;  // {"sysfs", "/sys"}, {"nvidia-smi topo -m", "nvidia_smi_topo_m.txt"}, ...
  /// What the reader says of the source besides its devices: "topo.xml:57: the dump is cut ...".
  std::vector<std::string> notices{};
  bool operator==(const Topology&) const = default;

  /// The pair of `gpu` and `nic`, or null.
  const GpuNicPair* pair(std::string_view gpu, std::string_view nic) const;
  /// The device named `name` among GPUs and NICs, or null.
  const TopoDevice* device(std::string_view name) const;
};

}  // namespace roce::model
