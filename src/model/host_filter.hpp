#pragma once
// A host narrowed to one device (--dev): the named netdev or RDMA device and what pairs with it.
#include <string>

#include "model/host.hpp"

namespace roce::model {

/// The named netdev or RDMA device and what pairs with it (an RDMA device's netdevs, a netdev's
/// RDMA devices). Notes are kept.
Host filter_host(const Host& host, const std::string& device);
/// No netdev and no RDMA device.
bool host_is_empty(const Host& host);

}  // namespace roce::model
