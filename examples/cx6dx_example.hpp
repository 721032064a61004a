#pragma once
// A ConnectX-6 Dx host (mlx5_core, 100GbE, RoCE on priority 3) whose content follows
// research/formats.md: mlx5 ethtool names in the driver's group order with PFC counters only for
// priority 3, trust DSCP with the full 64-entry DSCP table, PFC on 3, a lossless buffer for
// priority 3, and ECN (NP and RP) disabled on priority 3: the "ECN off" misconfiguration.
// Sample 1 is taken 60 s after sample 0 under RoCE load: pauses rise on priority 3, no ECN marks
// and no CNPs.
#include "model/host.hpp"

namespace roce::examples {

model::Host cx6dx_ecn_off_sample(int index);  // index 0 or 1

}  // namespace roce::examples
