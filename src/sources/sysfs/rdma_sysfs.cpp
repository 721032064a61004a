#include "sources/sysfs/rdma_sysfs.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "sources/sysfs/sysfs_decode.hpp"
#include "sources/sysfs/sysfs_fields.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::sysfs {
namespace {

using model::Availability;
using model::Field;

std::string rdma_class_dir(const std::string& root) { return join_path(root, "class/infiniband"); }

bool is_safe_entry_name(const std::string& name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string::npos;
}

// Names of a directory that are decimal numbers, in numeric order (ports/1, gids/10, ...).
std::vector<std::uint32_t> numeric_entries(const std::vector<std::string>& names) {
  std::vector<std::uint32_t> numbers;
  for (const auto& name : names)
    if (auto n = decode_u32(name)) numbers.push_back(*n);
  std::sort(numbers.begin(), numbers.end());
  return numbers;
}

Field<std::vector<model::Gid>> read_gids(const std::string& port_dir) {
  const std::string gids_dir = join_path(port_dir, "gids");
  auto names = list_directory(gids_dir);
  if (!names) return missing_read<std::vector<model::Gid>>(names.error(), gids_dir);
  std::vector<model::Gid> gids;
  std::string problems;
  for (std::uint32_t index : numeric_entries(*names)) {
    const std::string slot = std::to_string(index);
    auto text = read_attribute(join_path(gids_dir, slot));
    if (!text) {
      problems += (problems.empty() ? "" : "; ") + slot + " (" + std::strerror(text.error().sys_errno) + ")";
      continue;
    }
    auto bytes = decode_gid(*text);
    if (!bytes) {
      problems += (problems.empty() ? "" : "; ") + slot + " (" + bytes.error().message + ")";
      continue;
    }
    // An empty slot reads as all zeros; its gid_attrs fail with EINVAL. Not an error: skip it.
    if (is_zero_gid(*bytes)) continue;
    model::Gid gid;
    gid.index = index;
    gid.gid = *text;
    gid.type = read_text_field(join_path(port_dir, "gid_attrs/types/" + slot));
    // A GID with no netdev (InfiniBand ports) fails gid_attrs/ndevs with EINVAL.
    gid.netdev = read_text_field(join_path(port_dir, "gid_attrs/ndevs/" + slot), "no netdev is bound to this GID");
    gids.push_back(std::move(gid));
  }
  auto field = Field<std::vector<model::Gid>>::of(std::move(gids), sysfs_provenance(gids_dir));
  if (!problems.empty()) field.cause = gids_dir + ": GID slots not read: " + problems;
  return field;
}

void read_rate(const std::string& path, model::RdmaPort& port) {
  auto text = read_attribute(path);
  if (!text) {
    port.rate = missing_read<std::string>(text.error(), path);
    port.rate_gbps = missing_read<double>(text.error(), path);
    return;
  }
  auto rate = decode_rate(*text);
  if (!rate) {
    port.rate = decode_failure<std::string>(rate.error(), path);
    port.rate_gbps = decode_failure<double>(rate.error(), path);
    return;
  }
  port.rate = Field<std::string>::of(*text, sysfs_provenance(path));
  port.rate_gbps = Field<double>::of(rate->gbps, sysfs_provenance(path));
}

model::RdmaPort read_port(const std::string& port_dir, std::uint32_t number) {
  model::RdmaPort port;
  port.number = number;
  port.state = read_field<model::PortState>(join_path(port_dir, "state"), decode_code_and_name);
  port.phys_state = read_field<model::PortState>(join_path(port_dir, "phys_state"), decode_code_and_name);
  read_rate(join_path(port_dir, "rate"), port);
  port.link_layer = read_text_field(join_path(port_dir, "link_layer"));
  port.gids = read_gids(port_dir);
  port.counters = read_counter_dir(join_path(port_dir, "counters"));
  port.hw_counters = read_counter_dir(join_path(port_dir, "hw_counters"));
  return port;
}

// The port's netdev: the one its first GID is bound to; otherwise, on a single-port device with a
// single netdev, that netdev.
Field<std::string> port_netdev(const model::RdmaDevice& dev, const model::RdmaPort& port, const std::string& dev_dir) {
  if (port.gids.ok())
    for (const auto& gid : *port.gids)
      if (gid.netdev.ok()) return gid.netdev;
  if (dev.ports.size() == 1 && dev.netdevs.ok() && dev.netdevs->size() == 1)
    return Field<std::string>::of(dev.netdevs->front(), sysfs_provenance(join_path(dev_dir, "device/net")));
  std::string why = join_path(dev_dir, "ports/" + std::to_string(port.number)) + ": no GID names a netdev";
  if (dev.netdevs.ok()) why += " and the device has " + std::to_string(dev.netdevs->size()) + " netdevs";
  return Field<std::string>::missing(Availability::absent, why, sysfs_provenance(dev_dir));
}

Field<std::vector<std::string>> read_device_netdevs(const std::string& dev_dir) {
  const std::string net_dir = join_path(dev_dir, "device/net");
  auto names = list_directory(net_dir);
  if (!names) return missing_read<std::vector<std::string>>(names.error(), net_dir);
  return Field<std::vector<std::string>>::of(std::move(*names), sysfs_provenance(net_dir));
}

model::RdmaDevice invalid_device(const std::string& name) {
  model::RdmaDevice dev;
  dev.name = name;
  auto bad = Field<std::string>::missing(Availability::error, "invalid RDMA device name " + quote_for_message(name),
                                         {"sysfs", ""});
  dev.node_type = dev.node_guid = dev.fw_ver = dev.board_id = dev.hca_type = dev.pci_address = bad;
  dev.netdevs = Field<std::vector<std::string>>::missing(Availability::error, bad.cause, bad.from);
  dev.port_count = Field<std::uint32_t>::missing(Availability::error, bad.cause, bad.from);
  return dev;
}

}  // namespace

