#pragma once
// The model as a Host sample, as `collect` would read it from a real mlx5 host: every field from
// the model file, provenance {"sim", "FILE port NETDEV"}.
#include <string>

#include "model/host.hpp"
#include "sim/sim_model.hpp"

namespace roce::sim {

model::Host build_host(const SimModel& model, const std::string& file);

}  // namespace roce::sim
