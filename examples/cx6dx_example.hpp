#pragma once
// ConnectX-6 Dx hosts (mlx5_core, 100GbE, RoCE meant for priority 3) whose content follows
// research/formats.md: mlx5 ethtool names in the driver's group order with PFC counters only for
// priority 3, trust DSCP with the full 64-entry DSCP table, PFC on 3 and a lossless buffer for
// priority 3. Each example varies one thing (examples/README.md describes them all). Sample 1 is
// taken 60 s after sample 0 under RoCE load.
#include <string_view>

#include "model/host.hpp"

namespace roce::examples {

enum class Cx6dx {
  ecn_off,         // ECN (NP and RP) disabled on priority 3: pauses rise, no ECN marks, no CNPs
  healthy,         // everything as the default profile wants: ECN marks and CNPs, few pauses
  trust_pcp,       // trust PCP: RoCE (DSCP 26, PCP 0) lands on priority 0 without PFC and drops there
  headroom_small,  // the priority-3 buffer is smaller than the headroom: drops on 3 despite PFC
};

struct Example {
  std::string_view file;  // in examples/
  Cx6dx kind;
};
inline constexpr Example kExamples[] = {
    {"cx6dx-ecn-off.json", Cx6dx::ecn_off},
    {"cx6dx-healthy.json", Cx6dx::healthy},
    {"cx6dx-trust-pcp.json", Cx6dx::trust_pcp},
    {"cx6dx-headroom-small.json", Cx6dx::headroom_small},
};

model::Host cx6dx_sample(Cx6dx kind, int index);  // index 0 or 1
model::Host cx6dx_ecn_off_sample(int index);      // cx6dx_sample(Cx6dx::ecn_off, index)

}  // namespace roce::examples
