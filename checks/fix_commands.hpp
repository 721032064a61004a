#pragma once
// Remediation commands in the tool the host uses: MLNX_OFED's mlnx_qos where the capture shows
// it, iproute2's dcb elsewhere. Pure functions of the model.
#include <array>
#include <string>

#include "engine/context.hpp"
#include "profile/profile.hpp"

namespace roce::checks {

/// True when this port's fixes are given in mlnx_qos: the capture holds mlnx_qos output (the host
/// runs MLNX_OFED) and the port is mlx5's, or its driver is unknown.
bool fixes_in_mlnx_qos(const engine::Context& ctx, const engine::PortView& p);

/// "mlnx_qos -i IF MLNX_QOS_ARGS" when fixes_in_mlnx_qos(), else `dcb_command` unchanged.
std::string qos_fix(const engine::Context& ctx, const engine::PortView& p, const std::string& mlnx_qos_args,
                    const std::string& dcb_command);

/// The profile's PFC enables as mlnx_qos --pfc takes them: "0,0,0,1,0,0,0,0".
std::string mlnx_qos_pfc_list(const profile::Profile& profile);

/// Eight values as mlnx_qos takes them (--prio2buffer, --buffer_size): "0,0,0,1,0,0,0,0".
template <class T>
std::string comma_list(const std::array<T, 8>& values) {
  std::string list;
  for (std::size_t i = 0; i < values.size(); ++i) list += (i ? "," : "") + std::to_string(values[i]);
  return list;
}

}  // namespace roce::checks
