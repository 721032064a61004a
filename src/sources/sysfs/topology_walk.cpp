// Reads GPUs, RDMA NICs and their PCIe paths from sysfs.
#include "sources/sysfs/topology_walk.hpp"

#include <algorithm>
#include <cstdlib>
#include <regex>

#include "model/pci_distance.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::sysfs {
namespace {

bool is_bdf(const std::string& s) {
  static const std::regex bdf("[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]");
  return std::regex_match(s, bdf);
}

std::optional<std::string> attribute(const std::string& dir, const char* name) {
  auto v = read_attribute(join_path(dir, name));
  if (!v || v->empty()) return std::nullopt;
  return *v;
}

std::optional<std::uint32_t> width(const std::string& dir, const char* name) {
  auto v = attribute(dir, name);
  if (!v) return std::nullopt;
  char* end = nullptr;
  const unsigned long n = std::strtoul(v->c_str(), &end, 10);
  if (end == v->c_str() || *end != '\0' || n == 0 || n > 64) return std::nullopt;
  return static_cast<std::uint32_t>(n);
}

// The device's root complex and PCIe path from the canonical path of its sysfs directory
// ".../devices/pci0000:15/0000:15:01.0/0000:16:00.0/.../0000:19:00.0"; false if it is not PCI.
bool fill_path(const std::string& real_root, const std::string& device_dir, model::TopoDevice& d) {
  auto real = canonical_path(device_dir);
  if (!real || real->rfind(real_root, 0) != 0) return false;
  const std::string& p = *real;
  const auto at = p.find("/devices/pci", real_root.size() - 1);
  if (at == std::string::npos) return false;
  std::string dir = p.substr(0, at) + "/devices";
  std::size_t pos = at + 9;
  bool first = true;
  while (pos < p.size()) {
    const auto slash = p.find('/', pos);
    const std::string part = p.substr(pos, slash == std::string::npos ? std::string::npos : slash - pos);
    pos = slash == std::string::npos ? p.size() : slash + 1;
    dir += "/" + part;
    if (first) {
      d.root = part;
      first = false;
      continue;
    }
    if (!is_bdf(part)) break;
    model::PcieHop hop;
    hop.address = part;
    hop.current_speed = attribute(dir, "current_link_speed");
    hop.max_speed = attribute(dir, "max_link_speed");
    hop.current_width = width(dir, "current_link_width");
    hop.max_width = width(dir, "max_link_width");
    d.path.push_back(std::move(hop));
  }
  if (d.path.empty()) return false;
  d.pci_address = d.path.back().address;
  return true;
}

void fill_numa(const std::string& device_dir, model::TopoDevice& d) {
  auto v = attribute(device_dir, "numa_node");
  if (!v) return;
  char* end = nullptr;
  const long n = std::strtol(v->c_str(), &end, 10);
  if (end != v->c_str() && *end == '\0' && n >= 0 && n < 4096) d.numa_node = static_cast<int>(n);
}

}  // namespace

SysfsTopology read_topology(const std::string& sysfs_root) {
  SysfsTopology out;
  out.topology.from = {"sysfs", sysfs_root};
  out.topology.has_links = true;
  auto real_root = canonical_path(sysfs_root);
  if (!real_root) {
    out.warnings.push_back(real_root.error().message);
    return out;
  }

  const std::string pci = join_path(sysfs_root, "bus/pci/devices");
  auto functions = list_directory(pci);
  if (!functions) out.warnings.push_back(functions.error().message + ": no GPU can be found");
  for (const auto& bdf : functions ? *functions : std::vector<std::string>{}) {
    const std::string dir = join_path(pci, bdf);
    const auto vendor = attribute(dir, "vendor"), pci_class = attribute(dir, "class");
    if (!vendor || !pci_class || !model::is_gpu(*vendor, *pci_class)) continue;
    model::TopoDevice gpu;
    gpu.vendor = *vendor;
    if (!fill_path(*real_root, dir, gpu)) {
      out.warnings.push_back(dir + ": not below a PCI root complex; its path is unknown");
      gpu.pci_address = bdf;
    }
    fill_numa(dir, gpu);
    out.topology.gpus.push_back(std::move(gpu));
  }
  std::sort(out.topology.gpus.begin(), out.topology.gpus.end(),
            [](const auto& a, const auto& b) { return a.pci_address < b.pci_address; });
  for (std::size_t i = 0; i < out.topology.gpus.size(); ++i) out.topology.gpus[i].name = "GPU" + std::to_string(i);

  const std::string ib = join_path(sysfs_root, "class/infiniband");
  auto devices = list_directory(ib);
  for (const auto& name : devices ? *devices : std::vector<std::string>{}) {
    const std::string dir = join_path(join_path(ib, name), "device");
    model::TopoDevice nic;
    nic.name = name;
    if (!fill_path(*real_root, dir, nic)) continue;  // rxe, siw: no PCI function of their own
    nic.vendor = attribute(dir, "vendor").value_or("");
    fill_numa(dir, nic);
    out.topology.nics.push_back(std::move(nic));
  }
  model::classify_pairs(out.topology);
  return out;
}

std::optional<model::Topology> observed_topology(const std::string& sysfs_root, model::Host& host) {
  auto read = read_topology(sysfs_root);
  if (read.topology.gpus.empty()) return std::nullopt;  // no GPU: nothing TOPO-* would judge
  for (auto& w : read.warnings) host.notes.push_back({"topology", model::Availability::error, std::move(w)});
  return std::move(read.topology);
}

}  // namespace roce::sources::sysfs
