#include <fmt/format.h>

#include "model/gid_index.hpp"
#include "report/field_text.hpp"
#include "report/show_parts.hpp"
#include "report/show_text.hpp"
#include "util/text.hpp"

namespace roce::report {
namespace {

using detail::kIndent;

std::string state_text(const model::Field<model::PortState>& f, const Style& style) {
  if (!f.ok()) return missing_text(f, style);
  const bool good = f->name == "ACTIVE" || f->name == "LinkUp";
  return good ? style.good(f->name) : style.bad(f->name);
}

std::string mtu_text(const model::Field<std::uint32_t>& f, const Style& style) { return field_text(f, style); }

// sysfs's "100 Gb/sec (4X EDR)", else the Gb/s alone that ibstat gives.
std::string rate_text(const model::RdmaPort& port, const Style& style) {
  if (port.rate.ok() || !port.rate_gbps.ok()) return field_text(port.rate, style);
  return fmt::format("{} Gb/sec", *port.rate_gbps);
}

bool is_infiniband(const model::RdmaPort& port) { return port.link_layer.ok() && *port.link_layer == "InfiniBand"; }

std::string render_port(const model::RdmaPort& port, const model::Host& host, const Style& style) {
  detail::MissingByReason missing;
  std::string out =
      detail::take_missing(
          fmt::format("  port {}: state {} phys-state {} rate {} link-layer {} netdev {}", port.number,
                      state_text(port.state, style), state_text(port.phys_state, style), rate_text(port, style),
                      field_text(port.link_layer, style), field_text(port.netdev, style)),
          missing, style) +
      "\n";
  std::vector<std::string> lines;
  if (!port.active_mtu.ok() && !port.max_mtu.ok() && port.active_mtu.cause == port.max_mtu.cause &&
      port.active_mtu.availability == port.max_mtu.availability)
    lines.push_back("mtu " + missing_text(port.active_mtu, style));  // one reason for both
  else
    lines.push_back(
        fmt::format("active-mtu {} max-mtu {}", mtu_text(port.active_mtu, style), mtu_text(port.max_mtu, style)));
  if (!port.gids.ok()) {
    lines.push_back("gids " + missing_text(port.gids, style));
  } else {
    for (const auto& g : *port.gids)
      lines.push_back(fmt::format("gid {} {} {} {}", g.index, model::short_gid(g.gid), field_text(g.type, style),
                                  field_text(g.netdev, style)));
    // RoCE lines only where RoCE runs: an InfiniBand port has no RoCE v2 GID to look for.
    const auto v2 = is_infiniband(port) ? std::vector<model::RoceV2Gid>{} : model::roce_v2_ipv4_gids(*port.gids);
    if (v2.empty() && !is_infiniband(port))
      lines.push_back(
          fmt::format("roce-v2 no IPv4 RoCE v2 GID (no IPv4 address on {}?)", field_text(port.netdev, style)));
    for (const auto& g : v2)
      lines.push_back(fmt::format("roce-v2 {} gid-index {} {}", g.ipv4, g.index,
                                  style.bold(fmt::format("NCCL_IB_GID_INDEX={}", g.index))));
  }
  const model::NetDev* nd = port.netdev.ok() ? host.netdev(*port.netdev) : nullptr;
  for (auto& line : detail::rdma_counter_lines(nd, port, !is_infiniband(port), style)) lines.push_back(std::move(line));
  for (const auto& line : detail::known_first(std::move(lines), style, std::move(missing)))
    out += kIndent + line + "\n";
  for (const auto& line : detail::evidence_lines(port, style)) out += kIndent + line + "\n";
  return out;
}

}  // namespace

std::string render_rdma_device(const model::RdmaDevice& dev, const model::Host& host, const Style& style) {
  detail::MissingByReason missing;
  std::string out =
      detail::take_missing(
          fmt::format(
              "{} {}: node-type {} hca-type {} fw {} board-id {} pci {} netdevs {}", style.bold("rdma"),
              style.bold(dev.name), field_text(dev.node_type, style), field_text(dev.hca_type, style),
              field_text(dev.fw_ver, style), field_text(dev.board_id, style), field_text(dev.pci_address, style),
              field_text(dev.netdevs, style, [](const auto& v) { return v.empty() ? "none" : util::join(v, " "); })),
          missing, style) +
      "\n";
  for (const auto& line : detail::known_first({}, style, std::move(missing))) out += "  " + line + "\n";
  for (const auto& line : detail::evidence_lines(dev, style)) out += "  " + line + "\n";
  if (dev.ports.empty()) out += "  no ports\n";
  for (const auto& port : dev.ports) out += render_port(port, host, style);
  return out;
}

}  // namespace roce::report
