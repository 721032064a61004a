#pragma once
// Assembles one live Host sample from the readers: rtnetlink links and addresses, then per netdev
// sysfs, ethtool and DCB (each device in its own worker with a deadline), one qdisc dump, RDMA
// devices from sysfs, and what verbs adds. With a --sysfs-root other than /sys (a copied tree)
// only sysfs is read.
#include <chrono>
#include <optional>
#include <string>

#include "model/host.hpp"

namespace roce::sources {

struct CollectOptions {
  std::string sysfs_root_flag;  // empty: $ROCE_DOCTOR_SYSFS_ROOT, else /sys
  std::string device;           // empty: all; else a netdev or RDMA device name (and what it pairs with)
  std::chrono::milliseconds per_device_deadline{2000};
};

// Never fails as a whole: what could not be read is a Field's reason or a CollectionNote. With a
// device filter that matches nothing, the Host has no netdevs and no RDMA devices.
model::Host collect_host(const CollectOptions& options);

// `before` (what collect_host gave) with the counters read again: the link dump's operstate, MTU,
// carrier changes and link statistics, each netdev's `ethtool -S` and each RDMA port's state and
// counters/hw_counters. No configuration is read (DCB, trust, buffers, ECN, GIDs, link modes,
// modules, qdiscs, LLDP agents). nullopt when a whole sample is due: the netdevs are not the ones
// read before (added, removed, re-created: another ifindex), an MTU changed, an RDMA port changed
// state, or the reads did not end within the per-device deadline.
std::optional<model::Host> refresh_counters(const model::Host& before, const CollectOptions& options);

// "timed out after 2 s" / "timed out after 500 ms"
std::string timed_out_text(std::chrono::milliseconds deadline);

}  // namespace roce::sources
