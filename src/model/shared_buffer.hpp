#pragma once
// A devlink device's shared buffer (`devlink sb`; mlxsw Spectrum switches): its pools, each port's
// quota in each pool, and which pool each traffic class of a port is bound to. Sizes are bytes;
// a threshold is bytes for a pool whose threshold type is static and, for a dynamic pool, the
// alpha index the driver takes (alpha = 2^(threshold - 10) on mlxsw). Every row keeps where it came
// from.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/field.hpp"

namespace roce::model {

struct SbPool {
  std::uint32_t sb = 0;
  std::uint16_t pool = 0;
  std::string type;                        // "ingress", "egress"
  std::uint32_t size = 0;                  // bytes
  std::string threshold_type;              // "static", "dynamic"
  std::optional<std::uint32_t> cell_size;  // bytes; kernels since 4.18
  Provenance from;
  bool operator==(const SbPool&) const = default;
};

/// A port's threshold in one pool (`devlink sb port pool`).
struct SbPortPool {
  std::string port;  // the port's netdev ("swp1"), else its handle ("pci/0000:03:00.0/61")
  std::uint32_t sb = 0;
  std::uint16_t pool = 0;
  std::uint32_t threshold = 0;
  Provenance from;
  bool operator==(const SbPortPool&) const = default;
};

/// The pool a port's traffic class is bound to, per direction (`devlink sb tc bind`).
struct SbTcBind {
  std::string port;
  std::uint32_t sb = 0;
  std::uint16_t tc = 0;
  std::string type;  // "ingress" (the TC is a priority group), "egress"
  std::uint16_t pool = 0;
  std::uint32_t threshold = 0;
  Provenance from;
  bool operator==(const SbTcBind&) const = default;
};

/// One devlink device's shared buffer configuration.
struct DevlinkSb {
  std::string device;  // devlink handle: "pci/0000:03:00.0"
  std::vector<SbPool> pools;
  std::vector<SbPortPool> port_pools;
  std::vector<SbTcBind> tc_binds;
  bool operator==(const DevlinkSb&) const = default;
};

/// Every devlink device with a shared buffer; missing(unsupported) where the kernel has no devlink
/// family or the devices implement no shared buffer ops.
using SharedBuffers = Field<std::vector<DevlinkSb>>;

}  // namespace roce::model
