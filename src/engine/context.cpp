#include "engine/context.hpp"

#include <algorithm>

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

std::string PortView::driver() const {
  return netdev->driver.ok() ? netdev->driver->driver : std::string();
}

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

// The netdev of an RDMA port: the port's own link, else the device's netdev list (port N -> N-1).
std::string netdev_of(const model::RdmaDevice& d, const model::RdmaPort& p) {
  if (p.netdev.ok()) return *p.netdev;
  if (d.netdevs.ok() && p.number >= 1 && p.number <= d.netdevs->size()) return (*d.netdevs)[p.number - 1];
  return {};
}

// Without RDMA devices, a netdev is judged as a possible RoCE port only if it is a physical NIC
// (it has a parent device: lo, veth, ifb and bridges have none and are never RoCE ports) and there
// is something to judge on it.
bool has_port_data(const model::NetDev& n) {
  if (n.pci_address.availability == model::Availability::absent && n.pci_address.from.source == "sysfs")
    return false;  // sysfs read the netdev and found no `device` link: a virtual netdev
  return n.dcb.pfc.ok() || n.ethtool_stats.ok() || n.dcb.app.ok() || n.trust.ok();
}

}  // namespace

Context::Context(const model::Host& now_host, const model::Host* before_host, double dt,
                 const profile::Profile& p)
    : now(now_host), before(before_host), dt_seconds(dt), profile(p) {
  auto add = [&](const model::NetDev& nd, const model::RdmaDevice* dev, const model::RdmaPort* port) {
    PortView v;
    v.netdev = &nd;
    v.device = dev;
    v.port = port;
    v.now = counters::canonicalize(&nd, port);
    if (before) {
      v.netdev_before = before->netdev(nd.name);
      const model::RdmaPort* port_before = dev && port ? find_port(*before, dev->name, port->number) : nullptr;
      if (v.netdev_before || port_before) v.before = counters::canonicalize(v.netdev_before, port_before);
    }
    ports_.push_back(std::move(v));
  };
  for (const auto& d : now.rdma_devices) {
    for (const auto& port : d.ports) {
      if (port.link_layer.ok() && *port.link_layer != "Ethernet") continue;
      const model::NetDev* nd = now.netdev(netdev_of(d, port));
      if (nd) add(*nd, &d, &port);
    }
  }
  if (now.rdma_devices.empty())
    for (const auto& nd : now.netdevs)
      if (has_port_data(nd)) add(nd, nullptr, nullptr);
}

}  // namespace roce::engine
