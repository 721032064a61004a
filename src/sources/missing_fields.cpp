#include "sources/missing_fields.hpp"

#include <cstring>

#include "model/for_each_field.hpp"

namespace roce::sources {
namespace {

// The netdev fields sysfs gives (the rest need rtnetlink, ethtool, dcbnl or tc), by schema name.
bool from_sysfs(const char* name) {
  for (const char* sysfs : {"mtu", "operstate", "mac", "carrier_changes", "pci_address", "pcie", "trust", "ecn"})
    if (std::strcmp(name, sysfs) == 0) return true;
  return false;
}

auto marker(model::Availability a, const std::string& cause) {
  return [a, &cause](const char*, auto& f) {
    if (!f.ok()) f = std::remove_reference_t<decltype(f)>::missing(a, cause, f.from);
  };
}

}  // namespace

void mark_netdev_worker_fields(model::NetDev& nd, model::Availability a, const std::string& cause) {
  model::for_each_field(nd, marker(a, cause));
}

void mark_kernel_interface_fields(model::NetDev& nd, model::Availability a, const std::string& cause) {
  auto mark = marker(a, cause);
  model::for_each_field(nd, [&](const char* name, auto& f) {
    if (!from_sysfs(name)) mark(name, f);
  });
}

void mark_rdma_device_fields(model::RdmaDevice& dev, model::Availability a, const std::string& cause) {
  model::for_each_field(dev, marker(a, cause));
}

}  // namespace roce::sources