Expected<std::vector<std::string>> scan_rdma_devices(const std::string& root) {
  auto names = list_directory(rdma_class_dir(root));
  if (!names && names.error().sys_errno == ENOENT) return std::vector<std::string>{};
  return names;
}

std::vector<std::string> list_rdma_devices(const std::string& root) {
  auto names = scan_rdma_devices(root);
  return names ? *names : std::vector<std::string>{};
}

model::RdmaDevice read_rdma_device(const std::string& root, const std::string& name) {
  if (!is_safe_entry_name(name)) return invalid_device(name);
  const std::string dev_dir = join_path(rdma_class_dir(root), name);
  model::RdmaDevice dev;
  dev.name = name;
  dev.node_type =
      read_field<std::string>(join_path(dev_dir, "node_type"), [](const std::string& text) -> Expected<std::string> {
        auto decoded = decode_code_and_name(text);
        if (!decoded) return fail(decoded.error());
        return decoded->name;
      });
  dev.node_guid = read_text_field(join_path(dev_dir, "node_guid"));
  dev.fw_ver = read_text_field(join_path(dev_dir, "fw_ver"));
  dev.board_id = read_text_field(join_path(dev_dir, "board_id"));
  dev.hca_type = read_text_field(join_path(dev_dir, "hca_type"));

  auto pci = pci_function_of(join_path(dev_dir, "device"));
  dev.pci_address = pci.ok() ? Field<std::string>::of(pci->address, pci.from)
                             : Field<std::string>::missing(pci.availability, pci.cause, pci.from);
  dev.netdevs = read_device_netdevs(dev_dir);

  const std::string ports_dir = join_path(dev_dir, "ports");
  auto port_names = list_directory(ports_dir);
  if (!port_names) {
    dev.port_count = missing_read<std::uint32_t>(port_names.error(), ports_dir);
    return dev;
  }
  for (std::uint32_t number : numeric_entries(*port_names))
    dev.ports.push_back(read_port(join_path(ports_dir, std::to_string(number)), number));
  dev.port_count = Field<std::uint32_t>::of(static_cast<std::uint32_t>(dev.ports.size()), sysfs_provenance(ports_dir));
  for (auto& port : dev.ports) port.netdev = port_netdev(dev, port, dev_dir);
  return dev;
}

}  // namespace roce::sources::sysfs

namespace roce::sources::sysfs {

bool refresh_rdma_counters(const std::string& root, model::RdmaDevice& dev) {
  if (!is_safe_entry_name(dev.name)) return false;
  const std::string ports_dir = join_path(join_path(rdma_class_dir(root), dev.name), "ports");
  for (auto& port : dev.ports) {
    const std::string port_dir = join_path(ports_dir, std::to_string(port.number));
    const auto state = read_field<model::PortState>(join_path(port_dir, "state"), decode_code_and_name);
    const auto phys = read_field<model::PortState>(join_path(port_dir, "phys_state"), decode_code_and_name);
    if (!state.ok() || !phys.ok() || !port.state.ok() || !port.phys_state.ok() || !(*state == *port.state) ||
        !(*phys == *port.phys_state))
      return false;
    port.counters = read_counter_dir(join_path(port_dir, "counters"));
    port.hw_counters = read_counter_dir(join_path(port_dir, "hw_counters"));
  }
  return true;
}

}  // namespace roce::sources::sysfs
