#include "sources/sysfs/netdev_sysfs.hpp"

#include "sources/sysfs/sysfs_decode.hpp"
#include "sources/sysfs/sysfs_fields.hpp"
#include "sources/sysfs/sysfs_file.hpp"

namespace roce::sources::sysfs {
namespace {

using model::Availability;
using model::Field;

template <class T, class U>
Field<T> missing_like(const Field<U>& other) {
  return Field<T>::missing(other.availability, other.cause, other.from);
}

// `speed` fails with EINVAL while the interface is down or when the driver has no link settings
// (lo, ifb): the speed is not known, which is not an error of ours.
Field<model::LinkSettings> read_speed(const std::string& path) {
  return read_field<model::LinkSettings>(
      path,
      [](const std::string& text) -> Expected<model::LinkSettings> {
        auto speed = decode_netdev_speed(text);
        if (!speed) return fail(speed.error());
        model::LinkSettings link;
        link.speed_mbps = *speed;  // nullopt for SPEED_UNKNOWN (-1): up, but no carrier
        return link;
      },
      "no speed while the interface is down or without link settings");
}

Field<std::string> read_mac(const std::string& path) {
  auto field = read_field<std::string>(path, [](const std::string& text) -> Expected<std::string> { return text; });
  if (field.ok() && field->empty())
    return Field<std::string>::missing(Availability::absent, path + ": the interface has no link-layer address",
                                       field.from);
  return field;
}

Field<model::PcieLink> read_pcie(const std::string& pci_dir) {
  model::PcieLink link;
  auto current_speed = read_text_field(join_path(pci_dir, "current_link_speed"));
  if (!current_speed.ok()) {
    auto field = missing_like<model::PcieLink>(current_speed);
    if (field.availability == Availability::absent) field.cause += " (not a PCI Express device)";
    return field;
  }
  auto max_speed = read_text_field(join_path(pci_dir, "max_link_speed"));
  if (!max_speed.ok()) return missing_like<model::PcieLink>(max_speed);
  auto current_width = read_field<std::uint32_t>(join_path(pci_dir, "current_link_width"), decode_u32);
  if (!current_width.ok()) return missing_like<model::PcieLink>(current_width);
  auto max_width = read_field<std::uint32_t>(join_path(pci_dir, "max_link_width"), decode_u32);
  if (!max_width.ok()) return missing_like<model::PcieLink>(max_width);
  link.current_speed = *current_speed;
  link.max_speed = *max_speed;
  link.current_width = *current_width;
  link.max_width = *max_width;
  return Field<model::PcieLink>::of(link, sysfs_provenance(pci_dir));
}

Field<std::string> read_trust(const std::string& path) {
  auto field = read_field<std::string>(path, decode_trust);
  if (field.availability == Availability::absent) field.cause += " (the MLNX_OFED qos sysfs is not present)";
  return field;
}

Field<model::NicEcn> read_ecn(const std::string& netdev_dir) {
  const std::string ecn_dir = join_path(netdev_dir, "ecn");
  auto listing = list_directory(ecn_dir);
  if (!listing) {
    auto field = missing_read<model::NicEcn>(listing.error(), ecn_dir);
    if (field.availability == Availability::absent)
      field.cause += " (the vendor ecn sysfs of MLNX_OFED is not present; upstream kernels do not have it)";
    return field;
  }
  model::NicEcn ecn;
  for (int prio = 0; prio < model::kPriorities; ++prio) {
    const std::string p = std::to_string(prio);
    ecn.np[prio] = read_field<bool>(join_path(ecn_dir, "roce_np/enable/" + p), decode_enable_flag);
    ecn.rp[prio] = read_field<bool>(join_path(ecn_dir, "roce_rp/enable/" + p), decode_enable_flag);
  }
  return Field<model::NicEcn>::of(ecn, sysfs_provenance(ecn_dir));
}

void fill_from_device(const std::string& netdev_dir, model::NetDev& nd) {
  const std::string device_link = join_path(netdev_dir, "device");
  auto pci = pci_function_of(device_link);
  if (pci.ok()) {
    nd.pci_address = Field<std::string>::of(pci->address, pci.from);
    nd.pcie = read_pcie(pci->dir);
  } else {
    nd.pci_address = missing_like<std::string>(pci);
    nd.pcie = missing_like<model::PcieLink>(pci);
  }
  const std::string driver_link = join_path(device_link, "driver");
  auto driver = link_target_name(driver_link);
  if (!driver) {
    nd.driver = missing_read<model::DriverInfo>(driver.error(), driver_link);
    return;
  }
  model::DriverInfo info;
  info.driver = *driver;
  if (pci.ok()) info.bus_info = pci->address;
  nd.driver = Field<model::DriverInfo>::of(info, sysfs_provenance(driver_link));
}

}  // namespace

Expected<std::vector<std::string>> scan_netdevs(const std::string& root) {
  return list_directory(join_path(root, "class/net"));
}

std::vector<std::string> list_netdevs(const std::string& root) {
  auto names = scan_netdevs(root);
  return names ? *names : std::vector<std::string>{};
}

void read_netdev_sysfs(const std::string& root, model::NetDev& nd) {
  const std::string dir = join_path(join_path(root, "class/net"), nd.name);
  if (nd.name.empty() || nd.name == "." || nd.name == ".." || nd.name.find('/') != std::string::npos) {
    auto bad = Field<std::string>::missing(Availability::error, "invalid netdev name " + quote_for_message(nd.name),
                                           sysfs_provenance(dir));
    nd.operstate = nd.mac = nd.pci_address = nd.trust = bad;
    nd.mtu = missing_like<std::uint32_t>(bad);
    nd.carrier_changes = missing_like<std::uint64_t>(bad);
    nd.link = missing_like<model::LinkSettings>(bad);
    nd.driver = missing_like<model::DriverInfo>(bad);
    nd.pcie = missing_like<model::PcieLink>(bad);
    nd.ecn = missing_like<model::NicEcn>(bad);
    return;
  }
  nd.mtu = read_field<std::uint32_t>(join_path(dir, "mtu"), decode_u32);
  nd.operstate = read_text_field(join_path(dir, "operstate"));
  nd.mac = read_mac(join_path(dir, "address"));
  nd.carrier_changes = read_field<std::uint64_t>(join_path(dir, "carrier_changes"), decode_unsigned);
  nd.link = read_speed(join_path(dir, "speed"));
  fill_from_device(dir, nd);
  nd.trust = read_trust(join_path(dir, "qos/trust"));
  nd.ecn = read_ecn(dir);
}

}  // namespace roce::sources::sysfs
