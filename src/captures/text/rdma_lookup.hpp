#pragma once
// Tools that print several RDMA devices and ports (show_gids, rdma statistic, rdma link, ...) fill one list.
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "captures/text/text_input.hpp"
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

// "mlx5_0/1" (rdma tool) -> {"mlx5_0", 1}.
inline std::optional<std::pair<std::string_view, std::uint32_t>> dev_port(std::string_view s) {
  const std::size_t slash = s.rfind('/');
  if (slash == std::string_view::npos || slash == 0) return std::nullopt;
  const auto port = to_u32(s.substr(slash + 1));
  if (!port) return std::nullopt;
  return std::pair{s.substr(0, slash), *port};
}

}  // namespace roce::captures::text
