#pragma once
// Merging partial Hosts read from several files of one capture, and marking what no file held.
// Pure: model in, model out. The fields are visited through model/for_each_field.hpp.
#include <string>
#include <string_view>

#include "model/for_each_field.hpp"
#include "model/host.hpp"

namespace roce::import {

// `into` takes `from` when `from` holds a value, or when `into` holds none and `from` says more
// than "not read" (a located error beats silence). Later files therefore win over earlier ones.
template <class T>
void take(model::Field<T>& into, const model::Field<T>& from) {
  if (from.ok() || (!into.ok() && (into.from.source.empty() || from.availability != model::Availability::absent)))
    into = from;
}

void merge_dcb(model::Dcb& into, const model::Dcb& from);
void merge_netdev(model::NetDev& into, const model::NetDev& from);
void merge_rdma_device(model::RdmaDevice& into, const model::RdmaDevice& from);

// The netdev / RDMA device of that name, appended when new.
model::NetDev& netdev_named(model::Host& host, const std::string& name);
model::RdmaDevice& rdma_device_named(model::Host& host, const std::string& name);

// Every field still unread becomes absent with `cause` and provenance `from`.
void mark_unread(model::Host& host, const std::string& cause, const model::Provenance& from);

}  // namespace roce::import
