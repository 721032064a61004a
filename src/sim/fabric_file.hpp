#pragma once
// The simulated fabric's file (`sweep run --replay FILE.toml`): the fabric's design, its faults,
// the seed and the physics, from which the simulator is built. examples/sim/fabric/README.md
// documents every key. Errors are FILE:LINE:COL, all of them at once.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fabric/build.hpp"
#include "fabric/fabric.hpp"
#include "sim/fabric_sim.hpp"
#include "util/expected.hpp"

namespace roce::sim {

struct FabricSimSpec {
  std::string hosts;      // [fabric] hosts: a Slurm host list ("gpu[001-064]")
  fabric::Design design;  // the rest of [fabric]
  fabric::Fabric fabric;  // built from hosts and design
  std::vector<Fault> faults;
  std::uint64_t seed = 1;
  Physics physics;
  bool operator==(const FabricSimSpec&) const = default;
};

/// Reads the file's text; `file` names it in errors.
Expected<FabricSimSpec> parse_fabric_sim(std::string_view text, const std::string& file);
/// Reads the file at `path`.
Expected<FabricSimSpec> read_fabric_sim(const std::string& path);
/// The file of `spec` (what parse_fabric_sim reads back equal).
std::string render_fabric_sim(const FabricSimSpec& spec);

inline FabricSim simulator_of(const FabricSimSpec& spec) {
  return FabricSim(spec.fabric, spec.faults, spec.seed, spec.physics);
}

/// "nic", "pcie", "cable", "leaf-port", "spine-link" (fabric::to_string) back to a kind.
std::optional<fabric::Kind> kind_named(std::string_view name);

}  // namespace roce::sim
