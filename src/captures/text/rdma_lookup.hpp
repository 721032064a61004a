#pragma once
// Tools that print several RDMA devices and ports (show_gids, rdma statistic) fill one list.
#include <cstdint>
#include <string_view>
#include <vector>

#include "model/host.hpp"

namespace roce::captures::text {

// The port `number` of device `dev` in `devices`, added (with the device) if not there yet.
inline model::RdmaPort& find_or_add_port(std::vector<model::RdmaDevice>& devices, std::string_view dev,
                                         std::uint32_t number) {
  model::RdmaDevice* device = nullptr;
  for (auto& d : devices)
    if (d.name == dev) device = &d;
  if (!device) {
    device = &devices.emplace_back();
    device->name = std::string(dev);
  }
  for (auto& p : device->ports)
    if (p.number == number) return p;
  auto& port = device->ports.emplace_back();
  port.number = number;
  return port;
}

}  // namespace roce::captures::text
