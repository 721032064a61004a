#include <fmt/format.h>

#include "report/field_text.hpp"
#include "report/gid_index.hpp"
#include "report/show_parts.hpp"
#include "report/show_text.hpp"

namespace roce::report {
namespace {

using detail::kIndent;

std::string join(const std::vector<std::string>& xs, const char* sep = " ") {
  std::string out;
  for (const auto& x : xs) out += (out.empty() ? "" : sep) + x;
  return out;
}

std::string state_text(const model::Field<model::PortState>& f, const Style& style) {
  if (!f.ok()) return model::describe_missing(f);
  const bool good = f->name == "ACTIVE" || f->name == "LinkUp";
  return good ? style.good(f->name) : style.bad(f->name);
}

std::string mtu_text(const model::Field<std::uint32_t>& f) { return field_text(f); }

// sysfs's "100 Gb/sec (4X EDR)", else the Gb/s alone that ibstat gives.
std::string rate_text(const model::RdmaPort& port) {
  if (port.rate.ok() || !port.rate_gbps.ok()) return field_text(port.rate);
  return fmt::format("{} Gb/sec", *port.rate_gbps);
}

bool is_infiniband(const model::RdmaPort& port) { return port.link_layer.ok() && *port.link_layer == "InfiniBand"; }

std::string render_port(const model::RdmaPort& port, const model::Host& host, const Style& style) {
  std::string out = fmt::format("  port {}: state {} phys-state {} rate {} link-layer {} netdev {}\n", port.number,
                                state_text(port.state, style), state_text(port.phys_state, style),
                                rate_text(port), field_text(port.link_layer), field_text(port.netdev));
  out += fmt::format("{}active-mtu {} max-mtu {}\n", kIndent, mtu_text(port.active_mtu), mtu_text(port.max_mtu));
  if (!port.gids.ok()) {
    out += fmt::format("{}gids {}\n", kIndent, model::describe_missing(port.gids));
  } else {
    for (const auto& g : *port.gids)
      out += fmt::format("{}gid {} {} {} {}\n", kIndent, g.index, short_gid(g.gid), field_text(g.type),
                         field_text(g.netdev));
    // RoCE lines only where RoCE runs: an InfiniBand port has no RoCE v2 GID to look for.
    const auto v2 = is_infiniband(port) ? std::vector<RoceV2Gid>{} : roce_v2_ipv4_gids(*port.gids);
    if (v2.empty() && !is_infiniband(port)) out += fmt::format("{}roce-v2 no IPv4 RoCE v2 GID (no IPv4 address on {}?)\n", kIndent, field_text(port.netdev));
    for (const auto& g : v2)
      out += fmt::format("{}roce-v2 {} gid-index {} {}\n", kIndent, g.ipv4, g.index,
                         style.bold(fmt::format("NCCL_IB_GID_INDEX={}", g.index)));
  }
  const model::NetDev* nd = port.netdev.ok() ? host.netdev(*port.netdev) : nullptr;
  for (const auto& line : detail::rdma_counter_lines(nd, port, !is_infiniband(port))) out += kIndent + line + "\n";
  return out;
}

}  // namespace

std::string render_rdma_device(const model::RdmaDevice& dev, const model::Host& host, const Style& style) {
  std::string out = fmt::format("{} {}: node-type {} hca-type {} fw {} board-id {} pci {} netdevs {}\n",
                                style.bold("rdma"), style.bold(dev.name), field_text(dev.node_type),
                                field_text(dev.hca_type), field_text(dev.fw_ver), field_text(dev.board_id),
                                field_text(dev.pci_address),
                                field_text(dev.netdevs, [](const auto& v) { return v.empty() ? "none" : join(v); }));
  if (dev.ports.empty()) out += "  no ports\n";
  for (const auto& port : dev.ports) out += render_port(port, host, style);
  return out;
}

}  // namespace roce::report
