#pragma once
// Live reader of every devlink device's shared buffer (`devlink sb`): pools, port pool thresholds
// and TC bindings, dumped over the "devlink" generic-netlink family, ports named by their netdev.
#include "model/shared_buffer.hpp"

namespace roce::sources::devlink {

/// The shared buffers of the devices of the current network namespace. missing(unsupported) when
/// the kernel has no devlink family or no device has a shared buffer (mlx5 NICs, veth: the dumps
/// come back empty or EOPNOTSUPP), missing(denied) on EPERM, missing(error) with the cause
/// otherwise.
model::SharedBuffers read_shared_buffers();

}  // namespace roce::sources::devlink
