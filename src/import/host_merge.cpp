#include "import/host_merge.hpp"

#include <algorithm>

namespace roce::import {

namespace {

template <class T>
void merge_fields(T& into, const T& from) {
  model::for_each_field_pair(into, from, [](auto& mine, const auto& theirs) { take(mine, theirs); });
}

}  // namespace

void merge_dcb(model::Dcb& into, const model::Dcb& from) { merge_fields(into, from); }

void merge_netdev(model::NetDev& into, const model::NetDev& from) { merge_fields(into, from); }

void merge_rdma_device(model::RdmaDevice& into, const model::RdmaDevice& from) {
  merge_fields(into, from);  // the ports are lists: matched by number below
  for (const auto& port : from.ports) {
    auto it = std::find_if(into.ports.begin(), into.ports.end(),
                           [&](const model::RdmaPort& p) { return p.number == port.number; });
    if (it == into.ports.end()) {
      model::RdmaPort fresh;
      fresh.number = port.number;
      into.ports.push_back(fresh);
      it = into.ports.end() - 1;
    }
    merge_fields(*it, port);
  }
  std::sort(into.ports.begin(), into.ports.end(),
            [](const model::RdmaPort& a, const model::RdmaPort& b) { return a.number < b.number; });
}

model::NetDev& netdev_named(model::Host& host, const std::string& name) {
  for (auto& nd : host.netdevs)
    if (nd.name == name) return nd;
  host.netdevs.emplace_back().name = name;
  return host.netdevs.back();
}

model::RdmaDevice& rdma_device_named(model::Host& host, const std::string& name) {
  for (auto& dev : host.rdma_devices)
    if (dev.name == name) return dev;
  host.rdma_devices.emplace_back().name = name;
  return host.rdma_devices.back();
}

void mark_unread(model::Host& host, const std::string& cause, const model::Provenance& from) {
  auto mark = [&](const char*, auto& field) {
    if (!field.ok() && field.from.source.empty() && field.cause.empty()) {
      field.availability = model::Availability::absent;
      field.cause = cause;
      field.from = from;
    }
  };
  for (auto& nd : host.netdevs) model::for_each_field_nested(nd, mark);
  for (auto& dev : host.rdma_devices) model::for_each_field_nested(dev, mark);
}

}  // namespace roce::import
