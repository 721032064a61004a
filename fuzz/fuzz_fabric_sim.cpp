// libFuzzer target: the simulated fabric's file (TOML -> FabricSimSpec), its writer on what it
// accepts, and a few tests measured and written as perftest output on a small fabric.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "sim/fabric_evidence.hpp"
#include "sim/fabric_file.hpp"
#include "sim/perftest_replay.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto spec = roce::sim::parse_fabric_sim(text, "fuzz.toml");
  if (!spec) return 0;
  auto again = roce::sim::parse_fabric_sim(roce::sim::render_fabric_sim(*spec), "fuzz.toml");
  if (!again || !(*again == *spec)) __builtin_trap();
  const auto sim = roce::sim::simulator_of(*spec);
  const auto ports = static_cast<std::uint32_t>(sim.rails().size());
  if (ports == 0 || ports > 4096) return 0;
  for (std::uint32_t id = 1; id <= 16; ++id) {
    const roce::fabric::Test test{id, id % ports, (id * 7) % ports, id};
    if (roce::sim::replay_client_text(sim, test).empty()) __builtin_trap();
  }
  (void)roce::sim::evidence(sim, {true, true});
  return 0;
}
