// --dev: a host narrowed to one device.
#include "model/host_filter.hpp"

#include <algorithm>
#include <vector>

namespace roce::model {
namespace {

bool pairs_with(const RdmaDevice& dev, const std::string& netdev) {
  if (dev.netdevs.ok() && std::count(dev.netdevs->begin(), dev.netdevs->end(), netdev)) return true;
  return std::any_of(dev.ports.begin(), dev.ports.end(),
                     [&](const RdmaPort& p) { return p.netdev.ok() && *p.netdev == netdev; });
}

}  // namespace

Host filter_host(const Host& host, const std::string& device) {
  Host out = host;
  out.netdevs.clear();
  out.rdma_devices.clear();
  std::vector<std::string> wanted_netdevs{device};
  for (const auto& dev : host.rdma_devices) {
    if (dev.name == device) {
      out.rdma_devices.push_back(dev);
      if (dev.netdevs.ok()) wanted_netdevs.insert(wanted_netdevs.end(), dev.netdevs->begin(), dev.netdevs->end());
      for (const auto& p : dev.ports)
        if (p.netdev.ok()) wanted_netdevs.push_back(*p.netdev);
    } else if (pairs_with(dev, device)) {
      out.rdma_devices.push_back(dev);
    }
  }
  for (const auto& nd : host.netdevs)
    if (std::count(wanted_netdevs.begin(), wanted_netdevs.end(), nd.name)) out.netdevs.push_back(nd);
  return out;
}

bool host_is_empty(const Host& host) { return host.netdevs.empty() && host.rdma_devices.empty(); }

}  // namespace roce::model
