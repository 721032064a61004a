// Lookups in a host's devlink shared buffers and the buffers of a port's lossless priorities.
#include "model/shared_buffer_lookup.hpp"

#include <algorithm>
#include <string>

namespace roce::model {

const DevlinkSb* sb_device_of_port(const std::vector<DevlinkSb>& devices, std::string_view port) {
  for (const auto& d : devices) {
    if (std::any_of(d.tc_binds.begin(), d.tc_binds.end(), [&](const SbTcBind& b) { return b.port == port; }) ||
        std::any_of(d.port_pools.begin(), d.port_pools.end(), [&](const SbPortPool& p) { return p.port == port; }))
      return &d;
  }
  return nullptr;
}

const SbPool* find_sb_pool(const DevlinkSb& device, std::uint32_t sb, std::uint16_t pool) {
  for (const auto& p : device.pools)
    if (p.sb == sb && p.pool == pool) return &p;
  return nullptr;
}

const SbTcBind* find_tc_bind(const DevlinkSb& device, std::string_view port, std::string_view type, std::uint16_t tc) {
  for (const auto& b : device.tc_binds)
    if (b.port == port && b.type == type && b.tc == tc) return &b;
  return nullptr;
}

const SbPortPool* find_port_pool(const DevlinkSb& device, std::string_view port, std::uint32_t sb, std::uint16_t pool) {
  for (const auto& p : device.port_pools)
    if (p.port == port && p.sb == sb && p.pool == pool) return &p;
  return nullptr;
}

std::vector<LosslessTcs> lossless_tcs(const NetDev& nd) {
  std::vector<LosslessTcs> out;
  if (!nd.dcb.pfc.ok()) return out;
  for (int p = 0; p < kPriorities; ++p) {
    if (!nd.dcb.pfc->enabled(p)) continue;
    LosslessTcs t{p, std::nullopt, std::nullopt};
    if (nd.dcb.buffer.ok()) t.ingress_pg = nd.dcb.buffer->prio2buffer[static_cast<std::size_t>(p)];
    if (nd.dcb.ets.ok()) t.egress_tc = nd.dcb.ets->prio_tc[static_cast<std::size_t>(p)];
    out.push_back(t);
  }
  return out;
}

std::string threshold_text(const SbPool* pool, std::uint32_t threshold) {
  if (!pool) return std::to_string(threshold);
  if (pool->threshold_type != "dynamic") return std::to_string(threshold) + " bytes";
  const int exponent = static_cast<int>(threshold) - 10;
  if (exponent >= 0) return "alpha " + std::to_string(1u << std::min(exponent, 30));
  return "alpha 1/" + std::to_string(1u << std::min(-exponent, 30));
}

}  // namespace roce::model
