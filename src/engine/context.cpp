#include "engine/context.hpp"

#include <algorithm>
#include <iterator>
#include <string_view>
#include <unordered_map>

#include "model/for_each_field.hpp"
#include "model/port_netdev.hpp"

namespace roce::engine {

Evidence Rate::evidence() const {
  Evidence e;
  e.name = raw_name;
  e.value = std::to_string(now);
  e.delta = delta;
  e.per_second = per_second;
  e.reset = reset;
  e.from = {set, canonical};
  return e;
}

std::optional<NetdevReset> netdev_reset(const model::NetDev& before, const model::NetDev& now) {
  NetdevReset r;
  auto sign = [&](std::string text, Evidence e) {
    r.signs += (r.signs.empty() ? "" : ", ") + text;
    r.evidence.push_back(std::move(e));
  };
  if (before.ifindex.ok() && now.ifindex.ok() && *before.ifindex != *now.ifindex)
    sign("ifindex " + std::to_string(*before.ifindex) + " -> " + std::to_string(*now.ifindex),
         {"ifindex", std::to_string(*now.ifindex), std::nullopt, std::nullopt, false, now.ifindex.from});
  if (before.carrier_changes.ok() && now.carrier_changes.ok() && *now.carrier_changes < *before.carrier_changes)
    sign("carrier_changes " + std::to_string(*before.carrier_changes) + " -> " + std::to_string(*now.carrier_changes),
         {"carrier_changes", std::to_string(*now.carrier_changes), *now.carrier_changes, std::nullopt, true,
          now.carrier_changes.from});
  if (before.ethtool_stats.ok() && now.ethtool_stats.ok()) {
    std::unordered_map<std::string_view, std::uint64_t> earlier;
    for (const auto& [name, v] : before.ethtool_stats->entries) earlier.try_emplace(name, v);
    std::size_t counted = 0, backwards = 0;
    for (const auto& [name, v] : now.ethtool_stats->entries) {
      auto b = earlier.find(name);
      if (b == earlier.end() || b->second == 0) continue;
      ++counted;
      backwards += v < b->second;
      earlier.erase(b);  // a name printed twice counts once
    }
    if (backwards >= NetdevReset::kResetMinCounters && 2 * backwards >= counted) {
      const std::string n = std::to_string(backwards) + " of " + std::to_string(counted);
      sign(n + " ethtool -S counters went backwards",
           {"ethtool -S counters that went backwards", n, std::nullopt, std::nullopt, true, now.ethtool_stats.from});
    }
  }
  if (r.signs.empty()) return std::nullopt;
  return r;
}

double pause_fraction(std::uint64_t delta_us, double dt_seconds) {
  if (dt_seconds <= 0) return 0;
  return std::clamp(static_cast<double>(delta_us) / (dt_seconds * 1e6), 0.0, 1.0);
}

Subject PortView::subject() const {
  Subject s;
  s.netdev = netdev->name;
  if (device) s.rdma_device = device->name;
  if (port) s.port = static_cast<int>(port->number);
  return s;
}

Subject PortView::subject(int priority) const {
  Subject s = subject();
  s.priority = priority;
  return s;
}

Subject PortView::buffer_subject(int buffer) const {
  Subject s = subject();
  s.buffer = buffer;
  return s;
}

std::string PortView::name() const { return netdev->name.empty() ? subject().to_string() : netdev->name; }

std::string PortView::driver() const { return netdev->driver.ok() ? netdev->driver->driver : std::string(); }

const counters::Metric* PortView::metric(std::string_view canonical) const {
  auto it = now.find(canonical);
  return it == now.end() ? nullptr : &it->second;
}

std::optional<Rate> PortView::rate(std::string_view canonical, double dt_seconds) const {
  if (!before || dt_seconds <= 0) return std::nullopt;
  auto n = now.find(canonical);
  auto b = before->find(canonical);
  if (n == now.end() || b == before->end()) return std::nullopt;
  Rate r;
  r.canonical = std::string(canonical);
  r.raw_name = n->second.raw_name;
  r.set = n->second.set;
  r.before = b->second.value;
  r.now = n->second.value;
  const model::CounterDelta moved = model::counter_delta(r.before, r.now);
  r.delta = moved.delta;
  r.reset = moved.reset;
  r.per_second = static_cast<double>(r.delta) / dt_seconds;
  return r;
}

namespace {

const model::RdmaPort* find_port(const model::Host& h, std::string_view device, std::uint32_t number) {
  for (const auto& d : h.rdma_devices)
    if (d.name == device)
      for (const auto& p : d.ports)
        if (p.number == number) return &p;
  return nullptr;
}

// The stand-in for a RoCE port's netdev that the host does not describe: named when a source
// names it, every field absent with the reason, so checks that need the netdev skip and say why.
std::shared_ptr<const model::NetDev> stand_in_netdev(const model::RdmaDevice& d, const model::RdmaPort& p,
                                                     const model::Field<std::string>& name) {
  auto nd = std::make_shared<model::NetDev>();
  std::string cause;
  if (name.ok()) {
    nd->name = *name;
    cause = "the host holds no data about netdev " + *name + " (of " + d.name + "/" + std::to_string(p.number) + ")";
  } else {
    cause = "netdev unknown: nothing in the input pairs " + d.name + "/" + std::to_string(p.number) + " with a netdev";
  }
  model::for_each_field_nested(*nd, [&](const char*, auto& field) {
    field.availability = model::Availability::absent;
    field.cause = cause;
  });
  return nd;
}

// Ethernet drivers of NICs that carry RoCE (an RDMA driver binds to them: mlx5_ib, mlx4_ib, bnxt_re,
// irdma on ice, qedr, hns_roce, ocrdma, ionic_rdma, mana_ib) and of switch ASICs whose lossless
// configuration is judged like a NIC's (mlxsw). Soft-RoCE (rxe) needs no entry: its RDMA device
// claims the netdev it runs over. i40e and cxgb4 carry iWARP only.
bool roce_capable_driver(std::string_view driver) {
  static constexpr std::string_view kDrivers[] = {"mlx5_core", "mlx5e_rep", "mlx4_en", "bnxt_en", "ice",
                                                  "qede",      "hns3",      "be2net",  "ionic",   "mana"};
  if (driver.starts_with("mlxsw_")) return true;
  return std::find(std::begin(kDrivers), std::end(kDrivers), driver) != std::end(kDrivers);
}

// A netdev that no RDMA port claims is judged as a possible RoCE port when the host lists no RDMA
// device, or when an Ethernet RDMA port's netdev is unknown (it may be this one: its data is judged
// rather than dropped), only if it is a physical NIC (it has a parent device: lo, veth, ifb and
// bridges have none and are never RoCE ports) whose driver, when known, is one of a RoCE NIC (a
// VM's virtio_net or an e1000 management port is never judged, nor tuned, against RoCE rules) and
// there is something to judge on it.
bool has_port_data(const model::NetDev& n) {
  if (n.pci_address.availability == model::Availability::absent && n.pci_address.from.source == "sysfs")
    return false;  // sysfs read the netdev and found no `device` link: a virtual netdev
  if (n.driver.ok() && !n.driver->driver.empty() && !roce_capable_driver(n.driver->driver)) return false;
  return n.dcb.pfc.ok() || n.ethtool_stats.ok() || n.dcb.app.ok() || n.trust.ok();
}

}  // namespace

Context::Context(const model::Host& now_host, const model::Host* before_host, double dt, const profile::Profile& p,
                 const model::Observations* observations)
    : now(now_host), before(before_host), dt_seconds(dt), profile(p) {
  static const model::Observations kNone;
  observations_ = observations ? observations : &kNone;
  auto add = [&](const model::NetDev& nd, const model::RdmaDevice* dev, const model::RdmaPort* port) {
    PortView v;
    v.netdev = &nd;
    v.device = dev;
    v.port = port;
    v.now = counters::canonicalize(&nd, port);
    if (before) {
      v.netdev_before = before->netdev(nd.name);
      if (v.netdev_before) v.reset = netdev_reset(*v.netdev_before, nd);
      const model::RdmaPort* port_before = dev && port ? find_port(*before, dev->name, port->number) : nullptr;
      if (v.netdev_before || port_before) v.before = counters::canonicalize(v.netdev_before, port_before);
    }
    ports_.push_back(std::move(v));
  };
  std::vector<std::string> claimed;
  bool unmapped = false;
  for (const auto& d : now.rdma_devices) {
    for (const auto& port : d.ports) {
      if (port.link_layer.ok() && *port.link_layer != "Ethernet") continue;
      const model::Field<std::string> name = model::port_netdev(now, d, port);
      if (const model::NetDev* nd = name.ok() ? now.netdev(*name) : nullptr) {
        add(*nd, &d, &port);
        claimed.push_back(nd->name);
        continue;
      }
      // An Ethernet RDMA port is a RoCE port whatever is known of its netdev; one whose link layer
      // is unknown and whose netdev the host does not describe may be InfiniBand.
      if (!port.link_layer.ok()) continue;
      stand_ins_.push_back(stand_in_netdev(d, port, name));
      add(*stand_ins_.back(), &d, &port);
      ports_.back().stand_in = true;
      if (!name.ok()) unmapped = true;
    }
  }
  if (now.rdma_devices.empty() || unmapped)
    for (const auto& nd : now.netdevs)
      if (std::find(claimed.begin(), claimed.end(), nd.name) == claimed.end() && has_port_data(nd))
        add(nd, nullptr, nullptr);
}

}  // namespace roce::engine
