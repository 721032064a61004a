#pragma once
// What to do about a suspect: the Slurm drain line for the host of a NIC that is blamed (printed
// for a person or a script to run; roce-doctor never drains anything itself).
#include <optional>
#include <string>

#include "fabric/fabric.hpp"
#include "sweep/localize.hpp"

namespace roce::sweep {

/// `scontrol update NodeName=gpu007 State=DRAIN Reason="roce-doctor sweep: gpu007 mlx5_3 NIC
/// port at 48% of line rate"`; nullopt for a spine link (no host to drain: the leaf's link is
/// taken out of service on the switch).
std::optional<std::string> drain_line(const fabric::Fabric& fabric, const Suspect& suspect);

/// "gpu007 mlx5_3 NIC port", or "one of leaf-su1-r3's 8 spine links" for a set.
std::string suspect_name(const fabric::Fabric& fabric, const Suspect& suspect);

}  // namespace roce::sweep
