#pragma once
// Marks fields a source did not fill: after a worker missed its deadline, or when a copied sysfs
// tree means the kernel interfaces were not read. Fields that already hold a value are kept.
#include <string>

#include "model/host.hpp"

namespace roce::sources {

// The fields the per-netdev worker fills (sysfs, ethtool, DCB).
void mark_netdev_worker_fields(model::NetDev& nd, model::Availability a, const std::string& cause);
// The fields only rtnetlink, ethtool and dcbnl/tc give (not sysfs).
void mark_kernel_interface_fields(model::NetDev& nd, model::Availability a, const std::string& cause);
// Every field of an RDMA device read from sysfs (its ports are unknown).
void mark_rdma_device_fields(model::RdmaDevice& dev, model::Availability a, const std::string& cause);

}  // namespace roce::sources
