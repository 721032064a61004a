#pragma once
// Lookups in a host's devlink shared buffers (model/shared_buffer.hpp): a port's device, a pool, a
// TC binding, and which ingress priority group and egress traffic class carry a port's lossless
// (PFC-enabled) priorities. `show` and the SB-LOSSLESS check read the same answers.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/host.hpp"
#include "model/shared_buffer.hpp"

namespace roce::model {

/// The device whose port quotas or TC bindings name `port`; nullptr when none does.
const DevlinkSb* sb_device_of_port(const std::vector<DevlinkSb>& devices, std::string_view port);
/// Pool `pool` of shared buffer `sb`; nullptr when the device lists no such pool.
const SbPool* find_sb_pool(const DevlinkSb& device, std::uint32_t sb, std::uint16_t pool);
/// `port`'s binding of traffic class `tc` in direction `type` ("ingress", "egress"); nullptr if none.
const SbTcBind* find_tc_bind(const DevlinkSb& device, std::string_view port, std::string_view type, std::uint16_t tc);
/// `port`'s quota in `pool`; nullptr if the device lists none.
const SbPortPool* find_port_pool(const DevlinkSb& device, std::string_view port, std::uint32_t sb, std::uint16_t pool);

/// A lossless priority of a port and the buffers that carry it: the ingress priority group (dcb
/// buffer prio2buffer) and the egress traffic class (dcb ets prio_tc); nullopt where DCB does not say.
struct LosslessTcs {
  int priority = 0;
  std::optional<std::uint8_t> ingress_pg;
  std::optional<std::uint8_t> egress_tc;
};
/// One entry per PFC-enabled priority of `nd`, in priority order; empty when PFC is off or unknown.
std::vector<LosslessTcs> lossless_tcs(const NetDev& nd);

/// What a threshold means in its pool: "alpha 1/2" (dynamic: 2^(threshold-10)) or "N bytes" (static).
std::string threshold_text(const SbPool* pool, std::uint32_t threshold);

}  // namespace roce::model
