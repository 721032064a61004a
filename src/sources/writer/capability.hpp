#pragma once
// Is this process allowed to write? rtnetlink and dcbnl writes check CAP_NET_ADMIN in the effective
// set (netlink_capable), so that is what is asked of the kernel (capget), not the uid.
#include <cstdint>

#include "util/expected.hpp"

namespace roce::sources::writer {

struct CapabilitySet {
  std::uint64_t effective = 0;  // bit n: capability n (linux/capability.h)
  std::uint64_t permitted = 0;
};

// This thread's capabilities (capget, _LINUX_CAPABILITY_VERSION_3).
Expected<CapabilitySet> current_capabilities();

// done(), or a refusal naming CAP_NET_ADMIN with a hint (run as root or grant the capability).
Outcome require_net_admin(const CapabilitySet& caps);

}  // namespace roce::sources::writer
