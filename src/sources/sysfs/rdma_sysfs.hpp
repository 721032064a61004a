#pragma once
// RDMA devices under <root>/class/infiniband (formats: research/formats.md §2).
#include <string>
#include <vector>

#include "model/host.hpp"
#include "util/expected.hpp"

namespace roce::sources::sysfs {

// Sorted names under class/infiniband. No class/infiniband (no RDMA driver loaded) is an empty
// list; any other failure to list it is an error naming the path.
Expected<std::vector<std::string>> scan_rdma_devices(const std::string& root);

// scan_rdma_devices, with a failure read as "no devices" (use scan_rdma_devices to report it).
std::vector<std::string> list_rdma_devices(const std::string& root);

// Everything sysfs says about one device and its ports. Never fails as a whole: each field holds
// its value or why it is missing. node_type holds the name part ("CA" of "1: CA").
model::RdmaDevice read_rdma_device(const std::string& root, const std::string& name);

// The ports' state, physical state and counters/hw_counters read again into `dev` (read before by
// read_rdma_device); false when a port is gone or changed state (its configuration must be read).
bool refresh_rdma_counters(const std::string& root, model::RdmaDevice& dev);

}  // namespace roce::sources::sysfs
